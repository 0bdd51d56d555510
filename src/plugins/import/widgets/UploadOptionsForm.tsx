import { useEffect, useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { DATASET_STATES, DEFAULT_ORIENTATION, TEMPLATES, type DataOrientation, type UploadOptions } from '../templates.js';

interface DatasetOption {
  datasetId: number;
  datasetName: string;
}

/** The orientations with their texts, written out so that the keys are found in the source. */
const ORIENTATIONS: readonly { value: DataOrientation; label: string; explained: string }[] = [
  { value: 'GENOTYPE_GERMPLASM_BY_MARKER', label: 'import.options.germplasmByMarker', explained: 'import.options.germplasmByMarkerExplained' },
  { value: 'GENOTYPE_MARKER_BY_GERMPLASM', label: 'import.options.markerByGermplasm', explained: 'import.options.markerByGermplasmExplained' },
];

/**
 * Step 2: the options of the chosen template: insert or update (MCPD), how a genotype workbook lies, the
 * state of the dataset the import creates (trials, genotypes, climate, pedigree), whether genotypes and allele
 * frequencies create the germplasm they name but the database lacks, the trials dataset a shapefile belongs to.
 */
export function UploadOptionsForm(props: { name: string; options: UploadOptions; onChange(options: UploadOptions): void }) {
  const { t } = useServices();
  const { options, onChange } = props;
  const info = TEMPLATES[options.type];
  if (!info.updateMode && !info.datasetState && !info.targetDataset && !info.orientation && !info.createGermplasm) return null;
  const orientation = options.dataOrientation ?? DEFAULT_ORIENTATION;
  // The words of insert and update name what the template updates: germplasm (MCPD) or groups.
  const modeText = (text: 'mode' | 'insert' | 'update' | 'insertExplained' | 'updateExplained') => (info.type === 'groups' ? `import.options.groups.${text}` : `import.options.${text}`);
  return (
    <fieldset className="import-options">
      <legend>{t('import.step.options')}</legend>
      {info.updateMode ? (
        <div role="radiogroup" aria-labelledby={`${props.name}-mode`}>
          <p id={`${props.name}-mode`}>{t(modeText('mode'))}</p>
          {([false, true] as const).map((update) => (
            <label key={String(update)} className="ui-choice">
              <input type="radio" name={`${props.name}-mode`} checked={options.update === update} onChange={() => onChange({ ...options, update })} />{' '}
              {t(modeText(update ? 'update' : 'insert'))}
            </label>
          ))}
          <p className="ui-muted">{t(modeText(options.update ? 'updateExplained' : 'insertExplained'))}</p>
        </div>
      ) : null}
      {info.orientation ? (
        <div role="radiogroup" aria-labelledby={`${props.name}-orientation`} aria-describedby={`${props.name}-orientation-hint`}>
          <p id={`${props.name}-orientation`}>{t('import.options.orientation')}</p>
          {ORIENTATIONS.map((choice) => (
            <label key={choice.value} className="ui-choice">
              <input
                type="radio"
                name={`${props.name}-orientation`}
                checked={orientation === choice.value}
                onChange={() => onChange({ ...options, dataOrientation: choice.value })}
              />{' '}
              {t(choice.label)} <span className="ui-muted">{t(choice.explained)}</span>
            </label>
          ))}
          <p id={`${props.name}-orientation-hint`} className="ui-muted">
            {t('import.options.orientationOnlyXlsx')}
          </p>
        </div>
      ) : null}
      {info.datasetState ? (
        <label className="ui-choice">
          {t('import.options.datasetState')}{' '}
          <select value={options.datasetStateId} onChange={(e) => onChange({ ...options, datasetStateId: Number(e.target.value) })}>
            {DATASET_STATES.map((state) => (
              <option key={state.id} value={state.id}>
                {t(`import.datasetState.${state.key}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {info.createGermplasm ? (
        <div>
          <label className="ui-choice">
            <input
              type="checkbox"
              checked={options.createGermplasm === true}
              aria-describedby={`${props.name}-create-germplasm-hint`}
              onChange={(e) => onChange({ ...options, createGermplasm: e.target.checked })}
            />{' '}
            {t('import.options.createGermplasm')}
          </label>
          <p id={`${props.name}-create-germplasm-hint`} className="ui-muted">
            {t('import.options.createGermplasmHint')}
          </p>
        </div>
      ) : null}
      {info.targetDataset ? <TrialsDatasetPicker options={options} onChange={onChange} /> : null}
    </fieldset>
  );
}

/** Trials datasets from `POST dataset/table`; the first is preselected, as in Germinate. */
function TrialsDatasetPicker(props: { options: UploadOptions; onChange(options: UploadOptions): void }) {
  const { t, api } = useServices();
  const [datasets, setDatasets] = useState<DatasetOption[] | null>(null);
  const { options, onChange } = props;

  useEffect(() => {
    const controller = new AbortController();
    api
      .table<DatasetOption>(
        'dataset/table',
        { page: 1, limit: 500, orderBy: 'datasetName', ascending: 1, filter: [{ column: 'datasetType', comparator: 'equals', operator: 'and', values: ['trials'] }] },
        { signal: controller.signal },
      )
      .then((result) => setDatasets(result.data))
      .catch(() => setDatasets([]));
    return () => controller.abort();
  }, [api]);

  const first = datasets?.[0]?.datasetId ?? null;
  useEffect(() => {
    if (options.datasetId === null && first !== null) onChange({ ...options, datasetId: first });
  }, [first, options, onChange]);

  if (datasets === null) return <p role="status">{t('import.loading')}</p>;
  if (datasets.length === 0) return <p role="alert">{t('import.options.noTrialsDataset')}</p>;
  return (
    <label className="ui-choice">
      {t('import.options.targetDataset')}{' '}
      <select required value={options.datasetId ?? ''} onChange={(e) => onChange({ ...options, datasetId: Number(e.target.value) })}>
        {datasets.map((dataset) => (
          <option key={dataset.datasetId} value={dataset.datasetId}>
            {dataset.datasetName} ({dataset.datasetId})
          </option>
        ))}
      </select>
    </label>
  );
}
