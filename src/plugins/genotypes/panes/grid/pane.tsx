import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { keepEnterOnControls } from '../../../../shell/table/control-keys.js';
import { runFromButton } from '../../../../shell/table/run-command.js';
import { Button } from '../../../../shell/ui/Button.js';
import { useDarkTheme } from '../../../../shell/use-dark-theme.js';
import { paintOf } from './calls.js';
import { CELL_KEYS } from './commands.js';
import { registerGrid } from './controllers.js';
import { GridControls } from './controls.js';
import { GridView } from './grid-view.js';
import { DATASET_PANE, GRID_PANE } from './ids.js';
import { Legend } from './legend.js';
import { readGridState, writeGridState, type GridState } from './pane-state.js';
import { runGridKey } from './run-key.js';
import { useGridStyles } from './styles.js';
import { useGridData } from './use-grid-data.js';
import { WindowTable } from './window-table.js';

/** How long the cursor and scroll rest before they are written into the URL (not on every key). */
const SAVE_MS = 400;

/**
 * A genotype dataset's calls as a grid (`/data/genotypes/grid/:datasetId`): germplasm down, markers across
 * (in a map's order with its chromosomes when one is chosen), each cell coloured by its call; rows sorted and
 * grouped by passport fields fetched live from the germplasm table. The canvas draws only what is on screen
 * and asks the server for the blocks it shows. A cell cursor moves by keyboard and is announced; Enter opens
 * the germplasm's passport; the visible window can show as a table.
 */
