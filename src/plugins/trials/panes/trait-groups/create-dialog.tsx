import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { Field } from '../../../../shell/ui/Field.js';
import { Modal } from '../../../../shell/ui/Modal.js';
import { createTraitGroup, useRefreshTraitGroups, useUserId } from './reads.js';
import { groupFormProblem, MAX_GROUP_NAME, type GroupForm } from './requests.js';
import { useTraitGroupStyles } from './styles.js';

const EMPTY: GroupForm = { name: '', description: '', visibility: 'private' };

/**
 * "Create group from marked traits": a name, a description and who sees the group (private to start
 * with: a group is shared on purpose, never by default), then `PUT group` and the marked traits as its
 * members. The toast says how many went in, in the words Germinate uses for groups of marked items.
 */
export function CreateGroupDialog(props: { onClose(): void; onCreated(groupId: number): void }) {
  useTraitGroupStyles();
  const services = useServices();
  const { api, t, store } = services;
  const marked = useSnapshot(store.state).markedIds.traits;
  const userId = useUserId();
  const refresh = useRefreshTraitGroups();
  const [form, setForm] = useState<GroupForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [noType, setNoType] = useState(false);
  const problem = groupFormProblem(form);
  const set = (patch: Partial<GroupForm>) => setForm((old) => ({ ...old, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem !== null || busy || userId === null || marked.length === 0) return;
    setBusy(true);
    createTraitGroup(api, form, userId, [...marked])
      .then((result) => {
        if (result === 'noType') {
          setNoType(true);
          return;
        }
        refresh();
        services.toast({
          titleKey: 'trials.traitGroups.create.doneTitle',
          messageKey: 'trials.traitGroups.create.done',
          values: { count: String(result.added) },
          variant: 'success',
          autoHideMs: 5000,
          append: true,
        });
        props.onCreated(result.groupId);
      })
      .catch(() => {
        // The api client has shown the server's message; a group made before a failed member change is listed.
        refresh();
      })
      .finally(() => setBusy(false));
  };

  const nameError = tried && problem !== null && problem !== 'descriptionTooLong' ? t(`trials.traitGroups.form.${problem}`, { max: MAX_GROUP_NAME }) : undefined;
  const descriptionError = tried && problem === 'descriptionTooLong' ? t('trials.traitGroups.form.descriptionTooLong') : undefined;
  return (
    <Modal open title={t('trials.traitGroups.create.title')} onClose={props.onClose} closeLabel={t('trials.traitGroups.cancel')}>
      <form className="trials-group-form" onSubmit={submit} noValidate>
        {marked.length === 0 ? (
          <p role="alert" className="ui-error">
            {t('trials.traitGroups.noneMarked')}
          </p>
        ) : (
          <p>{t('trials.traitGroups.create.intro', { count: marked.length })}</p>
        )}
        <Field label={t('trials.traitGroups.form.name')} error={nameError}>
          <input className="ui-input" value={form.name} maxLength={MAX_GROUP_NAME} autoComplete="off" autoFocus onChange={(event) => set({ name: event.target.value })} />
        </Field>
        <Field label={t('trials.traitGroups.form.description')} error={descriptionError}>
          <textarea className="ui-input" rows={3} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
        <fieldset className="trials-group-radios">
          <legend>{t('trials.traitGroups.form.visibility')}</legend>
          {(['private', 'public'] as const).map((visibility) => (
            <label key={visibility}>
              <input type="radio" name="trials-group-visibility" value={visibility} checked={form.visibility === visibility} onChange={() => set({ visibility })} />
              {t(`trials.traitGroups.form.${visibility}`)}
            </label>
          ))}
        </fieldset>
        {noType ? (
          <p role="alert" className="ui-error">
            {t('trials.traitGroups.noType')}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('trials.traitGroups.cancel')}</Button>
          <Button variant="primary" type="submit" aria-disabled={busy || marked.length === 0}>
            {t(busy ? 'trials.traitGroups.create.busy' : 'trials.traitGroups.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
