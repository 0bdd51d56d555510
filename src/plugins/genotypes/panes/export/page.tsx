import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { germplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { GermplasmPicker } from '../../../../shell/export/germplasm-picker.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { ExportPageProps } from '../../../../shell/sections.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import { EXPORT_COMMANDS } from './commands.js';
import { FormatPicker } from './formats.js';
import { MarkerPicker } from './markers.js';
import { PhenotypePicker } from './phenotypes.js';
import { forgetOutcome, isStarting, publishOutcome, subscribeStarting } from './ready.js';
import { exportRequest, markerChoice, problemKey, selection } from './request.js';
import { EXPORT_PANE, readState, writeState, type GenotypeExportState } from './state.js';
import { ensureGenotypeExportStyles } from './styles.js';
import { SelectionCount, SummaryTable } from './summary.js';
import { useExportChoices } from './use-choices.js';
import { usePublished } from './use-published.js';

/** The id of the map's select, so that a test or a command can find it by the pane. */
export const mapSelectId = (paneKey: string) => `${paneKey}-genotype-map`;

/**
 * The genotype export page (`/data/export/genotype/<ids>`), below the checked datasets of the shared export
 * pane: choose the germplasm and the markers (and a map), the files to write and, of several datasets, which
 * to export after seeing their counts; then Export starts one job per dataset and the sidebar's jobs panel
 * shows their progress and downloads. Every choice is kept in the pane's state, so the address replays it.
 */
export default function GenotypeExport(props: ExportPageProps) {
  ensureGenotypeExportStyles();
  const services = useServices();
  const { t, store } = services;
  const { paneKey, setState } = props;
  const datasetIds = useMemo(() => props.datasets.map((d) => d.datasetId), [props.datasets]);
  const state = readState(props.state);
  const paneState = props.state;
  const marked = useSnapshot(store.state).markedIds;
  const starting = useSyncExternalStore(subscribeStarting, () => isStarting(paneKey));

  const choices = useExportChoices(datasetIds, 'genotype', state);
  const mapList = choices.maps;

  const update = useCallback((patch: Partial<GenotypeExportState>) => setState(writeState(paneState, { ...readState(paneState), ...patch })), [paneState, setState]);

  const germplasm = germplasmChoice(state, marked.germplasm, choices.listIds);
  const chosen = selection(germplasm, markerChoice(state, marked.markers));
  const outcome = mapList ? exportRequest({ datasetIds, state, germplasm, markedMarkers: marked.markers, maps: mapList }) : undefined;
  usePublished(paneKey, outcome, publishOutcome, forgetOutcome);

  const run = (id: string) => runFromButton(services, paneKey, EXPORT_PANE, id);
  return (
    <div className="genotype-export">
      <div className="genotype-export-choices">
        <GermplasmPicker value={state} onChange={update} groups={choices.germplasmGroups} marked={marked.germplasm.length} listMatch={choices.listMatch} />
        <MarkerPicker state={state} update={update} groups={choices.markerGroups} marked={marked.markers.length} maps={mapList} mapSelectId={mapSelectId(paneKey)} />
        <FormatPicker state={state} update={update} />
        <PhenotypePicker state={state} update={update} />
      </div>
      {props.datasets.length > 1 ? <SummaryTable datasets={props.datasets} selection={chosen} state={state} update={update} /> : <SelectionCount datasetIds={datasetIds} selection={chosen} />}
      {outcome && !outcome.ok ? (
        <p role="status" className="genotype-export-problem">
          {t(problemKey(outcome.problem))}
        </p>
      ) : null}
      <div className="ui-actions" role="group" aria-label={t('genotypes.exportPage.actions')}>
        <Button variant="primary" onClick={() => run(EXPORT_COMMANDS.start)} aria-keyshortcuts="Shift+E" aria-disabled={starting || !outcome?.ok} aria-busy={starting}>
          {t(starting ? 'genotypes.exportPage.starting' : 'genotypes.exportPage.export')}
        </Button>
        <Button onClick={() => run(EXPORT_COMMANDS.jobs)} aria-keyshortcuts="Shift+J">
          {t('genotypes.exportPage.showJobs')}
        </Button>
      </div>
      <p className="ui-hint">{t('genotypes.exportPage.jobsHint')}</p>
    </div>
  );
}
