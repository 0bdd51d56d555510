import { useMemo } from 'react';
import type { ClimateRow } from '../../api-types.js';
import { useServices } from '../../../../shell/pane-api.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { Button } from '../../../../shell/ui/Button.js';
import { climateDataTable, climateLabel } from '../climates/columns.js';
import { EXPORT_PANE } from '../ids.js';
import { countProblem, downloadName, subsetRequest, type ClimateExportState, type LocationChoice } from './state.js';

/** What every tab of the page reads: the datasets, the chosen climates and locations. */
export interface PageContext {
  paneKey: string;
  datasetIds: number[];
  /** The chosen climates, in the list's order (by name). */
  chosen: ClimateRow[];
  choice: LocationChoice;
  state: ClimateExportState;
  update(patch: Partial<ClimateExportState>): void;
  /** The width a chart of a fixed size has in the tab panel. */
  chartWidth: number;
}

/** The spec's messages when the number of chosen climates is outside a tab's limits; else nothing. */
export function CountProblem({ count, min, max }: { count: number; min: number; max?: number }) {
  const { t } = useServices();
  const problem = countProblem(count, min, max);
  return problem ? (
    <p role="alert" className="climate-export-warning">
      {t(problem.key, { count: problem.n })}
    </p>
  ) : null;
}

/** Why the location choice selects nothing yet; else nothing. */
export function ChoiceProblem({ choice }: { choice: LocationChoice }) {
  const { t } = useServices();
  if (choice.ok) return null;
  return (
    <p role="status" className="climate-export-warning">
      {t(`climate.export.reason.${choice.reason}`)}
    </p>
  );
}

/**
 * The table tab: the values of the chosen climates (all when none are chosen) and locations, in the
 * climate data table; the selection goes with its requests beside the filters, for pages and export alike.
 */
export function TableTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const { choice, datasetIds, state, update } = context;
  const subset = choice.ok ? subsetRequest(datasetIds, state.climates, choice) : null;
  const subsetKey = JSON.stringify(subset);
  // Keyed by the selection's content: `subset` is rebuilt on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const body = useMemo(() => (subset ? { ...subset } : null), [subsetKey]);
  if (!body) return <ChoiceProblem choice={choice} />;
  return (
    <div className="climate-export-table">
      <TableView key={subsetKey} declaration={climateDataTable} paneKey={context.paneKey} state={state.table} setState={(table) => update({ table })} body={body} label={t('climate.export.tab.table')} />
    </div>
  );
}

/** The export tab: Germinate's climate file of the chosen climates (at least one) and locations. */
export function DownloadTab({ context }: { context: PageContext }) {
  const services = useServices();
  const { t, workspace } = services;
  const { chosen, choice, datasetIds, paneKey } = context;
  if (chosen.length === 0) return <CountProblem count={0} min={1} />;
  if (!choice.ok) return <ChoiceProblem choice={choice} />;
  return (
    <>
      <p>{t('climate.export.downloadClimates', { count: chosen.length, climates: chosen.map(climateLabel).join(', ') })}</p>
      <div className="ui-actions">
        <Button variant="primary" aria-keyshortcuts="Shift+D" onClick={() => runFromButton(services, paneKey, workspace.instance(paneKey)?.type ?? EXPORT_PANE, 'climate:export-download')}>
          {t('climate.export.download', { name: downloadName(datasetIds) })}
        </Button>
      </div>
      <p className="ui-hint">{t('climate.export.downloadHint')}</p>
    </>
  );
}
