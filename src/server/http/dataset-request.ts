import { type } from 'arktype';

/**
 * The request bodies the dataset data calls share (trials, climate), Germinate's classes: lists of ids, where an absent, null or
 * empty list asks for no restriction. Keys not named here (Germinate's clients send `currentItemCount` and
 * the like) are ignored.
 */

/** A row id: a positive integer within the databases' integer columns. */
const id = type('1 <= number.integer <= 2147483647');

/** A list of ids, or null. Marked-item lists reach tens of thousands of ids. */
export const IdList = id.array().atMostLength(100_000).or('null');

/** DatasetRequest: the datasets asked for. */
export const DatasetRequest = type({ 'datasetIds?': IdList, '+': 'ignore' });
export type DatasetRequest = typeof DatasetRequest.infer;

/**
 * The selection of SubsettedDatasetRequest: the datasets, the x items (traits or climates: `xIds`,
 * `xGroupIds`) and the y items (germplasm or locations: `yIds`, and the members of the groups `yGroupIds`).
 * The data tables add paging and filters to it; the statistics read it alone.
 */
export const Subset = type({
  'datasetIds?': IdList,
  'xIds?': IdList,
  'xGroupIds?': IdList,
  'yIds?': IdList,
  'yGroupIds?': IdList,
  '+': 'ignore',
});
export type Subset = typeof Subset.infer;

/** A list of ids as given, without duplicates, or null when it asks for no restriction (absent, null or empty). */
export function listOrNull(list: readonly number[] | null | undefined): number[] | null {
  return list && list.length > 0 ? [...new Set(list)] : null;
}
