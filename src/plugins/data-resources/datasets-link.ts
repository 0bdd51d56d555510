import type { PaneInstance } from '../../core/contracts.js';

/** The datasets table's pane type (the datasets plugin's): plugins meet through pane ids, never imports. */
export const DATASETS_TABLE = 'datasets:table';

/**
 * The datasets table showing the datasets a resource is linked to (their rows list the resource in
 * `fileresourceIds`), or only one of them. The filter is in the table's view state, where the user sees it.
 */
export function linkedDatasetsOpening(fileresourceId: number, datasetId?: number): PaneInstance {
  const filters =
    datasetId === undefined
      ? [{ column: 'fileresourceIds', comparator: 'arrayContains', operator: 'and', values: [String(fileresourceId)] }]
      : [{ column: 'datasetId', comparator: 'equals', operator: 'and', values: [String(datasetId)] }];
  return { type: DATASETS_TABLE, params: {}, state: { filters } };
}
