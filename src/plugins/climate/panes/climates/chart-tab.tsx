import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useServices } from '../../../../shell/pane-api.js';
import { lineRows, lineSpec } from './chart-data.js';
import { climateValues } from './reads.js';

const CHART_HEIGHT = 320;

/**
 * A climate's values per location over time (numeric climates): a line per location by recording date,
 * in the page's theme through the Chart widget, with its data as a table. Values of datasets whose licence
 * the reader has not accepted are left out by the server.
 */
export function ChartTab(props: { climateId: number; title: string; numeric: boolean; showTable: boolean; onShowTable(show: boolean): void }) {
  const { api, t, translator } = useServices();
  const values = useSWR(props.numeric ? ['climate:values', props.climateId] : null, () => climateValues(api, props.climateId), { revalidateOnFocus: false });
  const rows = useMemo(() => (values.data ? lineRows(values.data.rows) : []), [values.data]);
  const locations = useMemo(() => new Set(rows.map((row) => row.location)).size, [rows]);
  const titles = useMemo(
    () => ({ date: t('climate.chart.date'), value: props.title, location: t('climate.chart.location'), dataset: t('climate.chart.dataset') }),
    [t, props.title],
  );
  const spec = useMemo(() => lineSpec(titles, locations), [titles, locations]);
  const columns: ChartColumn[] = [
    { key: 'location', header: titles.location },
    { key: 'dataset', header: titles.dataset },
    { key: 'date', header: titles.date },
    { key: 'value', header: props.title, numeric: true },
  ];

  if (!props.numeric) return <p className="ui-hint">{t('climate.chart.notNumeric')}</p>;
  if (values.error) return <p className="ui-error">{t('climate.loadFailed')}</p>;
  if (!values.data) return <p role="status">{t('climate.loading')}</p>;
  if (rows.length === 0) return <p>{t('climate.chart.none')}</p>;
  return (
    <>
      {values.data.count > values.data.rows.length ? (
        <p className="ui-hint">{t('climate.chart.capped', { shown: translator.formatNumber(values.data.rows.length), count: translator.formatNumber(values.data.count) })}</p>
      ) : null}
      <Chart
        title={t('climate.chart.title', { climate: props.title })}
        description={t('climate.chart.description', { climate: props.title, locations, count: rows.length })}
        spec={spec}
        columns={columns}
        rows={rows}
        height={CHART_HEIGHT}
        showTable={props.showTable}
        onShowTableChange={props.onShowTable}
      />
    </>
  );
}
