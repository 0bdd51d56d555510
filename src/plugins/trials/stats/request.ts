import { type } from 'arktype';
import { IdList } from '../../../server/http/dataset-request.js';

/** The request bodies of the statistics besides the shared selection (dataset-request.ts). */

/** TraitDatasetRequest of `trait/stats`. */
export const TraitDatasetRequest = type({
  'datasetIds?': IdList,
  'traitIds?': IdList,
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
  'datasetIds?': IdList,
  'markedIds?': IdList,
  'groupIds?': IdList,
  '+': 'ignore',
});
export type ComparisonConfig = typeof ComparisonConfig.infer;

/** DatasetCrossDataTypeRequest of `dataset/crosscomparison`. */
export const CrossComparisonRequest = type({ first: ComparisonConfig, second: ComparisonConfig, '+': 'ignore' });
export type CrossComparisonRequest = typeof CrossComparisonRequest.infer;
