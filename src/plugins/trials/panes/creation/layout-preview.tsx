import { useId, useMemo } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import type { DesignMessage } from '../../design/messages.js';
import type { DesignedPlot, LayoutPlot } from '../../design/plot.js';
import { previewGrid } from './preview.js';

/** Problems of a design, a layout file or a fieldbook, one item each, in the user's language. */
export function ProblemList(props: { problems: readonly DesignMessage[]; title: string }) {
  const { t } = useServices();
  if (props.problems.length === 0) return null;
  return (
    <div role="alert" className="trial-problems">
      <p>
        <strong>{props.title}</strong>
      </p>
      <ul>
        {props.problems.map((p, i) => (
          <li key={i}>{t(p.key, p.values)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The layout as a table of the field: a row header per trial row, a column header per trial column, each
 * plot's germplasm with its plot number and replicate; checks highlighted (and named as checks, since a
 * colour says nothing to a screen reader). The region scrolls and takes the focus, for keyboard users.
 */
export function LayoutPreview(props: { plots: readonly (DesignedPlot | LayoutPlot)[]; checks: ReadonlySet<string> }) {
  const { t, translator } = useServices();
  const id = useId();
  const grid = useMemo(() => previewGrid(props.plots, props.checks), [props.plots, props.checks]);
  const cut = grid.shownRows < grid.rows || grid.shownColumns < grid.columns;
  const caption = t('trials.creation.preview.caption', { plots: grid.plots, rows: grid.rows, columns: grid.columns, checks: grid.checks });
  const columnNumbers = Array.from({ length: grid.shownColumns }, (_, i) => i + 1);
  return (
    <div className="trial-preview">
      <p className="ui-muted">
        <span className="trial-legend">
          <span className="trial-legend-swatch" aria-hidden="true" /> {t('trials.creation.preview.legend')}
        </span>
        {cut ? <> {t('trials.creation.preview.cut', { rows: grid.shownRows, columns: grid.shownColumns })}</> : null}
      </p>
      <div className="trial-grid-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="trial-grid">
          <caption id={`${id}-caption`}>{caption}</caption>
          <thead>
            <tr>
              <td />
              {columnNumbers.map((c) => (
                <th key={c} scope="col">
                  {t('trials.creation.preview.column', { column: c })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.cells.map((cells, r) => (
              <tr key={r}>
                <th scope="row">{t('trials.creation.preview.row', { row: r + 1 })}</th>
                {cells.map((cell, c) =>
                  cell === null ? (
                    <td key={c} />
                  ) : (
                    <td key={c} className={cell.isCheck ? 'trial-check' : undefined}>
                      <span className="trial-plot-name" title={cell.germplasm}>
                        {cell.germplasm}
                      </span>
                      <span className="trial-plot-meta">
                        {[
                          cell.plotNumber !== null ? t('trials.creation.preview.plot', { plot: translator.formatNumber(cell.plotNumber) }) : null,
                          cell.rep !== null ? t('trials.creation.preview.rep', { rep: cell.rep }) : null,
                          cell.isCheck ? t('trials.creation.preview.check') : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
