import { useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Field } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import { bodyOf, nameProblem, NAME_MAX, type LicenceForm as FormState } from './admin-form.js';

/** A locale's name in the reader's language (`Deutsch (Deutschland)`), or the code when the browser has none. */
function localeName(locale: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader.replace('_', '-')], { type: 'language' }).of(locale.replace('_', '-')) ?? locale;
  } catch {
    return locale;
  }
}

/**
 * Create or edit a licence (administrators): name (required), description, and its text (HTML) per
 * locale. Saving sends PUT `license` for a new licence and PATCH `license/{id}` for an existing one; a
 * failed call is shown by the api client's toast and keeps the form open.
 */
export function LicenceForm(props: { initial: FormState; onClose(): void; onSaved(name: string): void }) {
  const { api, t, translator } = useServices();
  const [form, setForm] = useState(props.initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = nameProblem(form);
  const isNew = form.licenseId === null;

  const save = () => {
    setTried(true);
    if (problem || busy) return;
    setBusy(true);
    const call = isNew ? api.put<unknown>('license', { body: bodyOf(form) }) : api.patch<unknown>(`license/${form.licenseId}`, { body: bodyOf(form) });
    call
      .then(() => props.onSaved(form.name.trim()))
      // The api client has shown the error; the form stays open with what was typed.
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <Modal open title={t(isNew ? 'datasets.licence.form.createTitle' : 'datasets.licence.form.editTitle')} onClose={props.onClose} closeLabel={t('datasets.licence.close')} wide>
      <form
        className="modal-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Field label={t('datasets.licence.form.name')} error={tried && problem ? t(problem, { max: String(NAME_MAX) }) : undefined}>
          <input value={form.name} autoFocus required maxLength={NAME_MAX} onChange={(event) => setForm({ ...form, name: event.target.value })} />
        </Field>
        <Field label={t('datasets.licence.form.description')}>
          <textarea rows={2} value={form.description} onChange={(event) => setForm({ ...form, description: event.target.value })} />
        </Field>
        {Object.keys(form.content).map((locale) => (
          <Field key={locale} label={t('datasets.licence.form.content', { locale: localeName(locale, translator.locale) })} hint={t('datasets.licence.form.contentHint')}>
            <textarea rows={8} value={form.content[locale]} onChange={(event) => setForm({ ...form, content: { ...form.content, [locale]: event.target.value } })} />
          </Field>
        ))}
        <div className="modal-actions">
          <Button onClick={(event) => event.currentTarget.closest('dialog')?.close()}>{t('datasets.licence.form.cancel')}</Button>
          <Button type="submit" variant="primary" aria-disabled={busy}>
            {t(busy ? 'datasets.licence.form.saving' : 'datasets.licence.form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
