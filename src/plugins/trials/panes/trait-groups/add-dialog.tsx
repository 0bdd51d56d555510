import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useHasRole } from '../../../../shell/pane-dialog.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { ErrorText } from '../../../../shell/ui/Field.js';
import { Modal } from '../../../../shell/ui/Modal.js';
import { GroupSelect } from './group-select.js';
import { addMembers, useRefreshTraitGroups, useTraitGroups, useUserId } from './reads.js';
import { groupOptionValues } from './requests.js';
import { useTraitGroupStyles } from './styles.js';

/**
 * "Add marked traits to a group": one of the trait groups the user may change (their own; every one for
 * administrators, who manage all groups), then `PATCH group/{id}/trait`. Traits already in the group stay
 * once: the toast counts the ones added. With no group of their own, the user is sent to create one.
 */
export function AddToGroupDialog(props: { onClose(): void; onCreate(): void; onAdded(groupId: number): void }) {
  useTraitGroupStyles();
  const services = useServices();
  const { api, t, store } = services;
  const marked = useSnapshot(store.state).markedIds.traits;
  const userId = useUserId();
  const isAdmin = useHasRole('ADMIN');
  const groups = useTraitGroups(isAdmin ? null : userId, userId !== null);
  const refresh = useRefreshTraitGroups();
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
    addMembers(api, chosen.groupId, [...marked])
      .then((added) => {
        refresh();
        services.toast({
          titleKey: 'trials.traitGroups.add.doneTitle',
          messageKey: 'trials.traitGroups.add.done',
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
    <Modal open title={t('trials.traitGroups.add.title')} onClose={props.onClose} closeLabel={t('trials.traitGroups.cancel')}>
      <form className="trials-group-form" onSubmit={submit} noValidate>
        {marked.length === 0 ? (
          <p role="alert" className="ui-error">
            {t('trials.traitGroups.noneMarked')}
          </p>
        ) : (
          <p>{t('trials.traitGroups.add.intro', { count: marked.length })}</p>
        )}
        {groups.error ? <p className="ui-error">{t('trials.traitGroups.listFailed')}</p> : null}
        {groups.data === undefined && !groups.error ? <p role="status">{t('trials.traitGroups.loading')}</p> : null}
        {noGroups ? (
          <p role="status">{t('trials.traitGroups.add.noGroups')}</p>
        ) : groups.data !== undefined ? (
          <div className="ui-field">
            <label htmlFor={selectId}>{t('trials.traitGroups.add.group')}</label>
            <GroupSelect
              id={selectId}
              groups={list}
              value={groupId}
              onChange={setGroupId}
              noneLabel={t('trials.traitGroups.add.choose')}
              aria-describedby={tried && chosen === null ? `${selectId}-error` : undefined}
            />
            <ErrorText id={`${selectId}-error`} error={tried && chosen === null ? t('trials.traitGroups.add.needGroup') : undefined} />
          </div>
        ) : null}
        <div className="modal-actions">
          <Button onClick={props.onClose}>{t('trials.traitGroups.cancel')}</Button>
          {noGroups ? (
            <Button variant="primary" onClick={props.onCreate}>
              {t('trials.traitGroups.command.create')}
            </Button>
          ) : (
            <Button variant="primary" type="submit" aria-disabled={busy || marked.length === 0 || groups.data === undefined}>
              {t(busy ? 'trials.traitGroups.add.busy' : 'trials.traitGroups.add.submit')}
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
