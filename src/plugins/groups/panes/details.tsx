import { useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { GroupItemKind } from '../../../shell/groups/kind.js';
import { useRefreshGroups, useUserId } from '../../../shell/groups/reads.js';
import { useGroupStyles } from '../../../shell/groups/styles.js';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { kindOf, membersTable, PANE, typeKey, type GroupTableRow } from '../kinds.js';
import { EditGroupDialog } from './edit-dialog.js';

/**
 * A group (`/groups/:groupId`): its details and its members as the table of the group's kind. Its owner and
 * administrators add the marked items of that kind, remove the marked members, make it public or private,
 * edit and delete it; everyone else reads. A private group of another user is "not found", as the server
 * answers it.
 */
export default function GroupDetailsPane(props: PaneProps) {
  useGroupStyles();
  const services = useServices();
  const { api, t, workspace, store } = services;
  const id = Number(props.instance.params.groupId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const userId = useUserId();
  const isAdmin = useHasRole('ADMIN');
  const titleId = useId();
  const { dialog, open, close } = usePaneDialog(props);
  const [revision, setRevision] = useState(0);
  const group = useSWR(valid ? ['groups:details', id, userId, revision] : null, () =>
    api.table<GroupTableRow>('group/table', { page: 1, limit: 1, filter: [{ column: 'groupId', comparator: 'equals', operator: 'and', values: [String(id)] }] }).then((page) => page.data[0] ?? null),
  );
  const row = group.data ?? null;
  const kind: GroupItemKind | null = kindOf(row?.groupType);
  const refreshLists = useRefreshGroups(kind ?? ({ target: 'germinatebase', memberPath: 'germplasm' } as GroupItemKind));
  const marked = useSnapshot(store.state).markedIds[kind?.markedType ?? 'germplasm'];
  const declaration = useMemo(() => (kind && valid ? membersTable(kind, id) : null), [kind, id, valid]);

  if (!valid || group.data === null) {
    return (
      <section className="ui-pane" aria-label={t('groups.pane.details')}>
        <p role="status">{t('groups.details.notFound', { id: props.instance.params.groupId ?? '' })}</p>
      </section>
    );
  }
  if (!row || !kind || !declaration) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('groups.pane.details')}>
        <p role="status">{t(group.error ? 'groups.details.loadFailed' : 'groups.details.loading')}</p>
      </section>
    );
  }

  const mayChange = isAdmin || (userId !== null && row.userId === userId);
  const changed = () => {
    setRevision((n) => n + 1);
    refreshLists();
  };
  const toast = (messageKey: string, values: Record<string, string>) => services.toast({ titleKey: 'groups.details.doneTitle', messageKey, values, variant: 'success', autoHideMs: 5000, append: true });
  const changeMembers = (addition: boolean) =>
    api
      .patch<number>(`group/${id}/${kind.memberPath}`, { body: { ids: [...marked], addition } })
      .then((count) => {
        toast(addition ? 'groups.details.added' : 'groups.details.removed', { count: String(count), name: row.groupName ?? String(id) });
        changed();
      })
      .catch(() => {});
  const setVisibility = () =>
    api
      .patch<boolean>(`group/${id}`, { body: { id, visibility: !row.groupVisibility, description: row.groupDescription ?? null } })
      .then(() => {
        toast(row.groupVisibility ? 'groups.details.madePrivate' : 'groups.details.madePublic', { name: row.groupName ?? String(id) });
        changed();
      })
      .catch(() => {});
  const remove = () =>
    api
      .delete<boolean>(`group/${id}`)
      .then(() => {
        toast('groups.details.deleted', { name: row.groupName ?? String(id) });
        refreshLists();
        workspace.open({ type: PANE.table, params: {} }, 'replace', props.paneKey);
      })
      .catch(() => {});

  const name = row.groupName || String(id);
  const action = (dialogName: string, label: string, key: string, variant?: 'danger') => (
    <Button variant={variant} onClick={() => open(dialogName)} aria-keyshortcuts={key}>
      {label}
    </Button>
  );
  return (
    <section className="ui-pane groups-details" aria-labelledby={titleId} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{name}</h2>
        {mayChange ? (
          <div className="ui-actions" role="toolbar" aria-label={t('groups.details.actions')}>
            {action('addMarked', t('groups.command.add-marked'), 'a')}
            {action('removeMarked', t('groups.command.remove-marked'), 'r')}
            {action('visibility', t(row.groupVisibility ? 'groups.details.makePrivate' : 'groups.details.makePublic'), 'v')}
            {action('edit', t('groups.command.edit'), 'e')}
            {action('delete', t('groups.command.delete'), 'Shift+Delete', 'danger')}
          </div>
        ) : null}
      </div>
      {row.groupDescription ? <p>{row.groupDescription}</p> : null}
      <dl className="ui-dl">
        <dt>{t('groups.column.groupType')}</dt>
        <dd>{t(typeKey(row.groupType))}</dd>
        <dt>{t('groups.column.userName')}</dt>
        <dd>{row.userName || '—'}</dd>
        <dt>{t('groups.column.groupVisibility')}</dt>
        <dd>{t(row.groupVisibility ? 'groups.visibility.public' : 'groups.visibility.private')}</dd>
        <dt>{t('groups.column.count')}</dt>
        <dd>{String(row.count)}</dd>
      </dl>
      <div style={{ flex: 1, minHeight: '16rem' }}>
        <TableView key={revision} declaration={declaration} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('groups.details.members', { name })} />
      </div>
      {mayChange && dialog === 'edit' ? <EditGroupDialog row={row} onClose={close} onSaved={changed} /> : null}
      <Confirm
        open={mayChange && dialog === 'delete'}
        title={t('groups.command.delete')}
        message={t('groups.details.deleteConfirm', { name, count: String(row.count) })}
        confirmLabel={t('groups.command.delete')}
        cancelLabel={t('groups.cancel')}
        danger
        onConfirm={() => void remove()}
        onClose={close}
      />
      <Confirm
        open={mayChange && dialog === 'visibility'}
        title={t(row.groupVisibility ? 'groups.details.makePrivate' : 'groups.details.makePublic')}
        message={t(row.groupVisibility ? 'groups.details.privateConfirm' : 'groups.details.publicConfirm', { name })}
        confirmLabel={t(row.groupVisibility ? 'groups.details.makePrivate' : 'groups.details.makePublic')}
        cancelLabel={t('groups.cancel')}
        onConfirm={() => void setVisibility()}
        onClose={close}
      />
      <Confirm
        open={mayChange && (dialog === 'addMarked' || dialog === 'removeMarked') && marked.length > 0}
        title={t(dialog === 'addMarked' ? 'groups.command.add-marked' : 'groups.command.remove-marked')}
        message={t(dialog === 'addMarked' ? 'groups.details.addConfirm' : 'groups.details.removeConfirm', { count: marked.length, type: t(typeKey(row.groupType)) })}
        confirmLabel={t(dialog === 'addMarked' ? 'groups.command.add-marked' : 'groups.command.remove-marked')}
        cancelLabel={t('groups.cancel')}
        danger={dialog === 'removeMarked'}
        onConfirm={() => void changeMembers(dialog === 'addMarked')}
        onClose={close}
      />
      <Confirm
        open={mayChange && (dialog === 'addMarked' || dialog === 'removeMarked') && marked.length === 0}
        title={t(dialog === 'addMarked' ? 'groups.command.add-marked' : 'groups.command.remove-marked')}
        message={t(kind.texts.noneMarked)}
        confirmLabel={t('groups.details.ok')}
        cancelLabel={t('groups.cancel')}
        onConfirm={() => {}}
        onClose={close}
      />
    </section>
  );
}
