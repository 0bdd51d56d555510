import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { PassportSectionProps } from '../../../../shell/sections.js';
import { horizontalBoxes } from './chart-specs.js';
import type { GermplasmStats } from '../../api-types.js';
import { performanceRows } from './performance-data.js';

/**
 * The passport's trait performance: for each numeric trait this germplasm was recorded for, its mean
 * (the marked point) against the values of every germplasm of the same datasets (a box from min,
 * quartiles, median and max, computed by the database). Traits differ in unit and scale, so each box
 * spans the range of its trait; the table gives the values themselves.
 */
export default function TraitPerformance(props: PassportSectionProps) {
  const { api, t } = useServices();
  const theme = useChartTheme();
  const { data, error } = useSWR(['trials:performance', props.germplasmId], () => api.get<GermplasmStats[]>(`germplasm/${props.germplasmId}/stats/trait`));
  const rows = useMemo(() => performanceRows(data ?? []), [data]);
  const titles = {
    trait: t('trials.performance.trait'),
    unit: t('trials.performance.unit'),
    mean: t('trials.performance.mean'),
    own: t('trials.performance.own'),
    min: t('trials.trait.stats.min'),
    q1: t('trials.trait.stats.q1'),
    median: t('trials.trait.stats.median'),
    q3: t('trials.trait.stats.q3'),
    max: t('trials.trait.stats.max'),
    count: t('trials.performance.count'),
    range: t('trials.performance.range'),
  };
  const key = JSON.stringify(titles);
  const spec = useMemo(
    () =>
      horizontalBoxes({
        category: 'trait',
        categoryTitle: titles.trait,
        valueTitle: titles.range,
        valueFormat: '.0%',
        fields: { min: 'minAt', q1: 'q1At', median: 'medianAt', q3: 'q3At', max: 'maxAt' },
        point: { field: 'meanAt', shape: 'circle', size: 110 },
        colourEach: false,
        tooltip: [
          { field: 'trait', title: titles.trait },
          { field: 'unit', title: titles.unit },
          { field: 'mean', title: titles.mean, numeric: true },
          { field: 'own', title: titles.own, numeric: true },
          ...(['min', 'q1', 'median', 'q3', 'max', 'count'] as const).map((field) => ({ field, title: titles[field], numeric: true })),
        ],
        ink: { text: theme.text, background: theme.background },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the titles by their text
    [key, theme.text, theme.background],
  );
  const columns: ChartColumn[] = [
    { key: 'trait', header: titles.trait },
    { key: 'unit', header: titles.unit },
    { key: 'mean', header: titles.mean, numeric: true },
    { key: 'own', header: titles.own, numeric: true },
    ...(['min', 'q1', 'median', 'q3', 'max', 'count'] as const).map((field) => ({ key: field, header: titles[field], numeric: true })),
  ];

  if (error) return <p className="ui-error">{t('trials.performance.loadFailed')}</p>;
  if (data === undefined) return <p role="status">{t('trials.trait.loading')}</p>;
  if (rows.length === 0) return <p>{t('trials.performance.none')}</p>;
  return (
    <Chart
      title={t('trials.performance.chartTitle')}
      description={t('trials.performance.description', { traits: rows.length })}
      spec={spec}
      columns={columns}
      rows={rows}
    />
  );
}
