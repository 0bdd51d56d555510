import { type } from 'arktype';
import { ExportRequest, PaginatedRequest } from '../../../core/table-request.js';
import { IdList, Subset } from '../../../server/http/dataset-request.js';

/** SubsettedDatasetRequest of the data table: a PaginatedRequest (page, limit, filters, minimal) with the selection. */
export const SubsettedDatasetRequest = PaginatedRequest.and(Subset);
export type SubsettedDatasetRequest = typeof SubsettedDatasetRequest.infer;

/** DatasetExportRequest: an ExportRequest (filters, column names) with the selection. */
export const DatasetExportRequest = ExportRequest.and(Subset);
export type DatasetExportRequest = typeof DatasetExportRequest.infer;

/** TraitTimelineRequest: datasets (required), traits, germplasm groups and marked germplasm. */
export const TraitTimelineRequest = type({
  datasetIds: IdList,
  'traitIds?': IdList,
  'groupIds?': IdList,
  'markedIds?': IdList,
  '+': 'ignore',
});
export type TraitTimelineRequest = typeof TraitTimelineRequest.infer;
