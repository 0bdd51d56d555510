import type { PaneInstance } from '../../core/contracts.js';
import type { Filter } from '../../core/table-request.js';

/** The datasets table's pane type (the datasets plugin's): plugins meet through pane ids, never imports. */
export const DATASETS_TABLE = 'datasets:table';

const equals = (column: string, value: string | number): Filter => ({ column, comparator: 'equals', operator: 'and', values: [String(value)] });

/**
 * The datasets table showing an experiment's datasets (of one type, or one dataset): its view state holds
 * the filters, so the user sees them in the table's filter and can change them.
 */
export function datasetsOpening(experimentId: number, only?: { datasetType?: string; datasetId?: number }): PaneInstance {
  const filters = [equals('experimentId', experimentId)];
  if (only?.datasetType) filters.push(equals('datasetType', only.datasetType));
  if (only?.datasetId !== undefined) filters.push(equals('datasetId', only.datasetId));
  return { type: DATASETS_TABLE, params: {}, state: { filters } };
}
