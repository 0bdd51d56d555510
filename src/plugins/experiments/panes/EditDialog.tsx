import { useState, type FormEvent } from 'react';
import { Button } from '../../../shell/ui/Button.js';
import { Field } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { useServices } from '../../../shell/pane-api.js';
import type { ExperimentRow } from '../columns.js';
import { createBody, formFromRow, formProblems, patchBody, type ExperimentForm } from '../form.js';

/**
 * The form of an experiment (name, description, date): the administrators' edit of `row`, or the
 * curators' new experiment when `row` is null. Checked as the server checks it before it is sent;
 * `onSaved` gets the experiment's id after the server accepted it.
 */
export function EditDialog(props: { row: ExperimentRow | null; onClose(): void; onSaved(id: number): void }) {
  const services = useServices();
  const { api, t } = services;
  const [form, setForm] = useState<ExperimentForm>(() => formFromRow(props.row));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = formProblems(form);
  const error = (key: keyof ExperimentForm) => (tried && problems[key] ? t(`experiments.form.${problems[key]}`) : undefined);
  const set = (key: keyof ExperimentForm) => (value: string) => setForm((old) => ({ ...old, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (busy || Object.keys(problems).length > 0) return;
    setBusy(true);
    const row = props.row;
    const saved = row
      ? api.patch<boolean>(`experiment/${row.experimentId}`, { body: patchBody(row.experimentId, form) }).then(() => row.experimentId)
      : api.put<number>('experiment', { body: createBody(form) });
    saved
      .then((id) => {
        services.toast({ titleKey: 'experiments.doneTitle', messageKey: row ? 'experiments.saved' : 'experiments.created', values: { name: form.name.trim() }, variant: 'success', autoHideMs: 5000, append: true });
        props.onClose();
        props.onSaved(id);
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  return (
    <Modal open title={t(props.row ? 'experiments.form.title' : 'experiments.form.createTitle')} onClose={props.onClose} closeLabel={t('experiments.form.cancel')}>
      <form onSubmit={submit} noValidate>
        {tried && Object.keys(problems).length > 0 ? (
          <p role="alert" className="ui-error">
            {t('experiments.form.invalid')}
          </p>
        ) : null}
        <Field label={t('experiments.column.experimentName')} error={error('name')}>
          <input className="ui-input" value={form.name} maxLength={255} required autoFocus onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field label={t('experiments.column.experimentDescription')}>
          <textarea className="ui-input" rows={4} value={form.description} onChange={(e) => set('description')(e.target.value)} />
        </Field>
        <Field label={t('experiments.column.experimentDate')} error={error('date')}>
          <input className="ui-input" type="date" value={form.date} onChange={(e) => set('date')(e.target.value)} />
        </Field>
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('experiments.form.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {t(busy ? 'experiments.form.saving' : 'experiments.form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
