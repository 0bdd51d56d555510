import { useId, useState } from 'react';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import { REQUEST_STATUSES, type AccessRequestRow } from '../types.js';
import type { PermissionsView, StatusFilter } from '../view-state.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { done, shown } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';

interface Props {
  view: PermissionsView;
  setView(patch: Partial<PermissionsView>): void;
}

interface Deciding {
  row: AccessRequestRow;
  approve: boolean;
}

/**
 * Access requests: registrations and returning users waiting for an administrator.
 * Pending ones are listed first (the default filter); each decision is confirmed.
 */
export function AccessRequests(props: Props) {
  const services = useServices();
  const { api, t, translator } = services;
  const filterId = useId();
  const [reload, setReload] = useState(0);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const status = props.view.status;
  const filter: Filter[] = status === 'all' ? [] : [{ column: 'status', comparator: 'equals', operator: 'and', values: [status] }];

  const decide = ({ row, approve }: Deciding) =>
    api
      .post<boolean>(`user/request/${row.requestId}/decision`, { body: { approve } })
      .then(() => {
        done(services, approve ? 'admin.request.approved' : 'admin.request.rejected', { name: row.username });
        setReload((n) => n + 1);
      })
      .catch(shown);

  const columns: Column<AccessRequestRow>[] = [
    { key: 'createdOn', label: t('admin.request.createdOn'), render: (row) => translator.formatDateTime(row.createdOn) },
    { key: 'kind', label: t('admin.request.kind'), render: (row) => t(`admin.request.kind.${row.kind}`) },
    { key: 'username', label: t('admin.user.username') },
    { key: 'fullName', label: t('admin.user.fullName') },
    { key: 'emailAddress', label: t('admin.user.email') },
    { key: 'institutionName', label: t('admin.user.institution') },
    { key: 'status', label: t('admin.request.status'), render: (row) => t(`admin.request.status.${row.status}`) },
    {
      key: 'decidedOn',
      label: t('admin.request.decided'),
      render: (row) => (row.decidedOn ? `${translator.formatDateTime(row.decidedOn)}${row.decidedByName ? ` (${row.decidedByName})` : ''}` : ''),
    },
    {
      key: 'actions',
      label: t('admin.actions'),
      sortable: false,
      render: (row) =>
        row.status === 'pending' ? (
          <div className="ui-actions">
            <button type="button" onClick={() => setDeciding({ row, approve: true })}>
              {t('admin.request.approve', { name: row.username })}
            </button>
            <button type="button" onClick={() => setDeciding({ row, approve: false })}>
              {t('admin.request.reject', { name: row.username })}
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <div>
      <div className="ui-actions">
        <label htmlFor={filterId}>{t('admin.request.filter')}</label>
        <select id={filterId} value={status} onChange={(event) => props.setView({ status: event.target.value as StatusFilter })}>
          {[...REQUEST_STATUSES, 'all' as const].map((value) => (
            <option key={value} value={value}>
              {t(`admin.request.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <ListTable<AccessRequestRow>
        caption={t('admin.request.caption')}
        columns={columns}
        rowKey={(row) => row.requestId}
        source={(request, signal) => api.table<AccessRequestRow>('user/request/table', request, { signal })}
        filter={filter}
        initialSort={{ orderBy: 'createdOn', ascending: false }}
        reload={reload}
        emptyText={t('admin.request.none')}
      />
      <Confirm
        open={deciding !== null}
        title={t(deciding?.approve === false ? 'admin.request.rejectTitle' : 'admin.request.approveTitle')}
        message={t(deciding?.approve === false ? 'admin.request.rejectConfirm' : 'admin.request.approveConfirm', { name: deciding?.row.username ?? '' })}
        confirmLabel={t(deciding?.approve === false ? 'admin.request.rejectButton' : 'admin.request.approveButton')}
        cancelLabel={t('admin.cancel')}
        onConfirm={() => deciding && void decide(deciding)}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
