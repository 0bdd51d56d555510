import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { TABLE_PER_PAGE_OPTIONS, type TablePerPage } from '../../../core/client-state.js';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import { columnKey, GERMPLASM_COLUMNS, germplasmTitle, hiddenColumns, type GermplasmRow } from '../columns.js';
import { displayValue } from '../compare.js';
import { withFixed } from '../filters.js';
import { pageCount, readViewState, sortBy, toRequest, writeViewState, type TableViewState } from '../view-state.js';
import { keepEnterOnControls } from './control-keys.js';
import { DataTable } from './DataTable.js';
import { FilterModal } from './FilterModal.js';
import { JumpToPage } from './JumpToPage.js';

/**
 * The germplasm table as the table, marked-items and from-list panes show it: server paging and
 * sorting, filters, hidden columns, marks, export, and a row cursor driven by commands (through the `tables` service).
 */
export interface GermplasmTableProps {
  paneKey: string;
  focused: boolean;
  state: Record<string, unknown> | undefined;
  setState(state: Record<string, unknown>): void;
  /** Restriction the user cannot remove (marked ids, list matches); null = show nothing yet. */
  fixed?: Filter[] | null;
  label: string;
  toolbar?: ReactNode;
  onBulk?(): void;
}

const TABLE = 'germplasm';

