import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useHasRole } from '../pane-dialog.js';
import { useServices } from '../pane-api.js';
import { Button } from '../ui/Button.js';
import { ErrorText } from '../ui/Field.js';
import { Modal } from '../ui/Modal.js';
import { GroupSelect } from './group-select.js';
import type { GroupItemKind } from './kind.js';
import { addMembers, useGroups, useRefreshGroups, useUserId } from './reads.js';
import { groupOptionValues } from './requests.js';
import { useGroupStyles } from './styles.js';

export interface AddToGroupDialogProps {
  kind: GroupItemKind;
  onClose(): void;
  /** Leads to the create dialog (the user has no group to add to). */
  onCreate(): void;
  onAdded(groupId: number): void;
  /** The ids to add instead of the marked items (a matched list, say). */
  items?: readonly number[];
  /** The intro that counts `items` (`{count}`); default: the kind's, which speaks of marked items. */
  introKey?: string;
}

/**
 * "Add marked items to a group": one of the kind's groups the user may change (their own; every one for
 * administrators, who manage all groups), then `PATCH group/{id}/<kind>`. Items already in the group stay
 * once: the toast counts the ones added. With no group of their own, the user is sent to create one.
 */
export function AddToGroupDialog(props: AddToGroupDialogProps) {
  useGroupStyles();
  const services = useServices();
  const { api, t, store } = services;
  const { kind } = props;
  const markedNow = useSnapshot(store.state).markedIds[kind.markedType];
  const marked = props.items ?? markedNow;
  const userId = useUserId();
  const isAdmin = useHasRole('ADMIN');
  const groups = useGroups(kind, isAdmin ? null : userId, userId !== null);
  const refresh = useRefreshGroups(kind);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const list = groups.data ?? [];
  const chosen = list.find((group) => group.groupId === groupId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (chosen === null || busy || marked.length === 0) return;
    setBusy(true);
    addMembers(api, kind, chosen.groupId, [...marked])
      .then((added) => {
        refresh();
        services.toast({
          titleKey: kind.texts.addedTitle,
          messageKey: kind.texts.added,
          values: { count: String(added), name: groupOptionValues(chosen).name },
          variant: 'success',
          autoHideMs: 5000,
          append: true,
        });
        props.onAdded(chosen.groupId);
      })
      .catch(() => {
        // The api client has shown the server's message.
      })
      .finally(() => setBusy(false));
  };

  const noGroups = groups.data !== undefined && list.length === 0;
  return (
    <Modal open title={t(kind.texts.add)} onClose={props.onClose} closeLabel={t('groups.cancel')}>
      <form className="groups-form" onSubmit={submit} noValidate>
        {marked.length === 0 ? (
          <p role="alert" className="ui-error">
            {t(kind.texts.noneMarked)}
          </p>
        ) : (
          <p>{t(props.introKey ?? kind.texts.addIntro, { count: marked.length })}</p>
        )}
        {groups.error ? <p className="ui-error">{t(kind.texts.listFailed)}</p> : null}
        {groups.data === undefined && !groups.error ? <p role="status">{t(kind.texts.loading)}</p> : null}
        {noGroups ? (
          <p role="status">{t(kind.texts.noOwnGroups)}</p>
        ) : groups.data !== undefined ? (
          <div className="ui-field">
            <label htmlFor={selectId}>{t(kind.texts.groupLabel)}</label>
            <GroupSelect
              kind={kind}
              id={selectId}
              groups={list}
              value={groupId}
              onChange={setGroupId}
              noneLabel={t('groups.add.choose')}
              aria-describedby={tried && chosen === null ? `${selectId}-error` : undefined}
            />
            <ErrorText id={`${selectId}-error`} error={tried && chosen === null ? t(kind.texts.needGroup) : undefined} />
          </div>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('groups.cancel')}</Button>
          {noGroups ? (
            <Button variant="primary" onClick={props.onCreate}>
              {t(kind.texts.create)}
            </Button>
          ) : (
            <Button variant="primary" type="submit" aria-disabled={busy || marked.length === 0 || groups.data === undefined}>
              {t(busy ? 'groups.add.busy' : 'groups.add.submit')}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
