import { useState, type FormEvent } from 'react';
import { groupFormProblem, MAX_GROUP_NAME, type GroupForm } from '../../../shell/groups/requests.js';
import { useServices } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Field } from '../../../shell/ui/Field.js';
import { Modal } from '../../../shell/ui/Modal.js';
import type { GroupTableRow } from '../kinds.js';

/** A group's name, description and visibility, changed by its owner or an administrator (`PATCH group/{id}`). */
export function EditGroupDialog(props: { row: GroupTableRow; onClose(): void; onSaved(): void }) {
  const services = useServices();
  const { api, t } = services;
  const { row } = props;
  const [form, setForm] = useState<GroupForm>({ name: row.groupName ?? '', description: row.groupDescription ?? '', visibility: row.groupVisibility ? 'public' : 'private' });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = groupFormProblem(form);
  const set = (patch: Partial<GroupForm>) => setForm((old) => ({ ...old, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem !== null || busy) return;
    setBusy(true);
    const description = form.description.trim();
    api
      .patch<boolean>(`group/${row.groupId}`, { body: { id: row.groupId, name: form.name.trim(), description: description === '' ? null : description, visibility: form.visibility === 'public' } })
      .then(() => {
        services.toast({ titleKey: 'groups.details.savedTitle', messageKey: 'groups.details.saved', values: { name: form.name.trim() }, variant: 'success', autoHideMs: 5000, append: true });
        props.onSaved();
        props.onClose();
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  const nameError = tried && problem !== null && problem !== 'descriptionTooLong' ? t(`groups.form.${problem}`, { max: MAX_GROUP_NAME }) : undefined;
  return (
    <Modal open title={t('groups.command.edit')} onClose={props.onClose} closeLabel={t('groups.cancel')}>
      <form className="groups-form" onSubmit={submit} noValidate>
        <Field label={t('groups.form.name')} error={nameError}>
          <input className="ui-input" value={form.name} maxLength={MAX_GROUP_NAME} autoComplete="off" autoFocus onChange={(event) => set({ name: event.target.value })} />
        </Field>
        <Field label={t('groups.form.description')} error={tried && problem === 'descriptionTooLong' ? t('groups.form.descriptionTooLong') : undefined}>
          <textarea className="ui-input" rows={3} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
        <fieldset className="groups-radios">
          <legend>{t('groups.form.visibility')}</legend>
          {(['private', 'public'] as const).map((visibility) => (
            <label key={visibility}>
              <input type="radio" name={`group-${row.groupId}-visibility`} value={visibility} checked={form.visibility === visibility} onChange={() => set({ visibility })} />
              {t(`groups.form.${visibility}`)}
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('groups.cancel')}</Button>
          <Button variant="primary" type="submit" aria-disabled={busy}>
            {t(busy ? 'groups.details.saving' : 'groups.details.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
