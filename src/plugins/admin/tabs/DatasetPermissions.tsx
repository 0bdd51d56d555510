import { useState } from 'react';
import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import type { DatasetRow, UserGroupRow, UserRow } from '../types.js';
import type { DatasetTab, PermissionsView } from '../view-state.js';
import { AddPicker } from '../widgets/AddPicker.js';
import { done, shown, userLabel } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import { Tabs } from '../../../shell/ui/Tabs.js';

/** Largest list a picker loads at once: user groups are few; this bounds a runaway answer. */
const PICKER_LIMIT = 1000;

interface Props {
  idPrefix: string;
  view: PermissionsView;
  setView(patch: Partial<PermissionsView>): void;
}

/**
 * Dataset permissions: pick a dataset, then the groups and the users
 * who may see it while it is private.
 */
export function DatasetPermissions(props: Props) {
  const { api, t } = useServices();
  const { view } = props;
  const [name, setName] = useState('');
  const filter: Filter[] = name.trim() === '' ? [] : [{ column: 'datasetName', comparator: 'contains', operator: 'and', values: [name.trim()] }];

  // The chosen dataset, read through swr (the api client has shown any error).
  const dataset =
    useSWR(view.datasetId === null ? null : ['admin:dataset', view.datasetId], async ([, datasetId]: readonly [string, number]) => {
      const byId: Filter = { column: 'datasetId', comparator: 'equals', operator: 'and', values: [datasetId] };
      return (await api.table<DatasetRow>('dataset/table', { page: 1, limit: 1, filter: [byId] })).data[0] ?? null;
    }, { onError: shown }).data ?? null;

  const columns: Column<DatasetRow>[] = [
    { key: 'datasetId', label: t('admin.dataset.id') },
    { key: 'datasetName', label: t('admin.dataset.name') },
    { key: 'experimentName', label: t('admin.dataset.experiment') },
    { key: 'datasetType', label: t('admin.dataset.type') },
    { key: 'datasetState', label: t('admin.dataset.state') },
    {
      key: 'choose',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <button type="button" aria-pressed={row.datasetId === view.datasetId} onClick={() => props.setView({ datasetId: row.datasetId })}>
          {t('admin.dataset.choose', { name: row.datasetName })}
        </button>
      ),
    },
  ];

  return (
    <div>
      <div className="ui-field">
        <label htmlFor={`${props.idPrefix}-dataset-name`}>{t('admin.dataset.filter')}</label>
        <input id={`${props.idPrefix}-dataset-name`} type="search" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <ListTable<DatasetRow>
        caption={t('admin.dataset.caption')}
        columns={columns}
        rowKey={(row) => row.datasetId}
        source={(request, signal) => api.table<DatasetRow>('dataset/table', request, { signal })}
        filter={filter}
        emptyText={t('admin.dataset.none')}
      />
      {view.datasetId !== null ? (
        <section aria-labelledby={`${props.idPrefix}-dataset-title`}>
          <h3 id={`${props.idPrefix}-dataset-title`}>{t('admin.dataset.permissionsOf', { name: dataset?.datasetName ?? String(view.datasetId) })}</h3>
          <Tabs
            idPrefix={`${props.idPrefix}-dataset`}
            label={t('admin.dataset.permissionTabs')}
            tabs={[
              { id: 'groups', label: t('admin.tab.groupPermissions') },
              { id: 'users', label: t('admin.tab.userPermissions') },
            ]}
            selected={view.datasetTab}
            onSelect={(id) => props.setView({ datasetTab: id as DatasetTab })}
          >
            {view.datasetTab === 'groups' ? <GroupPermissions datasetId={view.datasetId} /> : <UserPermissions datasetId={view.datasetId} />}
          </Tabs>
        </section>
      ) : null}
    </div>
  );
}

