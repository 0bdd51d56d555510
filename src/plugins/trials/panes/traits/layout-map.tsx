import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import { heatmap } from './chart-specs.js';
import { chosenDataset, DatasetSelect } from './dataset-select.js';
import { layout, layoutTable, valueKind, type PlotValue } from './layout-data.js';
import { trialRows, type TraitDataset } from './trait-reads.js';

/** Values read for a map at most: a trial of this many plots is already more than a screen can show. */
export const MAX_MAP_VALUES = 10_000;

export interface LayoutMapProps {
  traitId: number;
  title: string;
  dataType: string | null | undefined;
  datasets: readonly TraitDataset[];
  dataset: unknown;
  onDataset(id: number): void;
}

/**
 * The trial's layout of one dataset: a cell per plot at its row and column, coloured by the trait's value
 * there (the mean of its numbers, else its most frequent value). The data table of the dataset is read
 * page by page, up to 10,000 values, with a note when there are more.
 */
export function LayoutMap(props: LayoutMapProps) {
  const { api, t, translator } = useServices();
  const theme = useChartTheme();
  const dataset = chosenDataset(props.datasets, props.dataset);
  const datasetId = dataset?.datasetId ?? null;
  const kind = valueKind(props.dataType);
  const { data, error } = useSWR(datasetId === null ? null : ['trials:trait-layout', props.traitId, datasetId], () =>
    trialRows<PlotValue>(api, { datasetIds: [datasetId], xIds: [props.traitId] }, MAX_MAP_VALUES),
  );
  const map = useMemo(() => layout(data?.rows ?? [], kind), [data, kind]);
  const titles = {
    row: t('trials.trait.map.row'),
    column: t('trials.trait.map.column'),
    germplasm: t('trials.trait.timeline.germplasm'),
    rep: t('trials.trait.map.rep'),
    values: t('trials.trait.timeline.values'),
  };
  const spec = useMemo(
    () =>
      heatmap({
        cells: map.cells,
        x: { field: 'column', title: titles.column, type: 'ordinal' },
        y: { field: 'row', title: titles.row, type: 'ordinal' },
        colour: { field: 'value', title: props.title, type: kind === 'number' ? 'quantitative' : kind === 'date' ? 'temporal' : 'nominal' },
        tooltip: [
          { field: 'row', title: titles.row },
          { field: 'column', title: titles.column },
          { field: 'germplasm', title: titles.germplasm },
          { field: 'rep', title: titles.rep },
          { field: 'value', title: props.title, numeric: kind === 'number' },
          { field: 'values', title: titles.values, numeric: true },
        ],
        ink: { text: theme.text, background: theme.background },
      }),
    [map, kind, props.title, titles.row, titles.column, titles.germplasm, titles.rep, titles.values, theme.text, theme.background],
  );
  const columns: ChartColumn[] = [
    { key: 'row', header: titles.row, numeric: true },
    ...map.columns.map((column) => ({ key: `c${column}`, header: t('trials.trait.map.columnNumber', { column }), numeric: kind === 'number' })),
  ];
  const rows = useMemo(() => layoutTable(map), [map]);

  if (!dataset) return <p>{t('trials.trait.noReadableData')}</p>;
  const select = <DatasetSelect datasets={props.datasets} value={dataset.datasetId} onChange={props.onDataset} />;
  if (error) return <>{select}<p className="ui-error">{t('trials.trait.loadFailed')}</p></>;
  if (!data) return <>{select}<p role="status">{t('trials.trait.loading')}</p></>;
  return (
    <>
      {select}
      {data.count > data.rows.length ? (
        <p className="ui-hint">{t('trials.trait.capped', { shown: translator.formatNumber(data.rows.length), count: translator.formatNumber(data.count) })}</p>
      ) : null}
      {map.unplaced > 0 ? <p className="ui-hint">{t('trials.trait.map.unplaced', { count: map.unplaced })}</p> : null}
      {map.cells.length === 0 ? (
        <p>{t('trials.trait.map.none')}</p>
      ) : (
        <Chart
          title={t('trials.trait.map.title', { trait: props.title, dataset: dataset.datasetName ?? '' })}
          description={t('trials.trait.map.description', { trait: props.title, plots: map.cells.length, rows: map.rows.length, columns: map.columns.length })}
          spec={spec}
          columns={columns}
          rows={rows}
        />
      )}
    </>
  );
}
