import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import type { FeedbackRow } from '../types.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { done, shown, textOr } from '../widgets/format.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';

/** Characters of a message shown in the list; the whole text is in the detail. */
const PREVIEW = 80;

function openId(state: unknown): number | null {
  const id = typeof state === 'object' && state !== null ? (state as Record<string, unknown>).feedbackId : null;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * user-feedback: the feedback users sent, newest first,
 * unread in bold. Opening an unread one marks it read (its contact details are then removed 30 days
 * later by the server); the screenshot loads with the session's image token.
 */
export default function UserFeedbackPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator } = services;
  const [reload, setReload] = useState(0);
  const [deleting, setDeleting] = useState<FeedbackRow | null>(null);
  const selected = openId(props.instance.state);
  const select = (id: number | null) => props.setState(id === null ? {} : { feedbackId: id });
  const titleId = `${props.paneKey}-feedback-title`;

  const remove = (row: FeedbackRow) =>
    api
      .delete<boolean>(`feedback/${row.id}`)
      .then(() => {
        done(services, 'admin.feedback.deleted');
        if (selected === row.id) select(null);
        setReload((n) => n + 1);
      })
      .catch(shown);

  const columns: Column<FeedbackRow>[] = [
    { key: 'isNew', label: t('admin.feedback.status'), render: (row) => (row.isNew ? <span className="ui-badge">{t('admin.feedback.unread')}</span> : t('admin.feedback.read')) },
    { key: 'createdOn', label: t('admin.feedback.createdOn'), render: (row) => translator.formatDateTime(row.createdOn) },
    { key: 'feedbackType', label: t('admin.feedback.type'), render: (row) => textOr(services, `admin.feedback.type.${row.feedbackType}`, row.feedbackType) },
    { key: 'severity', label: t('admin.feedback.severity'), render: (row) => textOr(services, `admin.feedback.severity.${row.severity}`, row.severity) },
    {
      key: 'content',
      label: t('admin.feedback.content'),
      className: 'ui-wrap',
      render: (row) => (row.content.length > PREVIEW ? `${row.content.slice(0, PREVIEW)}…` : row.content),
    },
    { key: 'contactEmail', label: t('admin.feedback.email') },
    {
      key: 'actions',
      label: t('admin.actions'),
      sortable: false,
      render: (row) => (
        <div className="ui-actions">
          <button type="button" aria-pressed={row.id === selected} onClick={() => select(row.id)}>
            {t('admin.feedback.open', { id: row.id })}
          </button>
          <button type="button" className="ui-button ui-button-danger ui-button-sm" onClick={() => setDeleting(row)}>
            {t('admin.feedback.delete', { id: row.id })}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.pane.feedback')}</h2>
      <ListTable<FeedbackRow>
        caption={t('admin.feedback.caption')}
        columns={columns}
        rowKey={(row) => row.id}
        rowData={(row) => ({ unread: String(Boolean(row.isNew)) })}
        source={(request, signal) => api.table<FeedbackRow>('feedback/table', request, { signal })}
        initialSort={{ orderBy: 'createdOn', ascending: false }}
        reload={reload}
        emptyText={t('admin.feedback.none')}
      />
      {selected !== null ? (
        <FeedbackDetail
          id={selected}
          idPrefix={props.paneKey}
          onRead={() => setReload((n) => n + 1)}
          onClose={() => select(null)}
          onDelete={(row) => setDeleting(row)}
        />
      ) : null}
      <Confirm
        danger
        open={deleting !== null}
        title={t('admin.feedback.deleteTitle')}
        message={t('admin.feedback.deleteConfirm', { id: deleting?.id ?? '' })}
        confirmLabel={t('admin.delete')}
        cancelLabel={t('admin.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function FeedbackDetail(props: { id: number; idPrefix: string; onRead(): void; onClose(): void; onDelete(row: FeedbackRow): void }) {
  const services = useServices();
  const { api, t, translator, session } = services;
  const byId: Filter = { column: 'id', comparator: 'equals', operator: 'and', values: [props.id] };
  // undefined while loading; null when no feedback has this id (deleted meanwhile, or a stale link).
  const { data: row, mutate } = useSWR(['admin:feedback', props.id], () => api.table<FeedbackRow>('feedback/table', { page: 1, limit: 1, filter: [byId] }).then((r) => r.data[0] ?? null), {
    onError: shown,
  });
  const marked = useRef(new Set<number>());
  const onRead = useRef(props.onRead);
  onRead.current = props.onRead;

  // Reading it is what "read" means; once per id, even if the list reloads meanwhile.
  useEffect(() => {
    if (!row?.isNew || marked.current.has(row.id)) return;
    marked.current.add(row.id);
    api
      .get(`feedback/${row.id}/mark`, { handlers: [{ codes: [404], callback: () => undefined }] })
      .then(() => {
        onRead.current();
        void mutate();
      })
      .catch(shown);
  }, [api, row, mutate]);

  const titleId = `${props.idPrefix}-feedback-detail`;
  if (row === null) return <p role="alert">{t('admin.feedback.missing')}</p>;
  if (row === undefined) return <p role="status">{t('admin.loading')}</p>;
  const token = session.current()?.imageToken ?? '';
  return (
    <section className="admin-detail ui-detail" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('admin.feedback.detailTitle', { id: row.id })}</h3>
      <dl className="ui-dl">
        <dt>{t('admin.feedback.type')}</dt>
        <dd>{textOr(services, `admin.feedback.type.${row.feedbackType}`, row.feedbackType)}</dd>
        <dt>{t('admin.feedback.severity')}</dt>
        <dd>{textOr(services, `admin.feedback.severity.${row.severity}`, row.severity)}</dd>
        <dt>{t('admin.feedback.createdOn')}</dt>
        <dd>{translator.formatDateTime(row.createdOn)}</dd>
        <dt>{t('admin.feedback.email')}</dt>
        <dd>
          <a href={`mailto:${row.contactEmail}`}>{row.contactEmail}</a>
        </dd>
        <dt>{t('admin.feedback.page')}</dt>
        <dd>{row.pageUrl}</dd>
        <dt>{t('admin.feedback.content')}</dt>
        <dd style={{ whiteSpace: 'pre-wrap' }}>{row.content}</dd>
      </dl>
      {row.hasImage ? (
        <img src={`./api/feedback/${row.id}/img?size=small&token=${encodeURIComponent(token)}`} alt={t('admin.feedback.screenshot', { id: row.id })} />
      ) : (
        <p className="ui-hint">{t('admin.feedback.noScreenshot')}</p>
      )}
      <div className="ui-actions">
        <button type="button" onClick={props.onClose}>
          {t('admin.close')}
        </button>
        <button type="button" className="ui-button ui-button-danger" onClick={() => props.onDelete(row)}>
          {t('admin.feedback.delete', { id: row.id })}
        </button>
      </div>
    </section>
  );
}
