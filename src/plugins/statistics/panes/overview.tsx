import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../shell/chart/Chart.js';
import { horizontalBars } from '../../../shell/chart/chart-spec.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { parseBiologicalStatusTsv, totalsPerStatus } from '../biological-status.js';

/**
 * The statistics page (`/data/statistics`): charts over the whole database. Today one: germplasm per
 * biological status, from Germinate's statistics file `stats/biologicalstatus` (counted per genus there,
 * added up per status here). Whether its data table shows is pane state, so it survives in the URL.
 */
export default function StatisticsPane({ instance, setState }: PaneProps) {
  const { api, t, translator } = useServices();
  const { data, error } = useSWR('stats/biologicalstatus', async (path: string) => {
    const file = await api.get(path, { raw: true });
    return parseBiologicalStatusTsv(await file.blob.text());
  });
  const totals = useMemo(() => (data ? totalsPerStatus(data) : []), [data]);

  const statusTitle = t('statistics.biologicalStatus.status');
  const countTitle = t('statistics.biologicalStatus.count');
  const spec = useMemo(
    () => horizontalBars({ category: 'biologicalstatus', categoryTitle: statusTitle, value: 'count', valueTitle: countTitle }),
    [statusTitle, countTitle],
  );
  const columns: ChartColumn[] = useMemo(
    () => [
      { key: 'biologicalstatus', header: statusTitle },
      { key: 'count', header: countTitle, numeric: true },
    ],
    [statusTitle, countTitle],
  );

  const total = totals.reduce((sum, row) => sum + row.count, 0);
  const description =
    totals.length === 0
      ? t('statistics.biologicalStatus.none')
      : t('statistics.biologicalStatus.description', {
          total: translator.formatNumber(total),
          statuses: totals.length,
          top: totals[0].biologicalstatus,
          topCount: translator.formatNumber(totals[0].count),
        });

  return (
    <div className="pane-body statistics">
      <h2>{t('statistics.pane.title')}</h2>
      {error ? (
        <p role="alert" className="form-error">
          {t('statistics.failed')}
        </p>
      ) : !data ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : (
        <Chart
          title={t('statistics.biologicalStatus.title')}
          description={description}
          spec={spec}
          columns={columns}
          rows={totals}
          showTable={instance.state?.table === true}
          onShowTableChange={(show) => setState({ ...instance.state, table: show })}
        />
      )}
    </div>
  );
}
