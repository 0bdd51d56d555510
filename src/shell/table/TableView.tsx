import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { TABLE_PER_PAGE_OPTIONS } from '../../core/client-state.js';
import { defaultCellText, hiddenColumnsOf, type TableDeclaration } from '../../core/table-declaration.js';
import { withFixed } from '../../core/table-filters.js';
import type { Filter } from '../../core/table-request.js';
import { pageCount, readViewState, sortBy, toRequest, writeViewState, type TableViewState } from '../../core/table-view-state.js';
import { useServices } from '../pane-api.js';
import { keepEnterOnControls } from './control-keys.js';
import { DataTable } from './DataTable.js';
import { downloadFile } from './download.js';
import { PrintTable } from './PrintTable.js';

// The dialogs are one lazy chunk, fetched once the first rows are shown (see dialogs.ts).
const dialogs = () => import('./dialogs.js');
const ColumnPicker = lazy(() => dialogs().then((m) => ({ default: m.ColumnPicker })));
const FilterLine = lazy(() => dialogs().then((m) => ({ default: m.FilterLine })));
const FilterModal = lazy(() => dialogs().then((m) => ({ default: m.FilterModal })));
const JumpToPage = lazy(() => dialogs().then((m) => ({ default: m.JumpToPage })));

/**
 * A table pane from a declaration: server paging and sorting, the filter modal and filter line,
 * hidden columns, page size, jump to page, export of the current filter, marks, the row cursor (kept
 * in the URL), print and empty states. The shared table commands reach it through the `tables` service.
 */
export interface TableViewProps<R extends Record<string, unknown>> {
  declaration: TableDeclaration<R>;
  paneKey: string;
  state: Record<string, unknown> | undefined;
  setState(state: Record<string, unknown>): void;
  /** Restriction the user cannot remove (marked ids, list matches); null = show nothing yet. */
  fixed?: Filter[] | null;
  label: string;
  toolbar?: ReactNode;
  /** What "mark all" means here (every match of a list); default: every row of the page. */
  onMarkAll?(): void;
  /**
   * Further keys of the request body, sent with the page and the export (e.g. the datasets, traits and
   * germplasm a data table is restricted to: Germinate's subsetted requests carry them beside the filters).
   */
  body?: Record<string, unknown>;
}

type Dialog = 'filter' | 'line' | 'jump' | 'columns' | null;

