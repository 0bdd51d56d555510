import { useId } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import { Field, Select } from '../../../../shell/ui/index.js';
import { useTrialsDatasets } from '../trials-datasets.js';
import { choiceProblems, type ChoiceField, type DatasetChoice } from './dataset-form.js';
import { DATASET_STATE_IDS, type DatasetStateName } from './save.js';

interface Experiment {
  experimentId: number;
  experimentName?: string | null;
}

/** Choosing an existing trials dataset or describing a new one (name, description, experiment, state). */
export function DatasetChoiceFields(props: { choice: DatasetChoice; onChange(choice: DatasetChoice): void; tried: boolean; isAdmin: boolean; disabled?: boolean }) {
  const { api, t } = useServices();
  const id = useId();
  const { choice } = props;
  const datasets = useTrialsDatasets();
  const experiments = useSWR(choice.mode === 'new' ? 'trials:creation:experiments' : null, () =>
    api.table<Experiment>('experiment/table', { page: 1, limit: 5000, orderBy: 'experimentName', ascending: 1 }).then((r) => r.data),
  );
  const problems = props.tried ? choiceProblems(choice, props.isAdmin) : {};
  const set = (patch: Partial<DatasetChoice>) => props.onChange({ ...choice, ...patch });
  const error = (key: ChoiceField) => (problems[key] ? t(problems[key]) : undefined);

  return (
    <fieldset className="trial-choice" disabled={props.disabled}>
      <legend>{t('trials.creation.collect.where')}</legend>
      <label className="ui-choice">
        <input type="radio" name={`${id}-mode`} checked={choice.mode === 'existing'} onChange={() => set({ mode: 'existing' })} />
        {t('trials.creation.collect.existing')}
      </label>
      <label className="ui-choice">
        <input type="radio" name={`${id}-mode`} checked={choice.mode === 'new'} onChange={() => set({ mode: 'new' })} />
        {t('trials.creation.collect.new')}
      </label>
      {choice.mode === 'existing' ? (
        <Field label={t('trials.creation.collect.dataset')} error={error('datasetId')}>
          <Select value={choice.datasetId} onChange={(e) => set({ datasetId: e.target.value })}>
            <option value="">{datasets.data && datasets.data.length === 0 ? t('trials.creation.collect.noDatasets') : t('trials.creation.collect.choose')}</option>
            {(datasets.data ?? []).map((d) => (
              <option key={d.datasetId} value={String(d.datasetId)}>
                {d.datasetName}
              </option>
            ))}
          </Select>
        </Field>
      ) : (
        <>
          <Field label={t('trials.creation.collect.name')} error={error('name')}>
            <input className="ui-input" value={choice.name} onChange={(e) => set({ name: e.target.value })} />
          </Field>
          <Field label={t('trials.creation.collect.description')}>
            <textarea className="ui-input" rows={2} value={choice.description} onChange={(e) => set({ description: e.target.value })} />
          </Field>
          <Field label={t('trials.creation.collect.experiment')} error={error('experimentId')}>
            <Select value={choice.experimentId} onChange={(e) => set({ experimentId: e.target.value })}>
              <option value="">{t('trials.creation.collect.choose')}</option>
              {(experiments.data ?? []).map((e) => (
                <option key={e.experimentId} value={String(e.experimentId)}>
                  {e.experimentName ?? String(e.experimentId)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('trials.creation.collect.stateLabel')} hint={t('trials.creation.collect.stateHint')} error={error('state')}>
            <Select value={choice.state} onChange={(e) => set({ state: e.target.value === 'public' ? 'public' : e.target.value === 'hidden' ? 'hidden' : 'private' })}>
              {(Object.keys(DATASET_STATE_IDS) as DatasetStateName[]).map((state) => (
                <option key={state} value={state}>
                  {t(`trials.creation.collect.state.${state}`)}
                </option>
              ))}
            </Select>
          </Field>
        </>
      )}
    </fieldset>
  );
}
