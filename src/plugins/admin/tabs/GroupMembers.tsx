import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';
import type { UserRow } from '../types.js';
import { AddPicker } from '../widgets/AddPicker.js';
import { done, shown, userLabel } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';

/** A user group's members: GET and PATCH usergroup/{id}/user. */
export function GroupMembers(props: { groupId: number; onChanged(): void }) {
  const services = useServices();
  const { api, t } = services;
  const { groupId } = props;
  // Read through swr (the api client has shown any error); a change revalidates the members.
  const users = useSWR('admin:user', () => api.get<UserRow[]>('user'), { onError: shown }).data ?? [];
  const { data: current, mutate } = useSWR(['admin:group-members', groupId], () => api.get<UserRow[]>(`usergroup/${groupId}/user`), { onError: shown });
  const members = current ?? null;

  const change = (userIds: number[], addOperation: boolean) =>
    api
      .patch<boolean>(`usergroup/${groupId}/user`, { body: { userGroupId: groupId, userIds, addOperation } })
      .then(() => {
        done(services, addOperation ? 'admin.group.memberAdded' : 'admin.group.memberRemoved');
        void mutate();
        // The group list shows member counts.
        props.onChanged();
      })
      .catch(shown);

  const ids = new Set((members ?? []).map((u) => u.id));
  const columns: Column<UserRow>[] = [
    { key: 'username', label: t('admin.user.username') },
    { key: 'fullName', label: t('admin.user.fullName') },
    { key: 'emailAddress', label: t('admin.user.email') },
    { key: 'name', label: t('admin.user.institution') },
    {
      key: 'remove',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <button type="button" onClick={() => void change([row.id], false)}>
          {t('admin.group.removeMember', { name: userLabel(row) })}
        </button>
      ),
    },
  ];

  return (
    <div>
      <AddPicker
        label={t('admin.group.addMemberLabel')}
        addLabel={t('admin.add')}
        chooseLabel={t('admin.choose')}
        emptyText={t('admin.group.noMoreUsers')}
        options={users.filter((u) => !ids.has(u.id)).map((u) => ({ value: String(u.id), label: userLabel(u) }))}
        onAdd={(value) => void change([Number(value)], true)}
      />
      {members === null ? (
        <p role="status">{t('admin.loading')}</p>
      ) : (
        <ListTable<UserRow> caption={t('admin.group.membersCaption')} columns={columns} rowKey={(row) => row.id} rows={members} emptyText={t('admin.group.noMembers')} />
      )}
    </div>
  );
}
