import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TableRequest } from '../../core/api-client.js';
import type { Filter } from '../../core/table-request.js';
import type { PaginatedResult } from '../../core/table-types.js';
import { useServices } from '../pane-api.js';

/**
 * A small HTML table for short lists whose cells hold controls (the admin lists; a dataset's
 * collaborators or attributes): a caption, sortable headers as buttons (aria-sort), and a
 * pager. Rows come from the server page by page (`source`, a PaginatedRequest endpoint) or from a list
 * already loaded (`rows`, paged and sorted here). Such lists are short, so a real <table> that
 * screen readers walk cell by cell beats the canvas grid of the table panes (TableView), which draws text only.
 */
export interface Column<R> {
  /** The sort key (a server column for `source` tables) and React key. */
  key: string;
  label: string;
  /** Default true. */
  sortable?: boolean;
  /** The cell; default the row's value under `key` as text. */
  render?(row: R): ReactNode;
  /** Class of the cells (e.g. 'admin-wrap' for long text). */
  className?: string;
}

export type TableSource<R> = (request: TableRequest, signal: AbortSignal) => Promise<PaginatedResult<R>>;

export interface Sort {
  orderBy: string | null;
  ascending: boolean;
}

interface Props<R> {
  caption: string;
  /** The caption for screen readers only, where a visible heading above already says it. */
  captionHidden?: boolean;
  columns: readonly Column<R>[];
  rowKey(row: R): string | number;
  source?: TableSource<R>;
  /** Changes when `source` reads something else (another dataset, another path): the table reloads. */
  sourceKey?: string;
  rows?: readonly R[];
  filter?: Filter[];
  initialSort?: Sort;
  /** Bump to load the current page again (after a change). */
  reload?: number;
  emptyText: string;
  /** Extra attributes of a row (e.g. data-unread). */
  rowData?(row: R): Record<string, string>;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return cellText(a).localeCompare(cellText(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** Sorts and pages a loaded list the way the server would. */
export function localPage<R>(rows: readonly R[], page: number, limit: number, sort: Sort): PaginatedResult<R> {
  const key = sort.orderBy;
  const sorted = key === null ? [...rows] : [...rows].sort((a, b) => compare((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]) * (sort.ascending ? 1 : -1));
  return { data: sorted.slice((page - 1) * limit, page * limit), count: rows.length };
}

export function ListTable<R>(props: Props<R>) {
  const { t, store } = useServices();
  const limit = store.state.tablePerPage;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(props.initialSort ?? { orderBy: null, ascending: true });
  const [remote, setRemote] = useState<PaginatedResult<R> | null>(null);
  const [failed, setFailed] = useState(false);
  const source = useRef(props.source);
  source.current = props.source;
  const filterKey = JSON.stringify(props.filter ?? []);

  // Another filter or source starts again at page 1.
  useEffect(() => setPage(1), [filterKey, props.sourceKey]);

  useEffect(() => {
    const load = source.current;
    if (!load) return;
    const controller = new AbortController();
    setFailed(false);
    const request: TableRequest = { page, limit, orderBy: sort.orderBy, ascending: sort.ascending ? 1 : 0, filter: JSON.parse(filterKey) as Filter[] };
    load(request, controller.signal)
      .then((result) => {
        // A page past the end (the last row of the last page was removed) steps back.
        if (result.data.length === 0 && page > 1 && result.count > 0) setPage(Math.ceil(result.count / limit));
        setRemote(result);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [page, limit, sort.orderBy, sort.ascending, filterKey, props.sourceKey, props.reload]);

  const result = props.rows ? localPage(props.rows, page, limit, sort) : remote;
  const pages = result ? Math.max(1, Math.ceil(result.count / limit)) : 1;
  useEffect(() => {
    if (props.rows && page > pages) setPage(pages);
  }, [props.rows, page, pages]);

  const sortBy = (key: string) => {
    setSort((old) => (old.orderBy === key ? { orderBy: key, ascending: !old.ascending } : { orderBy: key, ascending: true }));
    setPage(1);
  };

  return (
    <div>
      <table className="ui-table">
        <caption className={props.captionHidden ? 'visually-hidden' : undefined}>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => {
              const sorted = sort.orderBy === column.key;
              return (
                <th key={column.key} scope="col" aria-sort={sorted ? (sort.ascending ? 'ascending' : 'descending') : undefined}>
                  {column.sortable === false ? (
                    column.label
                  ) : (
                    <button type="button" onClick={() => sortBy(column.key)}>
                      {column.label}
                      {sorted ? <span aria-hidden="true">{sort.ascending ? ' ▲' : ' ▼'}</span> : null}
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {result?.data.map((row) => (
            <tr key={props.rowKey(row)} {...Object.fromEntries(Object.entries(props.rowData?.(row) ?? {}).map(([k, v]) => [`data-${k}`, v]))}>
              {props.columns.map((column) => (
                <td key={column.key} className={column.className}>
                  {column.render ? column.render(row) : cellText((row as Record<string, unknown>)[column.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {failed ? (
        <p role="alert" className="ui-error">
          {t('table.list.loadFailed')}
        </p>
      ) : result === null ? (
        <p role="status">{t('table.list.loading')}</p>
      ) : result.count === 0 ? (
        <p>{props.emptyText}</p>
      ) : null}
      {result && result.count > 0 ? (
        <nav className="ui-pager" aria-label={t('table.list.pager', { caption: props.caption })}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('table.list.previous')}
          </button>
          <span>{t('table.list.page', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('table.list.next')}
          </button>
          <span>{t('table.list.rows', { count: result.count })}</span>
        </nav>
      ) : null}
    </div>
  );
}
