import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { useChartTheme } from '../../../../shell/chart/chart-theme.js';
import { useServices } from '../../../../shell/pane-api.js';
import type { PageContext } from './context.js';
import { ChoiceProblem, TraitCountProblem } from './notes.js';
import type { TraitDatasetStats } from '../../api-types.js';
import { boxRows, categoryRows, parseCategoricalTsv } from './overview-data.js';
import { subsetRequest } from './request.js';
import { boxPlotSpec, countBarsSpec } from './specs.js';
import { categoriesOf, traitLabel } from './traits.js';

const STAT_KEYS = ['min', 'q1', 'median', 'q3', 'max', 'avg', 'count'] as const;

/**
 * The overview tab: a box plot per chosen numeric trait (`dataset/stats/trial`: a box per dataset, or per
 * group or the chosen germplasm, and treatment) and a bar chart of the counted values of each chosen
 * categorical trait (`dataset/categorical/trial`). Date and text traits have no overview chart.
 */
export function OverviewTab({ context }: { context: PageContext }) {
  const { api, t } = useServices();
  const theme = useChartTheme();
  const { chosen, choice, datasetIds, state } = context;
  const numeric = chosen.filter((trait) => trait.dataType === 'numeric');
  const categorical = chosen.filter((trait) => trait.dataType === 'categorical');
  const others = chosen.filter((trait) => trait.dataType !== 'numeric' && trait.dataType !== 'categorical');

  const request = (ids: number[]) => (choice.ok && ids.length > 0 ? subsetRequest(datasetIds, ids, choice) : null);
  const boxRequest = request(numeric.map((trait) => trait.traitId));
  const countRequest = request(categorical.map((trait) => trait.traitId));
  const stats = useSWR(boxRequest ? ['trials:export-stats', JSON.stringify(boxRequest)] : null, () => api.post<TraitDatasetStats>('dataset/stats/trial', { body: boxRequest }), {
    revalidateOnFocus: false,
  });
  const counts = useSWR(
    countRequest ? ['trials:export-counts', JSON.stringify(countRequest)] : null,
    async () => parseCategoricalTsv(await (await api.post('dataset/categorical/trial', { body: countRequest, raw: true })).blob.text()),
    { revalidateOnFocus: false },
  );

  const chosenLabel = state.germplasm === 'list' ? t('trials.export.listedGermplasm') : t('trials.export.markedItems');
  const boxTitle = state.germplasm === 'groups' ? t('trials.export.group') : t('trials.export.dataset');
  const statTitles = useMemo(
    () => ({
      min: t('trials.export.stat.min'),
      q1: t('trials.export.stat.q1'),
      median: t('trials.export.stat.median'),
      q3: t('trials.export.stat.q3'),
      max: t('trials.export.stat.max'),
      avg: t('trials.export.stat.avg'),
      count: t('trials.export.stat.count'),
    }),
    [t],
  );
  const boxColumns: ChartColumn[] = [{ key: 'box', header: boxTitle }, ...STAT_KEYS.map((key) => ({ key, header: statTitles[key], numeric: true }))];
  const barTitles = { label: t('trials.export.value'), count: t('trials.export.count'), series: boxTitle, value: t('trials.export.value') };
  const barColumns: ChartColumn[] = [
    { key: 'value', header: barTitles.value },
    { key: 'series', header: barTitles.series },
    { key: 'count', header: barTitles.count, numeric: true },
  ];

  const boxes = stats.data;
  const countsData = counts.data;
  if (chosen.length === 0) return <TraitCountProblem count={0} min={1} />;
  if (!choice.ok) return <ChoiceProblem context={context} />;
  return (
    <>
      {numeric.length > 0 && stats.error ? <p className="ui-error">{t('trials.export.failed')}</p> : null}
      {(numeric.length > 0 && !stats.data && !stats.error) || (categorical.length > 0 && !counts.data && !counts.error) ? <p role="status">{t('trials.export.loading')}</p> : null}
      {boxes
        ? numeric.map((trait) => {
            const rows = boxRows(boxes, trait.traitId, chosenLabel);
            const title = traitLabel(trait);
            return (
              <Chart
                key={trait.traitId}
                title={title}
                description={t('trials.export.boxDescription', { trait: title, count: rows.length })}
                spec={boxPlotSpec({ box: boxTitle, value: title, ink: theme.text, stats: statTitles })}
                columns={boxColumns}
                rows={rows}
              />
            );
          })
        : null}
      {counts.error ? <p className="ui-error">{t('trials.export.failed')}</p> : null}
      {countsData
        ? categorical.map((trait) => {
            const rows = categoryRows(countsData, trait.traitId, chosenLabel, categoriesOf(trait));
            const title = traitLabel(trait);
            const total = rows.reduce((sum, row) => sum + Number(row.count ?? 0), 0);
            return (
              <Chart
                key={trait.traitId}
                title={title}
                description={t('trials.export.barsDescription', { trait: title, count: total })}
                spec={countBarsSpec(barTitles)}
                columns={barColumns}
                rows={rows}
              />
            );
          })
        : null}
      {others.length > 0 ? <p className="ui-hint">{t('trials.export.noOverview', { traits: others.map(traitLabel).join(', ') })}</p> : null}
    </>
  );
}
