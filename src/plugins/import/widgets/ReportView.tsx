import { useMemo, useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import {
  countIssues,
  filterIssues,
  groupIssues,
  issuesToTsv,
  NO_FILTER,
  TSV_HEADER_KEYS,
  type ImportIssue,
  type IssueFilter,
  type IssueGroup,
} from '../jobs.js';

/** Rows shown per kind before "show more": a report can list tens of thousands of problems. */
const PAGE = 100;

/**
 * The verification report: every issue, grouped by kind with its counts, filterable by type, kind and
 * text, and downloadable as TSV (built here, from what the server already sent).
 */
export function ReportView(props: { id: string; issues: readonly ImportIssue[]; fileName: string }) {
  const { t } = useServices();
  const [filter, setFilter] = useState<IssueFilter>(NO_FILTER);
  const translate = useMemo(() => issueText(t), [t]);
  // One option per kind, named by its text in the user's language (the code after it, for searching docs).
  const kinds = useMemo(() => {
    const first = new Map<string, ImportIssue>();
    for (const issue of props.issues) if (!first.has(issue.status)) first.set(issue.status, issue);
    return [...first].map(([status, issue]) => ({ status, label: `${translate(issue)} (${status})` })).sort((a, b) => a.label.localeCompare(b.label));
  }, [props.issues, translate]);
  const shown = useMemo(() => filterIssues(props.issues, filter, translate), [props.issues, filter, translate]);
  const groups = useMemo(() => groupIssues(shown), [shown]);
  const total = countIssues(props.issues);

  const download = () => {
    const text = issuesToTsv(shown, TSV_HEADER_KEYS.map((key) => t(key)), translate);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/tab-separated-values;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${props.fileName.replace(/\.[^.]+$/, '') || 'import'}-report.tsv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="import-report" aria-labelledby={`${props.id}-title`}>
      <h3 id={`${props.id}-title`}>{t('import.report.title')}</h3>
      <p role="status" data-testid="import-report-summary">
        {t('import.report.summary', { errors: total.errors, warnings: total.warnings })}
      </p>
      {props.issues.length === 0 ? null : (
        <>
          <div className="ui-filters" role="group" aria-label={t('import.report.filters')}>
            <span>
              <label htmlFor={`${props.id}-type`}>{t('import.report.filterType')}</label>{' '}
              <select id={`${props.id}-type`} value={filter.type} onChange={(e) => setFilter({ ...filter, type: e.target.value as IssueFilter['type'] })}>
                <option value="ALL">{t('import.report.all')}</option>
                <option value="ERROR">{t('import.report.errors')}</option>
                <option value="WARNING">{t('import.report.warnings')}</option>
              </select>
            </span>
            <span>
              <label htmlFor={`${props.id}-kind`}>{t('import.report.filterKind')}</label>{' '}
              <select id={`${props.id}-kind`} value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value })}>
                <option value="">{t('import.report.all')}</option>
                {kinds.map((kind) => (
                  <option key={kind.status} value={kind.status}>
                    {kind.label}
                  </option>
                ))}
              </select>
            </span>
            <span>
              <label htmlFor={`${props.id}-text`}>{t('import.report.filterText')}</label>{' '}
              <input id={`${props.id}-text`} type="search" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
            </span>
            <button type="button" onClick={download} disabled={shown.length === 0}>
              {t('import.report.download')}
            </button>
          </div>
          <p className="ui-muted" aria-live="polite">
            {t('import.report.shown', { shown: shown.length, total: props.issues.length })}
          </p>
          {groups.map((group) => (
            <IssueGroupTable key={group.status} id={`${props.id}-${group.status}`} group={group} translate={translate} />
          ))}
        </>
      )}
    </section>
  );
}

/** `importStatus.<STATUS>` in the user's language; the server's short text when a status has none. */
export function issueText(t: (key: string) => string): (issue: ImportIssue) => string {
  return (issue) => {
    const key = issue.messageKey?.startsWith('importStatus.') ? issue.messageKey : `importStatus.${issue.status}`;
    const text = t(key);
    return text === key ? issue.message : text;
  };
}

function IssueGroupTable(props: { id: string; group: IssueGroup; translate: (issue: ImportIssue) => string }) {
  const { t } = useServices();
  const [limit, setLimit] = useState(PAGE);
  const { group } = props;
  const first = group.issues[0];
  return (
    <section className="import-group" aria-labelledby={`${props.id}-heading`}>
      <h4 id={`${props.id}-heading`}>
        <span className={group.errors > 0 ? 'ui-text-error' : 'ui-text-warning'}>{first ? props.translate(first) : group.status}</span>{' '}
        <span className="ui-muted">
          {group.status} · {t('import.report.groupCounts', { errors: group.errors, warnings: group.warnings })}
        </span>
      </h4>
      <table className="import-issues ui-table">
        <thead>
          <tr>
            <th scope="col">{t('import.report.column.type')}</th>
            <th scope="col">{t('import.report.column.sheet')}</th>
            <th scope="col">{t('import.report.column.row')}</th>
            <th scope="col">{t('import.report.column.column')}</th>
            <th scope="col">{t('import.report.column.value')}</th>
            <th scope="col">{t('import.report.column.text')}</th>
            <th scope="col">{t('import.report.column.message')}</th>
          </tr>
        </thead>
        <tbody>
          {group.issues.slice(0, limit).map((issue, index) => (
            <tr key={index} className={issue.type === 'ERROR' ? 'import-row-error' : 'import-row-warning'}>
              <td>{t(issue.type === 'ERROR' ? 'import.report.error' : 'import.report.warning')}</td>
              <td>{issue.sheet ?? ''}</td>
              <td>{issue.rowIndex >= 0 ? issue.rowIndex : ''}</td>
              <td>{issue.column ?? ''}</td>
              <td>{issue.value ?? ''}</td>
              <td>{props.translate(issue)}</td>
              <td>{issue.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {group.issues.length > limit ? (
        <button type="button" onClick={() => setLimit(limit + PAGE * 10)}>
          {t('import.report.more', { count: Math.min(PAGE * 10, group.issues.length - limit) })}
        </button>
      ) : null}
    </section>
  );
}
