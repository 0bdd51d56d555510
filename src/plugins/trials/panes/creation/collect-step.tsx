import { useState } from 'react';
import { DEFAULT_BASE_URL } from '../../../../core/api-client.js';
import { useHasRole } from '../../../../shell/pane-dialog.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/index.js';
import type { DesignedPlot, LayoutPlot } from '../../design/plot.js';
import { useTrialsDatasets, type TrialsDataset } from '../trials-datasets.js';
import { DatasetChoiceFields } from './dataset-choice.js';
import { choiceProblems, newDatasetBody } from './dataset-form.js';
import type { Draft, SavedTrial } from './draft.js';
import { FieldbookInput } from './fieldbook-input.js';
import { lookUpNames } from './germplasm-reads.js';
import { distinctNames } from './name-lookup.js';
import { RefusalView } from './outcome-view.js';
import { problemOf, QUIET, savePlots, type SaveOutcome } from './save-plots.js';
import { absoluteApiBase, gridscoreLink } from './save.js';

/** The mobile data-collection app's link to the saved trial, with what it needs from this server. */
function DataCollectionLink(props: { saved: SavedTrial }) {
  const { t, settings, session } = useServices();
  const token = session.current()?.token ?? '';
  const link = gridscoreLink({
    gridscoreUrl: settings.gridscoreUrl,
    datasetId: props.saved.datasetId,
    token,
    apiBase: absoluteApiBase(DEFAULT_BASE_URL, document.baseURI),
  });
  return (
    <section aria-labelledby="trial-collection-title">
      <h4 id="trial-collection-title">{t('trials.creation.collect.app')}</h4>
      <p>{t('trials.creation.collect.appIntro')}</p>
      <p>
        <a className="trial-link" href={link} target="_blank" rel="noopener noreferrer" data-testid="trial-gridscore-link">
          {t('trials.creation.collect.appLink', { dataset: props.saved.datasetName })}
          <span className="visually-hidden"> {t('trials.creation.newTab')}</span>
        </a>
      </p>
      {settings.brapiEnabled !== false ? null : <p className="ui-hint">{t('trials.creation.collect.brapiOff')}</p>}
    </section>
  );
}

/**
 * Step three: where the trial goes (a trials dataset the curator sees, or a new one), saving the layout
 * there, and then collecting data: the mobile app's link and a fieldbook for more plots.
 */
export function CollectStep(props: {
  draft: Draft;
  layout: readonly (DesignedPlot | LayoutPlot)[] | null;
  onChange(patch: Partial<Draft>): void;
  onSaved(saved: SavedTrial): void;
}) {
  const { api, t } = useServices();
  const { draft, layout } = props;
  const datasets = useTrialsDatasets();
  const isAdmin = useHasRole('ADMIN');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Exclude<SaveOutcome, { ok: true }> | null>(null);
  // A layout file names germplasm by itself; the designer only names germplasm chosen in step one.
  const fromFile = draft.source === 'file';

  const save = async () => {
    setTried(true);
    setRefusal(null);
    if (!layout || Object.keys(choiceProblems(draft.choice, isAdmin)).length > 0) return;
    setBusy(true);
    try {
      let target: Pick<TrialsDataset, 'datasetId' | 'datasetName'> | undefined;
      if (draft.choice.mode === 'new') {
        // Unknown names stop the save before the new dataset is made, so a refusal leaves nothing behind.
        if (fromFile) {
          const lookup = await lookUpNames(api, distinctNames(layout.map((p) => p.germplasm)));
          if (lookup.missing.length > 0 || lookup.ambiguous.length > 0) {
            setRefusal({ ok: false, unknown: { missing: lookup.missing, ambiguous: lookup.ambiguous } });
            return;
          }
        }
        try {
          target = await api.post<TrialsDataset>('dataset', { body: newDatasetBody(draft.choice), handlers: QUIET });
        } catch (error) {
          setRefusal({ ok: false, problem: problemOf(error) });
          return;
        }
        // The dataset exists now: a second try saves to it rather than making another.
        props.onChange({ choice: { ...draft.choice, mode: 'existing', datasetId: String(target.datasetId) } });
        void datasets.mutate();
      } else {
        target = datasets.data?.find((d) => String(d.datasetId) === draft.choice.datasetId);
      }
      if (!target) return;
      const result = await savePlots(api, target.datasetId, layout, fromFile && draft.choice.mode === 'existing');
      if (result.ok) props.onSaved({ datasetId: target.datasetId, datasetName: target.datasetName, plots: result.plots });
      else setRefusal(result);
    } catch {
      // A read failed: the api client has said so.
    } finally {
      setBusy(false);
    }
  };

  if (draft.saved) {
    return (
      <>
        <p role="status" className="trial-ok">
          {t('trials.creation.collect.saved', { plots: draft.saved.plots, dataset: draft.saved.datasetName })}
        </p>
        <DataCollectionLink saved={draft.saved} />
        <FieldbookInput datasetId={draft.saved.datasetId} datasetName={draft.saved.datasetName} />
      </>
    );
  }
  return (
    <>
      <p>{t('trials.creation.collect.intro', { plots: layout?.length ?? 0 })}</p>
      <DatasetChoiceFields choice={draft.choice} tried={tried} isAdmin={isAdmin} disabled={busy} onChange={(choice) => props.onChange({ choice })} />
      <div className="ui-actions">
        <Button variant="primary" disabled={busy || !layout} onClick={() => void save()}>
          {t('trials.creation.collect.save')}
        </Button>
      </div>
      {refusal ? <RefusalView outcome={refusal} /> : null}
    </>
  );
}