export function TableView<R extends Record<string, unknown>>(props: TableViewProps<R>) {
  const { declaration, paneKey, fixed } = props;
  const services = useServices();
  const { api, store, t, workspace } = services;
  const snap = useSnapshot(store.state);
  const view = useMemo(() => readViewState(props.state), [props.state]);
  const perPage = snap.tablePerPage;
  const [rows, setRows] = useState<R[] | null>(null);
  const [count, setCount] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Which request the shown rows answer: while another is on its way, the rows on screen are the
  // previous page's, and the row keys must not mark or open them as if they were the new page's.
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const lastMarked = useRef<number | null>(null);
  // The last count while only the page or sort changes, so the server need not count again.
  const countFor = useRef<{ filters: string; count: number }>({ filters: '', count: -1 });
  const markType = declaration.markType;
  const marked = markType ? snap.markedIds[markType] : [];

  const userHidden = snap.hiddenColumns[declaration.id];
  const adminHidden = services.settings.hiddenColumns?.[declaration.id];
  const hidden = useMemo(() => hiddenColumnsOf(declaration.columns, userHidden, adminHidden), [declaration.columns, userHidden, adminHidden]);
  const allColumns = useMemo(() => declaration.columns.map((c) => ({ ...c, title: t(c.titleKey) })), [declaration, t]);
  const columns = useMemo(() => allColumns.filter((c) => !hidden.includes(c.id)), [allColumns, hidden]);

  const filters = useMemo(() => withFixed(view.filters, fixed ?? []), [view.filters, fixed]);
  const filterText = JSON.stringify(filters);

  const noFixed = fixed === null;
  const bodyText = JSON.stringify(props.body ?? {});
  const requestKey = JSON.stringify([declaration.path, filterText, view.orderBy, view.ascending, view.page, perPage, noFixed, bodyText]);
  const loading = loadedFor !== requestKey;
  useEffect(() => {
    if (noFixed) {
      setRows([]);
      setCount(0);
      setLoadedFor(requestKey);
      return;
    }
    const controller = new AbortController();
    const counted = filterText + bodyText;
    const prevCount = countFor.current.filters === counted ? countFor.current.count : -1;
    api
      .table<R>(declaration.path, { ...props.body, ...toRequest({ ...view, filters }, perPage, prevCount) }, { signal: controller.signal })
      .then((result) => {
        setRows(result.data);
        setCount(result.count);
        setLoadedFor(requestKey);
        countFor.current = { filters: counted, count: result.count };
      })
      .catch(() => {
        // The api client has already shown the error toast.
      });
    return () => controller.abort();
    // Keyed by the request's content (the filters as text, sort, page), not by the objects' identity: a
    // re-render with equal filters must not ask the server again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, requestKey]);

  // Once rows are shown, fetch the dialogs' code, so that a key pressed later opens them at once.
  const shownRows = rows !== null;
  useEffect(() => {
    if (shownRows) void dialogs();
  }, [shownRows]);

  const { setState, onMarkAll } = props;
  const update = useCallback((next: TableViewState) => setState(writeViewState(next)), [setState]);
  const shown = useMemo(() => rows ?? [], [rows]);
  const cursor = Math.min(view.cursor, Math.max(0, shown.length - 1));
  const maxPage = pageCount(count, perPage);
  const selected = shown[cursor];
  const setCursor = useCallback((next: number) => update({ ...view, cursor: next }), [update, view]);

  const openRow = useCallback(
    (row: R | undefined, where: 'replace' | 'right') => {
      if (row && declaration.open) workspace.open(declaration.open(row), where, paneKey);
    },
    [workspace, paneKey, declaration],
  );
  const mark = useCallback(
    (index: number) => {
      const row = shown[index];
      if (row && markType && store.toggleMark(markType, declaration.rowId(row))) lastMarked.current = index;
    },
    [shown, markType, store, declaration],
  );

  const exportCurrent = useCallback(async () => {
    if (!declaration.exportPath) return;
    const file = await api.tableExport(declaration.exportPath, { ...props.body, filter: filters.length > 0 ? filters : null });
    downloadFile(file.blob, file.filename ?? declaration.exportName ?? `${declaration.id}.zip`);
    // props.body is read through bodyText: equal bodies must not make a new export function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, filters, declaration, bodyText]);

  useEffect(
    () =>
      services.tables.register(paneKey, {
        moveRow: (delta) => {
          if (!loading && !inDialog()) setCursor(Math.min(Math.max(0, cursor + delta), Math.max(0, shown.length - 1)));
        },
        openSelected: (where) => {
          if (!loading && !onControl()) openRow(shown[cursor], where);
        },
        toggleMark: () => {
          if (!loading && !inDialog()) mark(cursor);
        },
        markRange: () => {
          if (loading || inDialog() || !markType) return;
          const from = lastMarked.current ?? cursor;
          const [a, b] = from < cursor ? [from, cursor] : [cursor, from];
          store.markItems(markType, shown.slice(a, b + 1).map((row) => declaration.rowId(row)));
          lastMarked.current = cursor;
        },
        markAll: () => {
          if (loading || inDialog()) return;
          if (onMarkAll) onMarkAll();
          else if (markType) store.markItems(markType, shown.map((row) => declaration.rowId(row)));
        },
        openFilter: () => setDialog('filter'),
        openFilterLine: () => setDialog('line'),
        openJump: () => setDialog('jump'),
        exportCurrent,
      }),
    [services.tables, paneKey, loading, shown, cursor, setCursor, openRow, mark, markType, store, declaration, onMarkAll, exportCurrent],
  );

  const setPage = (page: number) => update({ ...view, page: Math.min(Math.max(1, page), maxPage), cursor: 0 });
  const applyFilters = (next: Filter[]) => {
    update({ ...view, filters: next, page: 1, cursor: 0 });
    setDialog(null);
  };
  const cellText = (row: R, column: string) => declaration.cellText?.(row, column) ?? defaultCellText(row[column]);

  return (
    <div className="data-table" data-testid={`${declaration.id}-table`} aria-busy={loading} onKeyDown={keepEnterOnControls}>
      <div role="toolbar" aria-label={t('table.toolbar')} className="table-toolbar">
        {props.toolbar}
        <button type="button" onClick={() => setDialog('filter')} aria-keyshortcuts="f">
          {t('filter.title')}
          {view.filters.length > 0 ? ` (${view.filters.length})` : ''}
        </button>
        <button type="button" onClick={() => setDialog('line')} aria-keyshortcuts="/">
          {t('table.filterLine')}
        </button>
        <button type="button" onClick={() => setDialog('columns')}>
          {t('table.columns')}
        </button>
        {declaration.exportPath ? (
          <button type="button" onClick={() => void exportCurrent()}>
            {t('table.export')}
          </button>
        ) : null}
        {markType ? <span aria-live="polite">{t('table.markedCount', { count: marked.length })}</span> : null}
      </div>
      {dialog === 'line' ? (
        <Suspense fallback={null}>
          <FilterLine columns={allColumns} filters={view.filters} api={api} path={declaration.path} body={props.body} t={t} onApply={applyFilters} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {rows !== null && count === 0 && fixed !== null ? (
        <p role="status" className="table-empty">
          {view.filters.length > 0 ? t('table.emptyFiltered') : t('table.empty')}
        </p>
      ) : null}
      <DataTable<R>
        columns={columns}
        rows={shown}
        cellText={cellText}
        cursor={cursor}
        onCursor={setCursor}
        isMarked={(row) => (markType ? marked.includes(declaration.rowId(row)) : false)}
        onToggleMark={(_row, index) => mark(index)}
        onActivate={(row) => openRow(row, 'replace')}
        sort={{ column: view.orderBy, ascending: view.ascending }}
        onSort={(column) => update(sortBy(view, column))}
        label={props.label}
        markLabel={t('table.mark')}
        markable={markType !== undefined}
        describeRow={(row) => t('table.cursorRow', { row: cursor + 1, title: declaration.rowTitle(row) })}
      />
      <PrintTable caption={props.label} columns={columns} rows={shown} cellText={cellText} />
      <nav aria-label={t('table.pagination')} className="table-pager">
        <button type="button" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
          {t('table.previous')}
        </button>
        <button type="button" onClick={() => setDialog('jump')} aria-keyshortcuts="p">
          {t('table.pageOf', { page: view.page, max: maxPage })}
        </button>
        <button type="button" disabled={view.page >= maxPage} onClick={() => setPage(view.page + 1)}>
          {t('table.next')}
        </button>
        <span>{t('table.rowCount', { count })}</span>
        <label>
          {t('table.perPage')}
          <select
            value={perPage}
            onChange={(e) => {
              const option = TABLE_PER_PAGE_OPTIONS.find((o) => o === Number(e.target.value));
              if (option !== undefined) {
                store.state.tablePerPage = option;
                update({ ...view, page: 1, cursor: 0 });
              }
            }}
          >
            {TABLE_PER_PAGE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </nav>
      <Suspense fallback={null}>
        {dialog === 'filter' ? <FilterModal open columns={allColumns} filters={view.filters} t={t} onApply={applyFilters} onClose={() => setDialog(null)} /> : null}
        {dialog === 'jump' ? (
          <JumpToPage
            open
            maxPage={maxPage}
            t={t}
            onJump={(page) => {
              setPage(page);
              setDialog(null);
            }}
            onClose={() => setDialog(null)}
          />
        ) : null}
        {dialog === 'columns' ? (
          <ColumnPicker hidden={hidden} columns={allColumns} t={t} onChange={(next) => store.setHiddenColumns(declaration.id, next)} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
      {selected === undefined ? null : <span hidden data-cursor-id={declaration.rowId(selected)} />}
    </div>
  );
}

/** A modal is open: its own keys win over the table's. */
function inDialog(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/** Enter on a focused button, link or field is that control's own Enter, not "open the row". */
function onControl(): boolean {
  const active = document.activeElement;
  return (
    inDialog() ||
    (active instanceof HTMLElement && active.closest('button, a[href], select, summary, input, textarea, [role="button"]') !== null)
  );
}
