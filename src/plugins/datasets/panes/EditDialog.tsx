import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Field, Select } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import type { DatasetRow } from '../columns.js';
import { datasetBody, emptyForm, formFromRow, formProblems, type DatasetForm } from '../form.js';
import { DATASET_STATES, DATASET_TYPE_IDS } from '../schema.js';

interface Experiment {
  experimentId: number;
  experimentName?: string;
}
interface Licence {
  licenseId: number;
  licenseName?: string;
}

/**
 * The dataset form: curators create a dataset (POST dataset), administrators edit one (PATCH dataset/{id},
 * every field sent, since the server clears what is absent). Checked as the server checks before it is
 * sent; `onSaved` receives the server's row.
 */
export function EditDialog(props: { row: DatasetRow | null; onClose(): void; onSaved(row: DatasetRow): void }) {
  const services = useServices();
  const { api, t } = services;
  const creating = props.row === null;
  const [form, setForm] = useState<DatasetForm>(() => (props.row ? formFromRow(props.row) : emptyForm()));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const experiments = useSWR('datasets:experiments', () => api.table<Experiment>('experiment/table', { page: 1, limit: 5000, orderBy: 'experimentName', ascending: 1 }).then((r) => r.data));
  const licences = useSWR('datasets:licences', () => api.get<Licence[]>('license'));
  const problems = formProblems(form);
  const error = (key: keyof DatasetForm) => (tried && problems[key] ? t(`datasets.form.problem.${problems[key]}`) : undefined);
  const set = (key: keyof DatasetForm) => (value: string) => setForm((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || Object.keys(problems).length > 0) return;
    setBusy(true);
    const body = datasetBody(form);
    const call = props.row ? api.patch<DatasetRow>(`dataset/${props.row.datasetId}`, { body }) : api.post<DatasetRow>('dataset', { body });
    call
      .then((saved) => {
        services.toast({ titleKey: 'datasets.doneTitle', messageKey: creating ? 'datasets.form.created' : 'datasets.form.saved', values: { name: String(body.name) }, variant: 'success', autoHideMs: 5000, append: true });
        props.onSaved(saved);
        props.onClose();
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal open wide title={t(creating ? 'datasets.form.createTitle' : 'datasets.form.editTitle')} onClose={props.onClose} closeLabel={t('datasets.form.cancel')}>
      <form onSubmit={submit} noValidate>
        {tried && Object.keys(problems).length > 0 ? (
          <p role="alert" className="ui-error">
            {t('datasets.form.invalid')}
          </p>
        ) : null}
        <Field label={t('datasets.column.datasetName')} error={error('name')}>
          <input className="ui-input" value={form.name} required autoFocus onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field label={t('datasets.column.datasetDescription')}>
          <textarea className="ui-input" rows={3} value={form.description} onChange={(e) => set('description')(e.target.value)} />
        </Field>
        <Field label={t('datasets.column.experimentName')} error={error('experimentId')}>
          <Select value={form.experimentId} required onChange={(e) => set('experimentId')(e.target.value)}>
            <option value="">{t('datasets.form.choose')}</option>
            {(experiments.data ?? []).map((e) => (
              <option key={e.experimentId} value={String(e.experimentId)}>
                {e.experimentName ?? e.experimentId}
              </option>
            ))}
          </Select>
        </Field>
        {creating ? (
          <Field label={t('datasets.column.datasetType')} error={error('datasettypeId')}>
            <Select value={form.datasettypeId} onChange={(e) => set('datasettypeId')(e.target.value)}>
              {Object.entries(DATASET_TYPE_IDS).map(([name, id]) => (
                <option key={id} value={String(id)}>
                  {t(`datasets.type.${name}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <Field label={t('datasets.column.datasetState')} hint={t('datasets.form.stateHint')}>
          <Select value={form.datasetStateId} onChange={(e) => set('datasetStateId')(e.target.value)}>
            {Object.entries(DATASET_STATES).map(([name, id]) => (
              <option key={id} value={String(id)}>
                {t(`datasets.state.${name}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('datasets.column.licenseName')}>
          <Select value={form.licenseId} onChange={(e) => set('licenseId')(e.target.value)}>
            <option value="">{t('datasets.form.noLicence')}</option>
            {(licences.data ?? []).map((l) => (
              <option key={l.licenseId} value={String(l.licenseId)}>
                {l.licenseName ?? l.licenseId}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('datasets.column.startDate')} error={error('dateStart')}>
          <input className="ui-input" type="date" value={form.dateStart} onChange={(e) => set('dateStart')(e.target.value)} />
        </Field>
        <Field label={t('datasets.column.endDate')} error={error('dateEnd')}>
          <input className="ui-input" type="date" value={form.dateEnd} onChange={(e) => set('dateEnd')(e.target.value)} />
        </Field>
        <Field label={t('datasets.column.hyperlink')} error={error('hyperlink')}>
          <input className="ui-input" type="url" value={form.hyperlink} onChange={(e) => set('hyperlink')(e.target.value)} />
        </Field>
        {creating ? (
          <Field label={t('datasets.column.contact')} error={error('contact')}>
            <input className="ui-input" value={form.contact} onChange={(e) => set('contact')(e.target.value)} />
          </Field>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('datasets.form.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {t(creating ? 'datasets.form.create' : 'datasets.form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
