import { lazy, Suspense, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useServices } from '../pane-api.js';
import { ShellContext } from '../shell-context.js';
import { Button, Toolbar } from '../ui/index.js';
import { ensureStyle } from '../widgets/styles.js';
import { chartFileName, chartTsv, type ChartColumn } from './chart-data.js';
import { completeSpec, type ChartRow, type ChartSpec } from './chart-spec.js';
import { useChartPalette, useChartTheme } from './chart-theme.js';
import type { ChartViewHandle } from './ChartView.js';
import { CHART_CSS } from './chart-css.js';

export type { ChartColumn } from './chart-data.js';
export type { ChartRow, ChartSpec } from './chart-spec.js';

const ChartView = lazy(() => import('./ChartView.js'));

export interface ChartProps {
  /** The chart's name: its heading, its accessible name and the name of every file it downloads. */
  title: string;
  /** What it shows, in a sentence or two: read with the name by screen readers, kept in a downloaded SVG. */
  description: string;
  /** Marks and encodings over the rows' fields (see chart-spec.ts); the widget adds data, size and theme. */
  spec: ChartSpec;
  /** The data, as the table and the TSV show it. */
  columns: readonly ChartColumn[];
  rows: readonly ChartRow[];
  /** Whether the data table shows. A pane that keeps it (say in its URL state) passes both. */
  showTable?: boolean;
  onShowTableChange?(show: boolean): void;
  /** The drawing's height in pixels, for charts whose height does not follow their rows (scatter, lines). */
  height?: number;
}

/** Saves a file the way a link with `download` does: the browser names it and asks or stores. */
function save(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  save(url, fileName);
  // The download has its own copy once started; the URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The width the chart may take: its box's, rounded so that small layout jitter does not redraw it. */
function useWidth(): [(element: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setWidth(Math.max(0, Math.floor(inner / 8) * 8));
    };
    measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, width];
}

/**
 * A chart with everything around it: title, a toolbar (data table, PNG, SVG, TSV, chart colours), the
 * drawing (vega-lite, loaded lazily) in the page's theme and the user's chart colours, and the same data
 * as a table for keyboard and screen-reader users. The drawing is one image to assistive technology,
 * named by the title and described by the description; the table is the way to its numbers.
 */
export function Chart({ title, description, spec, columns, rows, showTable: shownByPane, onShowTableChange, height }: ChartProps) {
  ensureStyle('chart', CHART_CSS);
  const { t, translator } = useServices();
  const shell = useContext(ShellContext);
  const theme = useChartTheme();
  const palette = useChartPalette();
  const [ownShowTable, setOwnShowTable] = useState(false);
  const showTable = shownByPane ?? ownShowTable;
  // The view drawn last and the theme it was drawn in (the page shows it, so tests can wait for a redraw).
  const [drawn, setDrawn] = useState<{ view: ChartViewHandle; dark: boolean } | null>(null);
  const view = drawn?.view ?? null;
  const [failed, setFailed] = useState(false);
  const [measureRef, width] = useWidth();
  const id = useId();
  const ids = { title: `${id}-title`, description: `${id}-description`, table: `${id}-table` };

  const full = useMemo(
    () => completeSpec(spec, { rows, theme, palette, locale: translator.locale, width, description, height }),
    [spec, rows, theme, palette, translator.locale, width, description, height],
  );
  const onView = useCallback(
    (next: ChartViewHandle) => {
      setFailed(false);
      setDrawn({ view: next, dark: theme.dark });
    },
    [theme.dark],
  );
  const onError = useCallback((error: unknown) => {
    console.error('Chart failed to render', error);
    setFailed(true);
  }, []);

  const toggleTable = () => {
    const next = !showTable;
    setOwnShowTable(next);
    onShowTableChange?.(next);
  };
  const downloadPng = async () => {
    // Twice the pixels: a PNG should stay sharp on a slide or a high-density screen.
    if (view) save(await view.toImageURL('png', 2), chartFileName(title, 'png'));
  };
  const downloadSvg = async () => {
    if (view) saveBlob(new Blob([await view.toSVG()], { type: 'image/svg+xml' }), chartFileName(title, 'svg'));
  };
  const downloadTsv = () => {
    saveBlob(new Blob([chartTsv(columns, rows)], { type: 'text/tab-separated-values;charset=utf-8' }), chartFileName(title, 'tsv'));
  };

  const cell = (row: ChartRow, column: ChartColumn) => {
    const value = row[column.key];
    if (value === null || value === undefined) return '';
    return column.numeric && typeof value === 'number' ? translator.formatNumber(value) : String(value);
  };

  return (
    <figure className="chart" aria-labelledby={ids.title}>
      <div className="chart-header">
        <h3 id={ids.title} className="chart-title">
          {title}
        </h3>
        <Toolbar label={t('chart.toolbar', { title })} className="chart-toolbar">
          <Button size="sm" aria-expanded={showTable} aria-controls={ids.table} onClick={toggleTable}>
            {showTable ? t('chart.hideTable') : t('chart.showTable')}
          </Button>
          <Button size="sm" disabled={!view} onClick={() => void downloadPng()}>
            {t('chart.downloadPng')}
          </Button>
          <Button size="sm" disabled={!view} onClick={() => void downloadSvg()}>
            {t('chart.downloadSvg')}
          </Button>
          <Button size="sm" onClick={downloadTsv}>
            {t('chart.downloadTsv')}
          </Button>
          {shell ? (
            <Button size="sm" variant="ghost" onClick={() => shell.run('shell:chart-colours', 'button')}>
              {t('chart.colours')}
            </Button>
          ) : null}
        </Toolbar>
      </div>
      <p id={ids.description} className="chart-description">
        {description}
      </p>
      {rows.length === 0 ? (
        <p className="chart-empty">{t('chart.empty')}</p>
      ) : (
        <div
          ref={measureRef}
          className="chart-drawing"
          role="img"
          aria-labelledby={ids.title}
          aria-describedby={ids.description}
          // Focusable, so keyboard and screen-reader users meet the chart's name and description in order.
          tabIndex={0}
          data-drawn={drawn ? (drawn.dark ? 'dark' : 'light') : undefined}
        >
          {width > 0 ? (
            <Suspense fallback={<p className="chart-loading">{t('chart.loading')}</p>}>
              <ChartView spec={full} dark={theme.dark} onView={onView} onError={onError} />
            </Suspense>
          ) : null}
        </div>
      )}
      {failed ? (
        <p role="alert" className="form-error">
          {t('chart.failed')}
        </p>
      ) : null}
      <div id={ids.table} className="chart-table-wrap" hidden={!showTable}>
        <table className="chart-table">
          <caption>{t('chart.tableCaption', { title })}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={column.numeric ? 'chart-number' : undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column, columnIndex) =>
                  columnIndex === 0 ? (
                    <th key={column.key} scope="row">
                      {cell(row, column)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.numeric ? 'chart-number' : undefined}>
                      {cell(row, column)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
