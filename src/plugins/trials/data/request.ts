import { type } from 'arktype';
import { ExportRequest, PaginatedRequest } from '../../../core/table-request.js';

/**
 * The request bodies of the trials data calls, Germinate's classes: lists of ids (unknown keys are
 * ignored, absent or null lists mean "no restriction"). Marked-item lists reach tens of thousands of ids.
 */

const id = type('1 <= number.integer <= 2147483647');
const ids = id.array().atMostLength(100_000).or('null');

/** DatasetRequest: the datasets asked for. */
export const DatasetRequest = type({ 'datasetIds?': ids, '+': 'ignore' });
export type DatasetRequest = typeof DatasetRequest.infer;

/** The selection part of SubsettedDatasetRequest: xIds are traits, yIds germplasm, yGroupIds germplasm groups. */
export const Subset = type({
  'datasetIds?': ids,
  'xIds?': ids,
  'xGroupIds?': ids,
  'yIds?': ids,
  'yGroupIds?': ids,
  '+': 'ignore',
});
export type Subset = typeof Subset.infer;

/** SubsettedDatasetRequest: a PaginatedRequest (page, limit, filters, minimal) with the selection. */
export const SubsettedDatasetRequest = PaginatedRequest.and(Subset);
export type SubsettedDatasetRequest = typeof SubsettedDatasetRequest.infer;

/** DatasetExportRequest: an ExportRequest (filters, column names) with the datasets asked for. */
export const DatasetExportRequest = ExportRequest.and(Subset);
export type DatasetExportRequest = typeof DatasetExportRequest.infer;

/** TraitTimelineRequest: datasets (required), traits, germplasm groups and marked germplasm. */
export const TraitTimelineRequest = type({
  datasetIds: ids,
  'traitIds?': ids,
  'groupIds?': ids,
  'markedIds?': ids,
  '+': 'ignore',
});
export type TraitTimelineRequest = typeof TraitTimelineRequest.infer;

/** A list of ids as given, or null when it asks for no restriction (absent, null or empty). */
export function listOrNull(list: readonly number[] | null | undefined): number[] | null {
  return list && list.length > 0 ? [...new Set(list)] : null;
}
