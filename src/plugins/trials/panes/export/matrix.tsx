import { useMemo } from 'react';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useServices } from '../../../../shell/pane-api.js';
import { germplasmMeans, matrixRows, needsFullRows, type AxisTrait } from './aggregate.js';
import { useDataRows, type PageContext } from './context.js';
import { ChoiceProblem, RowsState, TraitCountProblem } from './notes.js';
import { matrixSpec, type ColourField } from './specs.js';
import { MATRIX_MAX, MATRIX_MIN } from './state.js';
import { axisKind, traitField, traitLabel, type TraitRow } from './traits.js';

/** Colours a legend lists readably; beyond them the tooltip names each point's. */
export const LEGEND_MAX = 20;

/** The chosen traits that lie on an axis (numbers and dates), as the aggregation reads them. */
export function axisTraits(chosen: readonly TraitRow[]): { trait: TraitRow; axis: AxisTrait }[] {
  return chosen.flatMap((trait) => {
    const kind = axisKind(trait);
    return kind ? [{ trait, axis: { traitId: trait.traitId, kind } }] : [];
  });
}

/** The colour field of a chart over these rows, or null when nothing is coloured. */
export function useColourField(context: PageContext, rows: readonly { colour?: unknown }[]): ColourField | null {
  const { t } = useServices();
  const by = context.state.colourBy;
  if (by === 'none') return null;
  const values = new Set(rows.map((row) => row.colour));
  return { title: t(`trials.export.colourBy.${by}`), legend: values.size <= LEGEND_MAX };
}

/**
 * The matrix tab: every chosen numeric or date trait against every other, a point per germplasm (and
 * colour) at its means; exactly two traits give one scatter. The spec's limits: 2 to 7 traits.
 */
export function MatrixTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const { chosen, state } = context;
  const axes = axisTraits(chosen);
  const skipped = chosen.filter((trait) => axisKind(trait) === null);
  const countOk = axes.length >= MATRIX_MIN && axes.length <= MATRIX_MAX;
  const rows = useDataRows(
    context,
    countOk ? axes.map((a) => a.trait.traitId) : [],
    needsFullRows(state.colourBy),
  );
  const missing = t('trials.export.noValue');
  const axesKey = JSON.stringify(axes.map((a) => a.axis));
  const chartRows = useMemo(() => {
    if (!rows.data) return null;
    const list = axes.map((a) => a.axis);
    return matrixRows(germplasmMeans(rows.data.rows, list, state.colourBy, missing), list);
    // Keyed by the traits' content: `axes` is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.data, axesKey, state.colourBy, missing]);
  const colour = useColourField(context, chartRows ?? []);

  const fields = axes.map((a) => ({ field: traitField(a.trait.traitId), title: traitLabel(a.trait), temporal: a.axis.kind === 'date' }));
  const germplasmTitle = t('trials.export.germplasmColumn');
  const columns: ChartColumn[] = [
    { key: 'germplasm', header: germplasmTitle },
    ...(colour ? [{ key: 'colour', header: colour.title }] : []),
    ...axes.map((a) => ({ key: traitField(a.trait.traitId), header: traitLabel(a.trait), numeric: a.axis.kind === 'number' })),
  ];
  const title = fields.length === 2 ? t('trials.export.scatterTitle', { x: fields[0].title, y: fields[1].title }) : t('trials.export.matrixTitle');

  return (
    <>
      <TraitCountProblem count={axes.length} min={MATRIX_MIN} max={MATRIX_MAX} />
      {skipped.length > 0 ? <p className="ui-hint">{t('trials.export.notOnAxis', { traits: skipped.map(traitLabel).join(', ') })}</p> : null}
      {!countOk ? null : !context.choice.ok ? (
        <ChoiceProblem context={context} />
      ) : (
        <>
          <RowsState rows={rows} />
          {chartRows ? (
            <Chart
              title={title}
              description={t(fields.length === 2 ? 'trials.export.scatterDescription' : 'trials.export.matrixDescription', { count: chartRows.length, traits: fields.length })}
              spec={matrixSpec({ axes: fields, colour, itemTitle: germplasmTitle, width: context.chartWidth })}
              columns={columns}
              rows={chartRows}
            />
          ) : null}
        </>
      )}
    </>
  );
}
