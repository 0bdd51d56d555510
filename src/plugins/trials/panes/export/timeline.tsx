import { useMemo } from 'react';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useServices } from '../../../../shell/pane-api.js';
import { Field, Select } from '../../../../shell/ui/Field.js';
import { needsFullRows, timelineRows } from './aggregate.js';
import { useDataRows, type PageContext } from './context.js';
import { LEGEND_MAX, useColourField } from './matrix.js';
import { ChoiceProblem, RowsState } from './notes.js';
import { timelineSpec } from './specs.js';
import { traitLabel } from './traits.js';

/**
 * The timeline tab (shown when data were recorded on more than one day): the values of one numeric
 * trait by day of recording, a line per germplasm through its daily means, coloured as chosen.
 */
export function TimelineTab({ context }: { context: PageContext }) {
  const { t } = useServices();
  const { traits, chosen, state, update } = context;
  const numeric = traits.filter((trait) => trait.dataType === 'numeric');
  const trait =
    numeric.find((candidate) => candidate.traitId === state.timelineTrait) ??
    numeric.find((candidate) => chosen.some((c) => c.traitId === candidate.traitId)) ??
    numeric[0] ??
    null;
  const rows = useDataRows(context, trait ? [trait.traitId] : [], needsFullRows(state.colourBy));
  const missing = t('trials.export.noValue');
  const chartRows = useMemo(
    () => (rows.data && trait ? timelineRows(rows.data.rows, { traitId: trait.traitId, kind: 'number' }, state.colourBy, missing) : null),
    [rows.data, trait, state.colourBy, missing],
  );
  const colour = useColourField(context, chartRows ?? []);
  if (!trait) return <p className="ui-hint">{t('trials.export.noNumericTrait')}</p>;

  const title = traitLabel(trait);
  const germplasmTitle = t('trials.export.germplasmColumn');
  const dateTitle = t('trials.export.date');
  const germplasm = new Set((chartRows ?? []).map((row) => row.germplasm)).size;
  const columns: ChartColumn[] = [
    { key: 'germplasm', header: germplasmTitle },
    ...(colour ? [{ key: 'colour', header: colour.title }] : []),
    { key: 'date', header: dateTitle },
    { key: 'value', header: title, numeric: true },
  ];
  return (
    <>
      <Field label={t('trials.export.timelineTrait')}>
        <Select value={String(trait.traitId)} onChange={(event) => update({ timelineTrait: Number(event.target.value) })}>
          {numeric.map((option) => (
            <option key={option.traitId} value={option.traitId}>
              {traitLabel(option)}
            </option>
          ))}
        </Select>
      </Field>
      {!context.choice.ok ? (
        <ChoiceProblem context={context} />
      ) : (
        <>
          <RowsState rows={rows} />
          {chartRows ? (
            <Chart
              title={t('trials.export.timelineTitle', { trait: title })}
              description={t('trials.export.timelineDescription', { trait: title, germplasm, days: new Set(chartRows.map((row) => row.date)).size })}
              spec={timelineSpec({ date: dateTitle, value: title, germplasm: germplasmTitle }, colour, germplasm <= LEGEND_MAX, context.chartWidth)}
              columns={columns}
              rows={chartRows}
            />
          ) : null}
        </>
      )}
    </>
  );
}