export default function GenotypeGridPane(props: PaneProps) {
  useGridStyles();
  const services = useServices();
  const { api, t } = services;
  const { paneKey, setState } = props;
  const datasetId = Number(props.instance.params.datasetId);
  const saved = readGridState(props.instance.state);
  const rangeText = useCallback((from: string, to: string) => t('genotypes.grid.band', { from, to }), [t]);
  const data = useGridData(api, datasetId, saved, rangeText);
  const dark = useDarkTheme();
  const theme = dark ? 'dark' : 'light';
  const [cursor, setCursor] = useState({ row: saved.row, column: saved.column });
  const [visible, setVisible] = useState<{ rows: [number, number]; columns: [number, number] }>({ rows: [0, 0], columns: [0, 0] });
  const scrolled = useRef({ top: saved.top, left: saved.left });
  const ids = {
    box: `${paneKey}-grid-cells`,
    help: `${paneKey}-grid-help`,
    sort: `${paneKey}-grid-sort`,
    group: `${paneKey}-grid-group`,
    map: `${paneKey}-grid-map`,
    trials: `${paneKey}-grid-trials`,
    trait: `${paneKey}-grid-trait`,
    title: `${paneKey}-grid-title`,
  };

  const rowTotal = data.meta?.rowTotal ?? 0;
  const columnTotal = data.meta?.columnTotal ?? 0;
  const states = useMemo(() => data.meta?.states ?? [], [data.meta]);
  const paints = useMemo(() => states.map((state) => paintOf(state, theme)), [states, theme]);

  const latest = useRef({ saved, cursor, rowTotal, columnTotal, data, visible });
  latest.current = { saved, cursor, rowTotal, columnTotal, data, visible };

  const change = useCallback((patch: Partial<GridState>) => {
    const now = latest.current;
    // A new order or map puts the cursor back where the patch says (the view follows the cursor).
    if (patch.row !== undefined || patch.column !== undefined) setCursor((at) => ({ row: patch.row ?? at.row, column: patch.column ?? at.column }));
    setState(writeGridState({ ...now.saved, row: now.cursor.row, column: now.cursor.column, top: scrolled.current.top, left: scrolled.current.left, ...patch }));
  }, [setState]);

  // Cursor and scroll reach the URL once they rest.
  useEffect(() => {
    const timer = setTimeout(() => {
      const now = latest.current.saved;
      if (now.row !== cursor.row || now.column !== cursor.column || now.top !== scrolled.current.top || now.left !== scrolled.current.left) change({});
    }, SAVE_MS);
    return () => clearTimeout(timer);
  }, [cursor, change, visible]);

  // A cursor beyond the selection (another map, a shorter dataset) comes back inside it.
  useEffect(() => {
    if (rowTotal === 0 && columnTotal === 0) return;
    setCursor((c) => ({ row: Math.min(c.row, Math.max(0, rowTotal - 1)), column: Math.min(c.column, Math.max(0, columnTotal - 1)) }));
  }, [rowTotal, columnTotal]);

  useEffect(
    () =>
      registerGrid(paneKey, {
        move: (rows, columns) => {
          const { rowTotal: r, columnTotal: c } = latest.current;
          setCursor((at) => ({ row: Math.max(0, Math.min(r - 1, at.row + rows)), column: Math.max(0, Math.min(c - 1, at.column + columns)) }));
        },
        page: (direction) => {
          const { rowTotal: r, visible: v } = latest.current;
          const step = Math.max(1, v.rows[1] - v.rows[0] - 1);
          setCursor((at) => ({ ...at, row: Math.max(0, Math.min(r - 1, at.row + direction * step)) }));
        },
        rowEdge: (end) => setCursor((at) => ({ ...at, column: end ? Math.max(0, latest.current.columnTotal - 1) : 0 })),
        corner: (end) => setCursor(end ? { row: Math.max(0, latest.current.rowTotal - 1), column: Math.max(0, latest.current.columnTotal - 1) } : { row: 0, column: 0 }),
        cursorGermplasm: () => {
          const { data: d, cursor: c } = latest.current;
          const block = d.store?.block(c.row, c.column);
          return block?.rows[c.row - block.rowOffset]?.id ?? null;
        },
        toggleTable: () => change({ table: !latest.current.saved.table }),
        reverseSort: () => change({ descending: !latest.current.saved.descending }),
        focus: (target) => {
          const id = target === 'cells' ? ids.box : ids[target];
          document.getElementById(id)?.focus();
        },
      }),
    // The ids follow from the pane key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [paneKey, change],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.altKey || event.shiftKey) return;
      const mod = event.ctrlKey || event.metaKey;
      let id = mod ? undefined : CELL_KEYS[event.key];
      if (mod && event.key === 'Home') id = 'genotypes:grid-first-cell';
      if (mod && event.key === 'End') id = 'genotypes:grid-last-cell';
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      runGridKey(services, paneKey, GRID_PANE, id);
    },
    [services, paneKey],
  );

  const onScrolled = useCallback((top: number, left: number) => (scrolled.current = { top, left }), []);
  const onVisible = useCallback((rows: [number, number], columns: [number, number]) => {
    setVisible((v) => (v.rows[0] === rows[0] && v.rows[1] === rows[1] && v.columns[0] === columns[0] && v.columns[1] === columns[1] ? v : { rows, columns }));
  }, []);
  const groupLabel = useCallback(
    (group: number) => {
      const g = data.order?.groups?.[group];
      if (!g) return '';
      return t('genotypes.grid.groupHeader', { value: data.groupText(g.label) ?? t('genotypes.grid.noValue'), count: g.count });
    },
    [data, t],
  );

  const title = data.datasetName ? t('genotypes.grid.titleOf', { dataset: data.datasetName }) : t('genotypes.pane.grid');
  if (data.status === 'missing') {
    return (
      <section className="ui-pane" aria-labelledby={ids.title}>
        <h2 id={ids.title}>{t('genotypes.pane.grid')}</h2>
        <p role="status">{t('genotypes.grid.missing', { datasetId: props.instance.params.datasetId ?? '' })}</p>
        {Number.isSafeInteger(datasetId) && datasetId > 0 ? (
          <Button onClick={() => services.workspace.open({ type: DATASET_PANE, params: { datasetId: String(datasetId) } }, 'replace')}>{t('genotypes.grid.openDataset')}</Button>
        ) : null}
      </section>
    );
  }

  // The cursor's cell, announced as it moves.
  let announcement = '';
  const store = data.store;
  if (store && rowTotal > 0 && columnTotal > 0) {
    const block = store.block(cursor.row, cursor.column);
    const state = store.cell(cursor.row, cursor.column);
    const row = block?.rows[cursor.row - block.rowOffset];
    const column = block?.columns[cursor.column - block.columnOffset];
    if (row && column && state >= 0) {
      const marker = column.chromosome !== undefined ? t('genotypes.grid.markerAt', { marker: column.name, chromosome: column.chromosome, position: column.position ?? '' }) : column.name;
      announcement = t('genotypes.grid.cell', { germplasm: row.name, marker, call: states[state] || t('genotypes.grid.missingCall'), row: cursor.row + 1, column: cursor.column + 1 });
      // Sorted or grouped by a trait: the row's value of it follows.
      const traitOrder = data.trait.order;
      if (traitOrder && data.trait.trait) {
        const value = traitOrder.value(row.id);
        announcement += ` ${t('genotypes.grid.cellTrait', { trait: data.trait.trait.traitName, value: value === null ? t('genotypes.grid.noValue') : String(value) })}`;
      }
    } else announcement = t('genotypes.loading');
  }

  return (
    <section className="ui-pane genotypes-grid" aria-labelledby={ids.title} onKeyDown={keepEnterOnControls}>
      <div className="ui-pane-header">
        <h2 id={ids.title}>{title}</h2>
        <div className="ui-actions" role="toolbar" aria-label={t('genotypes.grid.actions')}>
          <Button size="sm" aria-keyshortcuts="Enter" onClick={() => runFromButton(services, paneKey, GRID_PANE, 'genotypes:grid-open-passport')}>
            {t('genotypes.grid.command.open-passport')}
          </Button>
          <Button size="sm" aria-keyshortcuts="t" aria-pressed={saved.table} onClick={() => runFromButton(services, paneKey, GRID_PANE, 'genotypes:grid-toggle-table')}>
            {t('genotypes.grid.command.toggle-table')}
          </Button>
        </div>
      </div>
      <GridControls ids={ids} state={saved} maps={data.maps} trait={data.trait} ordering={data.ordering} onChange={(patch) => change(patch)} />
      {data.meta ? (
        <p className="ui-muted">
          {t('genotypes.grid.size', { germplasm: rowTotal, markers: columnTotal })}
          {saved.mapId !== null && data.meta.mapId === null ? ` ${t('genotypes.grid.mapHidden')}` : ''}
        </p>
      ) : null}
      <p id={ids.help} className="visually-hidden">
        {t('genotypes.grid.help')}
      </p>
      {store && data.meta ? (
        <GridView
          id={ids.box}
          store={store}
          version={data.version}
          lines={data.lines}
          columnTotal={columnTotal}
          paints={paints}
          bands={data.meta.bands}
          groupLabel={groupLabel}
          cursor={cursor}
          initialScroll={{ top: saved.top, left: saved.left }}
          onScrolled={onScrolled}
          onVisible={onVisible}
          label={t('genotypes.grid.cellsLabel', { dataset: data.datasetName ?? String(datasetId) })}
          describedBy={ids.help}
          loadingText={t('genotypes.loading')}
          dark={dark}
          onKeyDown={onKeyDown}
        />
      ) : (
        <p role="status">{t('genotypes.loading')}</p>
      )}
      <p className="genotypes-grid-status" role="status" aria-live="polite" data-testid="grid-cursor">
        {announcement}
      </p>
      {store?.failed ? <p className="ui-muted">{t('genotypes.grid.blockFailed')}</p> : null}
      <Legend states={states} theme={theme} title={t('genotypes.grid.legend')} missing={t('genotypes.grid.missingCall')} homozygous={t('genotypes.grid.homozygous')} heterozygous={t('genotypes.grid.heterozygous')} />
      {saved.table && store ? (
        <WindowTable
          store={store}
          rows={visible.rows}
          columns={visible.columns}
          cursor={cursor}
          caption={t('genotypes.grid.tableCaption')}
          missing={t('genotypes.grid.missingCall')}
          states={states}
          germplasmHeader={t('genotypes.grid.germplasm')}
        />
      ) : null}
    </section>
  );
}
