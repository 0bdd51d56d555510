import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useServices } from '../../../shell/pane-api.js';
import { USER_TYPES, type UserRow } from '../types.js';
import { done, roleText, shown, userLabel } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';

/**
 * Users and their roles: GET user, PATCH user/{id}. An administrator's own role is
 * shown but not editable (the server refuses it too), so no one locks themselves out.
 */
export function Users() {
  const services = useServices();
  const { api, t, translator, session } = services;
  // Read through swr (the api client has shown any error); a change revalidates it.
  const { data: users, mutate } = useSWR('admin:user', () => api.get<UserRow[]>('user'), { onError: shown });
  const me = session.current()?.userId ?? null;

  const setRole = (row: UserRow, userType: string) =>
    api
      .patch<boolean>(`user/${row.id}`, { body: { userType } })
      .then(() => {
        done(services, 'admin.user.roleChanged', { name: userLabel(row), role: roleText(t, userType) });
        void mutate();
      })
      .catch(shown);

  const columns: Column<UserRow>[] = [
    { key: 'username', label: t('admin.user.username') },
    { key: 'fullName', label: t('admin.user.fullName') },
    { key: 'emailAddress', label: t('admin.user.email') },
    { key: 'name', label: t('admin.user.institution') },
    { key: 'lastLogin', label: t('admin.user.lastLogin'), render: (row) => translator.formatDateTime(row.lastLogin) },
    {
      key: 'userType',
      label: t('admin.user.role'),
      render: (row) =>
        row.id === me ? (
          <span>{t('admin.user.ownRole', { role: roleText(t, row.userType) })}</span>
        ) : (
          <RoleChooser row={row} onApply={(userType) => void setRole(row, userType)} />
        ),
    },
  ];

  if (users === undefined) return <p role="status">{t('admin.loading')}</p>;
  return <ListTable<UserRow> caption={t('admin.user.caption')} columns={columns} rowKey={(row) => row.id} rows={users} initialSort={{ orderBy: 'username', ascending: true }} emptyText={t('admin.user.none')} />;
}

/** A role select and its apply button: arrow keys on a select change its value, so nothing is sent before "Apply". */
function RoleChooser(props: { row: UserRow; onApply(userType: string): void }) {
  const { t } = useServices();
  const [value, setValue] = useState(props.row.userType);
  useEffect(() => setValue(props.row.userType), [props.row.userType]);
  const name = userLabel(props.row);
  return (
    <div className="ui-actions">
      <select aria-label={t('admin.user.roleOf', { name })} value={value} onChange={(event) => setValue(event.target.value)}>
        {USER_TYPES.map((type) => (
          <option key={type} value={type}>
            {roleText(t, type)}
          </option>
        ))}
      </select>
      <button type="button" disabled={value === props.row.userType} onClick={() => props.onApply(value)}>
        {t('admin.user.applyRole', { name })}
      </button>
    </div>
  );
}