function GroupPermissions({ datasetId }: { datasetId: number }) {
  const services = useServices();
  const { api, t } = services;
  // Read through swr; a change revalidates the permitted groups (and reloads the paged table).
  const [reload, setReload] = useState(0);
  const groups =
    useSWR('admin:groups-picker', () => api.table<UserGroupRow>('usergroup/table', { page: 1, limit: PICKER_LIMIT, orderBy: 'userGroupName', ascending: 1 }), { onError: shown })
      .data?.data ?? [];
  const { data: ids, mutate } = useSWR(['admin:dataset-groups', datasetId], () => api.tableIds(`dataset/${datasetId}/usergroup/ids`, { page: 1, limit: PICKER_LIMIT }), { onError: shown });
  const permitted = ids?.data ?? [];

  const change = (groupIds: number[], addOperation: boolean) =>
    api
      .patch<boolean>(`dataset/${datasetId}/usergroup`, { body: { datasetId, groupIds, addOperation } })
      .then(() => {
        done(services, addOperation ? 'admin.dataset.groupAdded' : 'admin.dataset.groupRemoved');
        void mutate();
        setReload((n) => n + 1);
      })
      .catch(shown);

  const columns: Column<UserGroupRow>[] = [
    { key: 'userGroupName', label: t('admin.group.name') },
    { key: 'userGroupDescription', label: t('admin.group.description'), className: 'ui-wrap' },
    { key: 'count', label: t('admin.group.count') },
    {
      key: 'remove',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <button type="button" onClick={() => void change([row.userGroupId], false)}>
          {t('admin.dataset.removeGroup', { name: row.userGroupName })}
        </button>
      ),
    },
  ];

  return (
    <div>
      <AddPicker
        label={t('admin.dataset.addGroupLabel')}
        addLabel={t('admin.add')}
        chooseLabel={t('admin.choose')}
        emptyText={t(groups.length === 0 ? 'admin.dataset.noGroupsExist' : 'admin.dataset.noMoreGroups')}
        options={groups.filter((g) => !permitted.includes(g.userGroupId)).map((g) => ({ value: String(g.userGroupId), label: g.userGroupName }))}
        onAdd={(value) => void change([Number(value)], true)}
      />
      <ListTable<UserGroupRow>
        caption={t('admin.tab.groupPermissions')}
        columns={columns}
        rowKey={(row) => row.userGroupId}
        source={(request, signal) => api.table<UserGroupRow>(`dataset/${datasetId}/usergroup`, request, { signal })}
        sourceKey={String(datasetId)}
        reload={reload}
        emptyText={t('admin.dataset.noGroups')}
      />
    </div>
  );
}

function UserPermissions({ datasetId }: { datasetId: number }) {
  const services = useServices();
  const { api, t } = services;
  // Read through swr; a change revalidates the permitted users.
  const users = useSWR('admin:user', () => api.get<UserRow[]>('user'), { onError: shown }).data ?? [];
  const { data: direct, mutate } = useSWR(['admin:dataset-users', datasetId], () => api.get<UserRow[]>(`dataset/${datasetId}/user`), { onError: shown });
  const permitted = direct ?? null;

  const change = (userIds: number[], addOperation: boolean) =>
    api
      .patch<boolean>(`dataset/${datasetId}/user`, { body: { datasetId, userIds, addOperation } })
      .then(() => {
        done(services, addOperation ? 'admin.dataset.userAdded' : 'admin.dataset.userRemoved');
        void mutate();
      })
      .catch(shown);

  const ids = new Set((permitted ?? []).map((u) => u.id));
  const columns: Column<UserRow>[] = [
    { key: 'username', label: t('admin.user.username') },
    { key: 'fullName', label: t('admin.user.fullName') },
    { key: 'emailAddress', label: t('admin.user.email') },
    {
      key: 'remove',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <button type="button" onClick={() => void change([row.id], false)}>
          {t('admin.dataset.removeUser', { name: userLabel(row) })}
        </button>
      ),
    },
  ];

  return (
    <div>
      <AddPicker
        label={t('admin.dataset.addUserLabel')}
        addLabel={t('admin.add')}
        chooseLabel={t('admin.choose')}
        emptyText={t('admin.dataset.noMoreUsers')}
        options={users.filter((u) => !ids.has(u.id)).map((u) => ({ value: String(u.id), label: userLabel(u) }))}
        onAdd={(value) => void change([Number(value)], true)}
      />
      {permitted === null ? (
        <p role="status">{t('admin.loading')}</p>
      ) : (
        <ListTable<UserRow> caption={t('admin.tab.userPermissions')} columns={columns} rowKey={(row) => row.id} rows={permitted} emptyText={t('admin.dataset.noUsers')} />
      )}
    </div>
  );
}
