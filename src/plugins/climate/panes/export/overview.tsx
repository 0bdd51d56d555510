import { useMemo } from 'react';
import useSWR from 'swr';
import type { ClimateDatasetStats } from '../../api-types.js';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { boxPlotSpec, countBarsSpec } from '../../../../shell/export/chart-specs.js';
import { useServices } from '../../../../shell/pane-api.js';
import { climateLabel } from '../climates/columns.js';
import { boxRows, categoryRows } from './overview-data.js';
import { ChoiceProblem, CountProblem, type PageContext } from './parts.js';
import { subsetRequest } from './state.js';

const STAT_KEYS = ['min', 'q1', 'median', 'q3', 'max', 'avg', 'count'] as const;

/** The widget's height per row, with room for the upright axis title when there are only one or two rows. */
const heightOf = (rows: number) => Math.max(rows * 28, 72);

/**
 * The overview tab: a box plot per chosen numeric climate (`dataset/stats/climate`: a box per dataset, or
 * per location group and the marked locations) and a bar chart of the counted values of each chosen
 * categorical climate (`dataset/categorical/climate`). Other climates have no overview chart.
 */
export function OverviewTab({ context }: { context: PageContext }) {
  const { api, t } = useServices();
  const theme = useChartTheme();
  const { chosen, choice, datasetIds, state } = context;
  const numeric = chosen.filter((c) => c.dataType === 'numeric');
  const categorical = chosen.filter((c) => c.dataType === 'categorical');
  const others = chosen.filter((c) => c.dataType !== 'numeric' && c.dataType !== 'categorical');
  const request = (ids: number[]) => (choice.ok && ids.length > 0 ? subsetRequest(datasetIds, ids, choice) : null);
  const boxRequest = request(numeric.map((c) => c.climateId));
  const countRequest = request(categorical.map((c) => c.climateId));
  const stats = useSWR(boxRequest ? ['climate:export-stats', JSON.stringify(boxRequest)] : null, () => api.post<ClimateDatasetStats>('dataset/stats/climate', { body: boxRequest }), {
    revalidateOnFocus: false,
  });
  const counts = useSWR(countRequest ? ['climate:export-counts', JSON.stringify(countRequest)] : null, async () => (await api.post('dataset/categorical/climate', { body: countRequest, raw: true })).blob.text(), {
    revalidateOnFocus: false,
  });
  const marked = t('climate.export.markedLocations');
  const boxTitle = state.locations === 'all' ? t('climate.export.dataset') : t('climate.export.group');
  const statTitles = useMemo(() => Object.fromEntries(STAT_KEYS.map((key) => [key, t(`climate.export.stat.${key}`)])) as Record<(typeof STAT_KEYS)[number], string>, [t]);
  const boxColumns: ChartColumn[] = [{ key: 'box', header: boxTitle }, ...STAT_KEYS.map((key) => ({ key, header: statTitles[key], numeric: true }))];
  const barTitles = { label: t('climate.export.value'), count: t('climate.export.count'), series: boxTitle, value: t('climate.export.value') };
  const barColumns: ChartColumn[] = [
    { key: 'value', header: barTitles.value },
    { key: 'series', header: barTitles.series },
    { key: 'count', header: barTitles.count, numeric: true },
  ];

  if (chosen.length === 0) return <CountProblem count={0} min={1} />;
  if (!choice.ok) return <ChoiceProblem choice={choice} />;
  const loading = (numeric.length > 0 && !stats.data && !stats.error) || (categorical.length > 0 && counts.data === undefined && !counts.error);
  return (
    <>
      {stats.error || counts.error ? <p className="ui-error">{t('climate.loadFailed')}</p> : null}
      {loading ? <p role="status">{t('climate.loading')}</p> : null}
      {stats.data
        ? numeric.map((climate) => {
            const rows = boxRows(stats.data as ClimateDatasetStats, climate.climateId, marked);
            const title = climateLabel(climate);
            return (
              <Chart
                key={climate.climateId}
                title={title}
                description={t('climate.export.boxDescription', { climate: title, count: rows.length })}
                spec={boxPlotSpec({ box: boxTitle, value: title, ink: theme.text, stats: statTitles })}
                columns={boxColumns}
                rows={rows}
                height={heightOf(rows.length)}
              />
            );
          })
        : null}
      {counts.data !== undefined
        ? categorical.map((climate) => {
            const rows = categoryRows(counts.data ?? '', climate.climateName, marked);
            const title = climateLabel(climate);
            const total = rows.reduce((sum, row) => sum + Number(row.count ?? 0), 0);
            return (
              <Chart
                key={climate.climateId}
                title={title}
                description={t('climate.export.barsDescription', { climate: title, count: total })}
                spec={countBarsSpec(barTitles)}
                columns={barColumns}
                rows={rows}
                height={heightOf(rows.length)}
              />
            );
          })
        : null}
      {others.length > 0 ? <p className="ui-hint">{t('climate.export.noOverview', { climates: others.map(climateLabel).join(', ') })}</p> : null}
    </>
  );
}
