import { useId, useState } from 'react';
import type { Filter } from '../../../core/table-request.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import type { AuditRow } from '../types.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';

function details(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function actionOf(state: unknown): string {
  const action = typeof state === 'object' && state !== null ? (state as Record<string, unknown>).action : '';
  return typeof action === 'string' ? action : '';
}

/**
 * The audit log (our addition to the admin area): who changed which setting, role, group or
 * permission, newest first, filtered by action (e.g. `settings.update`, `user.role`).
 */
export default function AuditLogPane(props: PaneProps) {
  const { api, t, translator } = useServices();
  const filterId = useId();
  const titleId = `${props.paneKey}-audit-title`;
  // The typed text is local; the applied filter is view state, so it survives a reload.
  const applied = actionOf(props.instance.state);
  const [action, setAction] = useState(applied);
  const filter: Filter[] = applied === '' ? [] : [{ column: 'action', comparator: 'contains', operator: 'and', values: [applied] }];

  const columns: Column<AuditRow>[] = [
    { key: 'createdOn', label: t('admin.audit.createdOn'), render: (row) => translator.formatDateTime(row.createdOn) },
    { key: 'username', label: t('admin.audit.user') },
    { key: 'action', label: t('admin.audit.action') },
    { key: 'target', label: t('admin.audit.target') },
    { key: 'details', label: t('admin.audit.details'), sortable: false, className: 'ui-wrap', render: (row) => <code>{details(row.details)}</code> },
  ];

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.pane.audit')}</h2>
      <form
        className="ui-actions"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          props.setState(action.trim() === '' ? {} : { action: action.trim() });
        }}
      >
        <label htmlFor={filterId}>{t('admin.audit.filter')}</label>
        <input id={filterId} type="search" value={action} onChange={(event) => setAction(event.target.value)} />
        <button type="submit">{t('admin.audit.apply')}</button>
      </form>
      <ListTable<AuditRow>
        caption={t('admin.audit.caption')}
        columns={columns}
        rowKey={(row) => row.auditId}
        source={(request, signal) => api.table<AuditRow>('audit/table', request, { signal })}
        filter={filter}
        initialSort={{ orderBy: 'createdOn', ascending: false }}
        emptyText={t('admin.audit.none')}
      />
    </section>
  );
}
