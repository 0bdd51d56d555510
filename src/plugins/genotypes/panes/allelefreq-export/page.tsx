import { useCallback, useMemo, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { germplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { GermplasmPicker } from '../../../../shell/export/germplasm-picker.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { ExportPageProps } from '../../../../shell/sections.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import { MarkerPicker } from '../export/markers.js';
import { problemKey, type Outcome } from '../export/request.js';
import { useExportChoices } from '../export/use-choices.js';
import { usePublished } from '../export/use-published.js';
import { binEdges } from './binning-choice.js';
import { BinningForm } from './binning-form.js';
import { ALLELEFREQ_COMMANDS } from './commands.js';
import { HistogramChart } from './histogram-chart.js';
import { readHistogram } from './histogram.js';
import { exportStarting, pageSubset } from './ready.js';
import { subsetRequest, type FrequencySubsetBody } from './request.js';
import { ALLELEFREQ_PANE, readState, writeState, type AlleleFreqExportState } from './state.js';
import { ensureAllelefreqExportStyles } from './styles.js';

/** The id of the map's select, so that a test or a command can find it by the pane. */
export const mapSelectId = (paneKey: string) => `${paneKey}-allelefreq-map`;

/** The histogram of a subset (the server's 200 buckets), asked for in step 2 and again whenever the subset changes. */
function useHistogram(subset: Outcome<FrequencySubsetBody> | undefined, wanted: boolean) {
  const { api } = useServices();
  const body = wanted && subset?.ok ? subset.body : null;
  return useSWR(body ? ['genotypes:allelefreq-histogram', JSON.stringify(body)] : null, async () => readHistogram(await (await api.post('dataset/export/allelefreq/histogram', { body, raw: true })).blob.text()), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

/**
 * The allele-frequency export page (`/data/export/allelefreq/<ids>`), below the checked datasets of the shared
 * export pane. Step 1 chooses germplasm, markers and a map as the genotype export page does (its pickers);
 * "Continue" shows step 2: the histogram of the subset's frequencies with the chosen bins' edges over it, and
 * the binning (equal, split, auto). Export starts the job and the sidebar's jobs panel shows it. Every choice,
 * the step included, is kept in the pane's state, so the address replays the page.
 */
export default function AlleleFrequencyExport(props: ExportPageProps) {
  ensureAllelefreqExportStyles();
  const services = useServices();
  const { t, translator, store } = services;
  const { paneKey, setState } = props;
  const datasetIds = useMemo(() => props.datasets.map((d) => d.datasetId), [props.datasets]);
  const state = readState(props.state);
  const paneState = props.state;
  const marked = useSnapshot(store.state).markedIds;
  const starting = useSyncExternalStore(exportStarting.subscribe, () => exportStarting.has(paneKey));

  const choices = useExportChoices(datasetIds, 'allelefreq', state);
  const mapList = choices.maps;

  const update = useCallback((patch: Partial<AlleleFreqExportState>) => setState(writeState(paneState, { ...readState(paneState), ...patch })), [paneState, setState]);

  const germplasm = germplasmChoice(state, marked.germplasm, choices.listIds);
  const subset = mapList ? subsetRequest({ datasetIds, state, germplasm, markedMarkers: marked.markers, maps: mapList }) : undefined;
  usePublished(paneKey, subset, pageSubset.publish, pageSubset.forget);

  const stepTwo = state.step === 'binning';
  const histogram = useHistogram(subset, stepTwo);
  const edges = binEdges(state, histogram.data?.buckets.map((bucket) => bucket.count) ?? []);
  const run = (id: string) => runFromButton(services, paneKey, ALLELEFREQ_PANE, id);
  const ids = { one: `${paneKey}-allelefreq-step-one`, two: `${paneKey}-allelefreq-step-two` };
  const firstName = String(props.datasets[0]?.datasetName ?? datasetIds[0]);

  return (
    <div className="allelefreq-export">
      <section aria-labelledby={ids.one} className="allelefreq-export-step">
        <h3 id={ids.one}>{t('genotypes.allelefreqPage.stepOne')}</h3>
        <div className="allelefreq-export-choices">
          <GermplasmPicker value={state} onChange={update} groups={choices.germplasmGroups} marked={marked.germplasm.length} listMatch={choices.listMatch} />
          <MarkerPicker state={state} update={update} groups={choices.markerGroups} marked={marked.markers.length} maps={mapList} mapSelectId={mapSelectId(paneKey)} />
        </div>
        {props.datasets.length > 1 ? <p className="ui-hint">{t('genotypes.allelefreqPage.firstOnly', { name: firstName })}</p> : null}
        {subset && !subset.ok ? (
          <p role="status" className="allelefreq-export-problem">
            {t(problemKey(subset.problem))}
          </p>
        ) : null}
        {stepTwo ? null : (
          <div className="ui-actions" role="group" aria-label={t('genotypes.allelefreqPage.stepOneActions')}>
            <Button variant="primary" onClick={() => run(ALLELEFREQ_COMMANDS.continue)} aria-keyshortcuts="Shift+C" aria-disabled={!subset?.ok}>
              {t('genotypes.allelefreqPage.continue')}
            </Button>
          </div>
        )}
      </section>
      {stepTwo ? (
        <section aria-labelledby={ids.two} className="allelefreq-export-step">
          <h3 id={ids.two} tabIndex={-1} data-step-two-of={paneKey}>
            {t('genotypes.allelefreqPage.stepTwo')}
          </h3>
          {/* A subset that selects nothing shows no histogram, not the last one drawn. */}
          {subset?.ok === false ? (
            <p role="status">{t('genotypes.allelefreqPage.histogram.waiting')}</p>
          ) : histogram.error ? (
            <p className="ui-error">{t('genotypes.allelefreqPage.histogram.failed')}</p>
          ) : !histogram.data ? (
            <p role="status">{t('genotypes.allelefreqPage.histogram.loading')}</p>
          ) : (
            <>
              <p role="status" aria-live="polite" data-testid="allelefreq-total">
                {t('genotypes.allelefreqPage.total', { count: histogram.data.total, shown: translator.formatNumber(histogram.data.total) })}
              </p>
              {histogram.data.total > 0 ? <HistogramChart histogram={histogram.data} edges={edges} showTable={state.table} onShowTable={(table) => update({ table })} /> : null}
            </>
          )}
          <BinningForm paneKey={paneKey} choice={state} update={update} edges={edges} />
          <div className="ui-actions" role="group" aria-label={t('genotypes.allelefreqPage.actions')}>
            <Button variant="primary" onClick={() => run(ALLELEFREQ_COMMANDS.start)} aria-keyshortcuts="Shift+E" aria-disabled={starting || !subset?.ok} aria-busy={starting}>
              {t(starting ? 'genotypes.allelefreqPage.starting' : 'genotypes.allelefreqPage.export')}
            </Button>
            <Button onClick={() => run(ALLELEFREQ_COMMANDS.jobs)} aria-keyshortcuts="Shift+J">
              {t('genotypes.allelefreqPage.showJobs')}
            </Button>
          </div>
          <p className="ui-hint">{t('genotypes.allelefreqPage.jobsHint')}</p>
        </section>
      ) : null}
    </div>
  );
}
