import { useMemo } from 'react';
import { Chart, type ChartColumn, type ChartSpec } from '../../../../shell/chart/Chart.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { FrequencyHistogram } from './histogram.js';

/** The drawing's height: the buckets lie along the width. */
const HEIGHT = 260;

interface Titles {
  from: string;
  to: string;
  count: string;
  frequency: string;
  edge: string;
}

/**
 * Bars over the frequency axis (each bucket from its lower to its upper edge), their height the frequencies
 * in it; over them one dashed rule per edge of the chosen bins, in the text colour so that they stand out
 * from the bars in either theme. The rules carry their own data: the widget's rows are the buckets.
 */
function histogramSpec(titles: Titles, edges: readonly number[], ruleColour: string): ChartSpec {
  const x = { field: 'from', type: 'quantitative' as const, title: titles.frequency, scale: { domain: [0, 1] } };
  return {
    layer: [
      {
        mark: { type: 'bar', strokeWidth: 0.5 },
        encoding: {
          x,
          x2: { field: 'to' },
          y: { field: 'count', type: 'quantitative', title: titles.count, axis: { format: ',d', tickMinStep: 1 } },
          // From zero up: with both ends of x given, vega-lite would otherwise lay the bars along x.
          y2: { datum: 0 },
          tooltip: [
            { field: 'from', type: 'quantitative', title: titles.from, format: ',.3~f' },
            { field: 'to', type: 'quantitative', title: titles.to, format: ',.3~f' },
            { field: 'count', type: 'quantitative', title: titles.count, format: ',' },
          ],
        },
      },
      {
        data: { values: edges.map((edge) => ({ edge })) },
        mark: { type: 'rule', color: ruleColour, strokeDash: [5, 3], strokeWidth: 1.5 },
        encoding: {
          x: { field: 'edge', type: 'quantitative', scale: { domain: [0, 1] } },
          tooltip: [{ field: 'edge', type: 'quantitative', title: titles.edge, format: ',.4~f' }],
        },
      },
    ],
  };
}

export interface HistogramChartProps {
  histogram: FrequencyHistogram;
  edges: readonly number[];
  showTable: boolean;
  onShowTable(show: boolean): void;
}

/** The selection's frequencies as a histogram with the chosen bins' edges, and its buckets as a table. */
export function HistogramChart({ histogram, edges, showTable, onShowTable }: HistogramChartProps) {
  const { t, translator } = useServices();
  const theme = useChartTheme();
  const titles: Titles = {
    from: t('genotypes.allelefreqPage.histogram.from'),
    to: t('genotypes.allelefreqPage.histogram.to'),
    count: t('genotypes.allelefreqPage.histogram.count'),
    frequency: t('genotypes.allelefreqPage.histogram.frequency'),
    edge: t('genotypes.allelefreqPage.histogram.edge'),
  };
  const titlesKey = JSON.stringify(titles);
  const edgesKey = edges.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the titles and edges by their text
  const spec = useMemo(() => histogramSpec(titles, edges, theme.text), [titlesKey, edgesKey, theme.text]);
  const columns: ChartColumn[] = [
    { key: 'from', header: titles.from, numeric: true },
    { key: 'to', header: titles.to, numeric: true },
    { key: 'count', header: titles.count, numeric: true },
  ];
  return (
    <Chart
      title={t('genotypes.allelefreqPage.histogram.title')}
      description={t('genotypes.allelefreqPage.histogram.description', {
        count: histogram.total,
        shown: translator.formatNumber(histogram.total),
        buckets: translator.formatNumber(histogram.buckets.length),
        bins: translator.formatNumber(edges.length + 1),
      })}
      spec={spec}
      columns={columns}
      rows={histogram.buckets}
      height={HEIGHT}
      showTable={showTable}
      onShowTableChange={onShowTable}
    />
  );
}
