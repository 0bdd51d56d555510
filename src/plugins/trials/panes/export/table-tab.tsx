import { useMemo } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { trialsDataTable } from '../data-table.js';
import type { PageContext } from './context.js';
import { ChoiceProblem } from './notes.js';
import { subsetRequest } from './request.js';

/**
 * The table tab: the data points of the chosen traits and germplasm (all traits when none are chosen).
 * The selection goes with the table's requests as Germinate's SubsettedDatasetRequest (the datasets,
 * traits and germplasm beside the filters), for its pages and its export alike.
 */
export function TableTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const { choice, datasetIds, state, update } = context;
  const subset = choice.ok ? subsetRequest(datasetIds, state.traits, choice) : null;
  const subsetKey = JSON.stringify(subset);
  // Keyed by the selection's content: `subset` is rebuilt on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const body = useMemo(() => (subset ? { ...subset } : null), [subsetKey]);
  if (!body) return <ChoiceProblem context={context} />;
  return (
    <div className="trials-export-table">
      {/* A new selection is a new table: its rows, count and page start again. */}
      <TableView
        key={subsetKey}
        declaration={trialsDataTable}
        paneKey={context.paneKey}
        state={state.table}
        setState={(table) => update({ table })}
        body={body}
        label={t('trials.export.tab.table')}
      />
    </div>
  );
}
