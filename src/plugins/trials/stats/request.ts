import { type } from 'arktype';

/**
 * The request bodies of the trials statistics, after Germinate's: keys not named here (Germinate's
 * clients send `currentItemCount`, `xGroupIds` and the like) are ignored; a missing or null list is "none
 * given".
 */
const ids = type('number.integer').array().atMostLength(100_000).or('null');

/** SubsettedDatasetRequest: datasets, traits (`xIds`), marked germplasm (`yIds`) and germplasm groups (`yGroupIds`). */
export const SubsettedDatasetRequest = type({
  'datasetIds?': ids,
  'xIds?': ids,
  'yIds?': ids,
  'yGroupIds?': ids,
  '+': 'ignore',
});
export type SubsettedDatasetRequest = typeof SubsettedDatasetRequest.infer;

/** TraitDatasetRequest of `trait/stats`. */
export const TraitDatasetRequest = type({
  'datasetIds?': ids,
  'traitIds?': ids,
  '+': 'ignore',
});
export type TraitDatasetRequest = typeof TraitDatasetRequest.infer;

export const COMPARISON_TYPES = ['TRAIT', 'CLIMATE', 'COMPOUND', 'GERMPLASM_COLUMN'] as const;
export type ComparisonType = (typeof COMPARISON_TYPES)[number];

/** One side of a cross comparison: a trait, a climate variable, a compound or a germplasm column. */
const ComparisonConfig = type({
  type: type.enumerated(...COMPARISON_TYPES),
  'id?': type('number.integer').or('null'),
  'columnName?': type('string <= 255').or('null'),
  'datasetIds?': ids,
  'markedIds?': ids,
  'groupIds?': ids,
  '+': 'ignore',
});
export type ComparisonConfig = typeof ComparisonConfig.infer;

/** DatasetCrossDataTypeRequest of `dataset/crosscomparison`. */
export const CrossComparisonRequest = type({ first: ComparisonConfig, second: ComparisonConfig, '+': 'ignore' });
export type CrossComparisonRequest = typeof CrossComparisonRequest.infer;

/** A list as given, without duplicates; null when absent or empty. */
export function given(list: readonly number[] | null | undefined): number[] | null {
  return list && list.length > 0 ? [...new Set(list)] : null;
}
