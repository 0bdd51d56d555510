import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import type { ChoiceGroup, GermplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { subsetRequest } from './request.js';
import { fetchRows } from './rows.js';
import type { ExportState } from './state.js';
import type { TraitRow } from './traits.js';

/** What every tab of the page reads: the datasets, their traits and groups, and the user's choices. */
export interface PageContext {
  paneKey: string;
  datasetIds: number[];
  /** Every trait with data in the datasets. */
  traits: TraitRow[];
  /** The chosen ones, in the list's order. */
  chosen: TraitRow[];
  groups: ChoiceGroup[];
  choice: GermplasmChoice;
  state: ExportState;
  update(patch: Partial<ExportState>): void;
  /** The width a chart's drawing has in the tab panel (axes and legend included). */
  chartWidth: number;
}

/**
 * The data points of some traits for the chosen germplasm (capped, see rows.ts), shared by the tabs that
 * ask for the same (swr keeps one answer per request). Nothing is asked while the choice selects nobody
 * or no trait is given.
 */
export function useDataRows(context: PageContext, traitIds: readonly number[], full: boolean) {
  const { api } = useServices();
  const { choice } = context;
  const subset = choice.ok && traitIds.length > 0 ? subsetRequest(context.datasetIds, traitIds, choice) : null;
  return useSWR(subset ? ['trials:export-rows', JSON.stringify(subset), full] : null, () => (subset ? fetchRows(api, subset, { full }) : null), {
    revalidateOnFocus: false,
  });
}
