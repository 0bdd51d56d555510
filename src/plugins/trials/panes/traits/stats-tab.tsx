import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { horizontalBars } from '../../../../shell/chart/chart-spec.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { TraitDatasetStats } from '../../api-types.js';
import { boxRows } from './box-data.js';
import { categoryBars, parseCategoryCounts } from './categorical-data.js';
import { horizontalBoxes } from './chart-specs.js';
import { orNothing } from './trait-reads.js';

interface StatsProps {
  traitId: number;
  /** The trait's name with its unit, as the charts name it. */
  title: string;
  dataType: string | null | undefined;
  restrictions: unknown;
  /** The trials datasets the reader may use. */
  datasetIds: readonly number[];
  showTable: boolean;
  onShowTable(show: boolean): void;
}

/**
 * Statistics per dataset: box plots of a numeric trait (one box per dataset and treatment, drawn from the
 * quantiles the database computed), the counts of each category of a categorical one.
 */
export function StatsTab(props: StatsProps) {
  const { t } = useServices();
  if (props.datasetIds.length === 0) return <p>{t('trials.trait.noReadableData')}</p>;
  if (props.dataType === 'numeric') return <BoxPlots {...props} />;
  if (props.dataType === 'categorical') return <CategoryCounts {...props} />;
  return <p>{t('trials.trait.stats.notDrawn')}</p>;
}

function BoxPlots(props: StatsProps) {
  const { api, t, translator } = useServices();
  const theme = useChartTheme();
  const ids = props.datasetIds.join(',');
  const { data, error } = useSWR(['trials:trait-boxes', props.traitId, ids], () =>
    orNothing((handlers) => api.post<TraitDatasetStats>('dataset/stats/trial', { body: { datasetIds: [...props.datasetIds], xIds: [props.traitId] }, handlers })),
  );
  const noTreatment = t('trials.trait.stats.noTreatment');
  const rows = useMemo(() => (data ? boxRows(data, props.traitId, noTreatment) : []), [data, props.traitId, noTreatment]);
  const withTreatments = rows.some((row) => row.treatment !== '');
  const titles = {
    box: t('trials.trait.stats.box'),
    treatment: t('trials.trait.stats.treatment'),
    count: t('trials.trait.stats.count'),
    min: t('trials.trait.stats.min'),
    q1: t('trials.trait.stats.q1'),
    median: t('trials.trait.stats.median'),
    q3: t('trials.trait.stats.q3'),
    max: t('trials.trait.stats.max'),
    avg: t('trials.trait.stats.avg'),
  };
  const key = JSON.stringify(titles);
  const spec = useMemo(
    () =>
      horizontalBoxes({
        category: 'box',
        categoryTitle: titles.box,
        valueTitle: props.title,
        fields: { min: 'min', q1: 'q1', median: 'median', q3: 'q3', max: 'max' },
        point: { field: 'avg', shape: 'diamond', size: 70 },
        colourEach: true,
        tooltip: [
          { field: 'box', title: titles.box },
          { field: 'count', title: titles.count, numeric: true },
          ...(['min', 'q1', 'median', 'q3', 'max', 'avg'] as const).map((field) => ({ field, title: titles[field], numeric: true })),
        ],
        ink: { text: theme.text, background: theme.background },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the titles by their text
    [key, props.title, theme.text, theme.background],
  );
  const columns: ChartColumn[] = [
    { key: 'dataset', header: titles.box },
    ...(withTreatments ? [{ key: 'treatment', header: titles.treatment }] : []),
    ...(['count', 'min', 'q1', 'median', 'q3', 'max', 'avg'] as const).map((field) => ({ key: field, header: titles[field], numeric: true })),
  ];

  if (error) return <p className="ui-error">{t('trials.trait.loadFailed')}</p>;
  if (data === undefined) return <p role="status">{t('trials.trait.loading')}</p>;
  if (rows.length === 0) return <p>{t('trials.trait.stats.noValues')}</p>;
  const values = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Chart
      title={t('trials.trait.stats.boxTitle', { trait: props.title })}
      description={t('trials.trait.stats.boxDescription', { trait: props.title, boxes: rows.length, values: translator.formatNumber(values) })}
      spec={spec}
      columns={columns}
      rows={rows}
      showTable={props.showTable}
      onShowTableChange={props.onShowTable}
    />
  );
}

function CategoryCounts(props: StatsProps) {
  const { api, t, translator } = useServices();
  const ids = props.datasetIds.join(',');
  const { data, error } = useSWR(['trials:trait-categories', props.traitId, ids], async () => {
    const file = await orNothing((handlers) =>
      api.post('dataset/categorical/trial', { body: { datasetIds: [...props.datasetIds], xIds: [props.traitId] }, handlers, raw: true }),
    );
    return file ? parseCategoryCounts(await file.blob.text(), props.traitId) : [];
  });
  const bars = useMemo(() => categoryBars(data ?? [], props.restrictions), [data, props.restrictions]);
  const categoryTitle = t('trials.trait.stats.category');
  const countTitle = t('trials.trait.stats.count');
  const spec = useMemo(() => horizontalBars({ category: 'bar', categoryTitle, value: 'count', valueTitle: countTitle }), [categoryTitle, countTitle]);
  const several = new Set(bars.map((bar) => bar.dataset)).size > 1;
  const columns: ChartColumn[] = [
    ...(several ? [{ key: 'dataset', header: t('trials.trait.stats.box') }] : []),
    { key: 'value', header: categoryTitle },
    { key: 'count', header: countTitle, numeric: true },
  ];

  if (error) return <p className="ui-error">{t('trials.trait.loadFailed')}</p>;
  if (data === undefined) return <p role="status">{t('trials.trait.loading')}</p>;
  if (bars.length === 0) return <p>{t('trials.trait.stats.noValues')}</p>;
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const top = bars.reduce((best, bar) => (bar.count > best.count ? bar : best), bars[0]);
  return (
    <Chart
      title={t('trials.trait.stats.categoryTitle', { trait: props.title })}
      description={t('trials.trait.stats.categoryDescription', { trait: props.title, total: translator.formatNumber(total), top: top.value, topCount: translator.formatNumber(top.count) })}
      spec={spec}
      columns={columns}
      rows={bars}
      showTable={props.showTable}
      onShowTableChange={props.onShowTable}
    />
  );
}