export function GermplasmTable(props: GermplasmTableProps) {
  const services = useServices();
  const { api, store, t, workspace } = services;
  const snap = useSnapshot(store.state);
  const view = useMemo(() => readViewState(props.state), [props.state]);
  const perPage = snap.tablePerPage;
  const [rows, setRows] = useState<GermplasmRow[]>([]);
  const [count, setCount] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [modal, setModal] = useState<'filter' | 'jump' | 'columns' | null>(null);
  const lastMarked = useRef<number | null>(null);
  // prevCount: the last count while only the page or sort changes, -1 when the filters change.
  const countFor = useRef<{ filters: string; count: number }>({ filters: '', count: -1 });

  const hidden = hiddenColumns(snap.hiddenColumns[TABLE], services.settings.hiddenColumns?.[TABLE]);
  const columns = useMemo(
    () => GERMPLASM_COLUMNS.filter((c) => !hidden.includes(c)).map((id) => ({ id, title: t(columnKey(id)) })),
    [hidden.join(','), t],
  );
  const allColumns = useMemo(() => GERMPLASM_COLUMNS.map((id) => ({ id, title: t(columnKey(id)) })), [t]);

  const fixed = props.fixed;
  const filters = useMemo(() => withFixed(view.filters, fixed ?? []), [view.filters, fixed]);
  const filterText = JSON.stringify(filters);

  useEffect(() => {
    if (fixed === null) {
      setRows([]);
      setCount(0);
      return;
    }
    const controller = new AbortController();
    const prevCount = countFor.current.filters === filterText ? countFor.current.count : -1;
    api
      .table<GermplasmRow>('germplasm/table', toRequest({ ...view, filters }, perPage, prevCount), {
        signal: controller.signal,
      })
      .then((result) => {
        setRows(result.data);
        setCount(result.count);
        countFor.current = { filters: filterText, count: result.count };
        setCursor((c) => Math.min(Math.max(0, c), Math.max(0, result.data.length - 1)));
      })
      .catch(() => {
        // The api client has already shown the error toast (SPEC §8).
      });
    return () => controller.abort();
  }, [api, filterText, view.orderBy, view.ascending, view.page, perPage, fixed === null]);

  const update = useCallback((next: TableViewState) => props.setState(writeViewState(next)), [props]);
  const maxPage = pageCount(count, perPage);
  const selected = rows[cursor];
  const markedCount = snap.markedIds.germplasm.length;

  useEffect(() => {
    if (props.focused) services.publish('germplasm.selectionCount', selected ? 1 : 0);
  }, [props.focused, selected, services]);

  const openPassport = useCallback(
    (row: GermplasmRow | undefined, where: 'replace' | 'right') => {
      if (row) workspace.open({ type: 'germplasm:passport', params: { germplasmId: String(row.germplasmId) } }, where, props.paneKey);
    },
    [workspace, props.paneKey],
  );

  const exportCurrent = useCallback(async () => {
    const file = await api.tableExport('germplasm/table/export', { filter: filters.length > 0 ? filters : null });
    const url = URL.createObjectURL(file.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.filename ?? 'germplasm.zip';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, [api, filters]);

  useEffect(
    () =>
      services.tables.register(props.paneKey, {
        moveRow: (delta) => {
          if (!inDialog()) setCursor((c) => Math.min(Math.max(0, c + delta), Math.max(0, rows.length - 1)));
        },
        openSelected: (where) => {
          if (!onControl()) openPassport(rows[cursor], where);
        },
        toggleMark: () => {
          const row = rows[cursor];
          if (!row || inDialog()) return;
          if (store.toggleMark('germplasm', row.germplasmId)) lastMarked.current = cursor;
        },
        markRange: () => {
          if (inDialog()) return;
          const from = lastMarked.current ?? cursor;
          const [a, b] = from < cursor ? [from, cursor] : [cursor, from];
          store.markItems('germplasm', rows.slice(a, b + 1).map((r) => r.germplasmId));
          lastMarked.current = cursor;
        },
        markAll: () => {
          if (props.onBulk) props.onBulk();
          else store.markItems('germplasm', rows.map((r) => r.germplasmId));
        },
        openFilter: () => setModal('filter'),
        openFilterLine: () => setModal('filter'),
        openJump: () => setModal('jump'),
        exportCurrent,
      }),
    [services.tables, props.paneKey, rows, cursor, store, openPassport, exportCurrent, props.onBulk],
  );

  const setPage = (page: number) => update({ ...view, page: Math.min(Math.max(1, page), maxPage) });

  return (
    <div className="germplasm-table" data-testid="germplasm-table" onKeyDown={keepEnterOnControls} style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
      <div role="toolbar" aria-label={t('table.toolbar')} className="germplasm-toolbar" style={BAR}>
        {props.toolbar}
        <button type="button" onClick={() => setModal('filter')} aria-keyshortcuts="f">
          {t('filter.title')}
          {view.filters.length > 0 ? ` (${view.filters.length})` : ''}
        </button>
        <button type="button" onClick={() => setModal('columns')}>
          {t('table.columns')}
        </button>
        <button type="button" onClick={() => void exportCurrent()}>
          {t('table.export')}
        </button>
        <span aria-live="polite">{t('table.markedCount', { count: markedCount })}</span>
      </div>
      <DataTable<GermplasmRow>
        columns={columns}
        rows={rows}
        cellText={(row, column) => displayValue(row[column])}
        cursor={cursor}
        onCursor={setCursor}
        isMarked={(row) => snap.markedIds.germplasm.includes(row.germplasmId)}
        onToggleMark={(row, index) => {
          if (store.toggleMark('germplasm', row.germplasmId)) lastMarked.current = index;
        }}
        onActivate={(row) => openPassport(row, 'replace')}
        sort={{ column: view.orderBy, ascending: view.ascending }}
        onSort={(column) => update(sortBy(view, column))}
        label={props.label}
        markLabel={t('table.mark')}
        describeRow={(row) => t('table.cursorRow', { row: cursor + 1, title: germplasmTitle(row) })}
      />
      <nav aria-label={t('table.pagination')} className="germplasm-pager" style={BAR}>
        <button type="button" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
          {t('table.previous')}
        </button>
        <button type="button" onClick={() => setModal('jump')} aria-keyshortcuts="p">
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
              const value = Number(e.target.value);
              const option = TABLE_PER_PAGE_OPTIONS.find((o) => o === value);
              if (option !== undefined) {
                store.state.tablePerPage = option satisfies TablePerPage;
                update({ ...view, page: 1 });
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
      <FilterModal
        open={modal === 'filter'}
        columns={allColumns}
        filters={view.filters}
        t={t}
        onApply={(next) => {
          update({ ...view, filters: next, page: 1 });
          setModal(null);
        }}
        onClose={() => setModal(null)}
      />
      <JumpToPage
        open={modal === 'jump'}
        maxPage={maxPage}
        t={t}
        onJump={(page) => {
          setPage(page);
          setModal(null);
        }}
        onClose={() => setModal(null)}
      />
      {modal === 'columns' ? (
        <ColumnPicker hidden={hidden} columns={allColumns} t={t} onChange={(next) => store.setHiddenColumns(TABLE, next)} onClose={() => setModal(null)} />
      ) : null}
    </div>
  );
}

/** A modal is open: its own keys win over the table's. */
function inDialog(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/** Enter on a focused button, link or field is that control's own Enter, not "open the passport". */
function onControl(): boolean {
  const active = document.activeElement;
  return (
    inDialog() ||
    (active instanceof HTMLElement && active.closest('button, a[href], select, summary, input, textarea, [role="button"]') !== null)
  );
}

/** Toolbar and pager: controls in a row with room between them, wrapping in narrow tiles. */
const BAR = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 } as const;

function ColumnPicker(props: {
  hidden: string[];
  columns: readonly { id: string; title: string }[];
  t(key: string): string;
  onChange(hidden: string[]): void;
  onClose(): void;
}) {
  return (
    <fieldset className="germplasm-columns">
      <legend>{props.t('table.columns')}</legend>
      {props.columns.map((column) => (
        <label key={column.id}>
          <input
            type="checkbox"
            checked={!props.hidden.includes(column.id)}
            onChange={(e) =>
              props.onChange(e.target.checked ? props.hidden.filter((h) => h !== column.id) : [...props.hidden, column.id])
            }
          />
          {column.title}
        </label>
      ))}
      <button type="button" onClick={props.onClose}>
        {props.t('table.close')}
      </button>
    </fieldset>
  );
}
