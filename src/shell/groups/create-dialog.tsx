import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useServices } from '../pane-api.js';
import { Button } from '../ui/Button.js';
import { Field } from '../ui/Field.js';
import { Modal } from '../ui/Modal.js';
import type { GroupItemKind } from './kind.js';
import { createGroup, useRefreshGroups, useUserId } from './reads.js';
import { groupFormProblem, MAX_GROUP_NAME, type GroupForm } from './requests.js';
import { useGroupStyles } from './styles.js';

const EMPTY: GroupForm = { name: '', description: '', visibility: 'private' };

export interface CreateGroupDialogProps {
  kind: GroupItemKind;
  onClose(): void;
  onCreated(groupId: number): void;
  /** The ids that become members instead of the marked items (a matched list, say). */
  items?: readonly number[];
  /** The intro that counts `items` (`{count}`); default: the kind's, which speaks of marked items. */
  introKey?: string;
  /** A group may be created with no members (the groups page); default: only with items to put in. */
  allowEmpty?: boolean;
  /** The kinds to choose from, the chosen one being `kind` (the groups page); none = the kind is given. */
  kindChoice?: { kinds: readonly GroupItemKind[]; label: string; optionLabel(kind: GroupItemKind): string; onChange(kind: GroupItemKind): void };
}

/**
 * "Create group from marked items": a name, a description and who sees the group (private to start with: a
 * group is shared on purpose, never by default), then `PUT group` and the marked items of the kind as its
 * members. The toast says how many went in, in the words Germinate uses for groups of marked items.
 */
export function CreateGroupDialog(props: CreateGroupDialogProps) {
  useGroupStyles();
  const services = useServices();
  const { api, t, store } = services;
  const { kind } = props;
  const markedNow = useSnapshot(store.state).markedIds[kind.markedType];
  const marked = props.items ?? markedNow;
  const empty = marked.length === 0 && !props.allowEmpty;
  const userId = useUserId();
  const refresh = useRefreshGroups(kind);
  const [form, setForm] = useState<GroupForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [noType, setNoType] = useState(false);
  const problem = groupFormProblem(form);
  const set = (patch: Partial<GroupForm>) => setForm((old) => ({ ...old, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem !== null || busy || userId === null || empty) return;
    setBusy(true);
    createGroup(api, kind, form, userId, [...marked])
      .then((result) => {
        if (result === 'noType') {
          setNoType(true);
          return;
        }
        refresh();
        services.toast({
          titleKey: kind.texts.created,
          messageKey: 'groups.create.done',
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

  const nameError = tried && problem !== null && problem !== 'descriptionTooLong' ? t(`groups.form.${problem}`, { max: MAX_GROUP_NAME }) : undefined;
  const descriptionError = tried && problem === 'descriptionTooLong' ? t('groups.form.descriptionTooLong') : undefined;
  const radioName = `groups-visibility-${kind.memberPath}`;
  return (
    <Modal open title={t(kind.texts.create)} onClose={props.onClose} closeLabel={t('groups.cancel')}>
      <form className="groups-form" onSubmit={submit} noValidate>
        {props.kindChoice ? (
          <Field label={props.kindChoice.label}>
            <select
              className="ui-select"
              value={kind.target}
              onChange={(event) => {
                const next = props.kindChoice?.kinds.find((choice) => choice.target === event.target.value);
                if (next) props.kindChoice?.onChange(next);
              }}
            >
              {props.kindChoice.kinds.map((choice) => (
                <option key={choice.target} value={choice.target}>
                  {props.kindChoice?.optionLabel(choice)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {empty ? (
          <p role="alert" className="ui-error">
            {t(kind.texts.noneMarked)}
          </p>
        ) : (
          <p>{t(props.introKey ?? kind.texts.createIntro, { count: marked.length })}</p>
        )}
        <Field label={t('groups.form.name')} error={nameError}>
          <input className="ui-input" value={form.name} maxLength={MAX_GROUP_NAME} autoComplete="off" autoFocus onChange={(event) => set({ name: event.target.value })} />
        </Field>
        <Field label={t('groups.form.description')} error={descriptionError}>
          <textarea className="ui-input" rows={3} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
        <fieldset className="groups-radios">
          <legend>{t('groups.form.visibility')}</legend>
          {(['private', 'public'] as const).map((visibility) => (
            <label key={visibility}>
              <input type="radio" name={radioName} value={visibility} checked={form.visibility === visibility} onChange={() => set({ visibility })} />
              {t(`groups.form.${visibility}`)}
            </label>
          ))}
        </fieldset>
        {noType ? (
          <p role="alert" className="ui-error">
            {t(kind.texts.noType)}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('groups.cancel')}</Button>
          <Button variant="primary" type="submit" aria-disabled={busy || empty}>
            {t(busy ? 'groups.create.busy' : 'groups.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
