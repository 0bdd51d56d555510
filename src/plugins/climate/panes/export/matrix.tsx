import { useMemo } from 'react';
import useSWR from 'swr';
import { Chart, type ChartColumn } from '../../../../shell/chart/Chart.js';
import { matrixSpec } from '../../../../shell/export/chart-specs.js';
import { useServices } from '../../../../shell/pane-api.js';
import { climateLabel } from '../climates/columns.js';
import { valueRows } from '../climates/reads.js';
import { climateField, locationMeans } from './matrix-data.js';
import { ChoiceProblem, CountProblem, type PageContext } from './parts.js';
import { MATRIX_MAX, MATRIX_MIN, subsetRequest } from './state.js';

/**
 * The matrix tab: every chosen numeric climate against every other, a point per location at its means;
 * exactly two climates give one scatter. The spec's limits: 2 to 10 climates.
 */
export function MatrixTab({ context }: { context: PageContext }) {
  const { api, t, translator } = useServices();
  const { chosen, choice, datasetIds } = context;
  const axes = chosen.filter((c) => c.dataType === 'numeric');
  const skipped = chosen.filter((c) => c.dataType !== 'numeric');
  const countOk = axes.length >= MATRIX_MIN && axes.length <= MATRIX_MAX;
  const ids = axes.map((c) => c.climateId);
  const request = countOk && choice.ok ? subsetRequest(datasetIds, ids, choice) : null;
  const values = useSWR(request ? ['climate:export-matrix', JSON.stringify(request)] : null, () => valueRows(api, request ?? {}), { revalidateOnFocus: false });
  const idsKey = ids.join(',');
  // Keyed by the climates' ids: `ids` is rebuilt on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows = useMemo(() => (values.data ? locationMeans(values.data.rows, ids) : null), [values.data, idsKey]);
  const locationTitle = t('climate.export.location');
  const fields = axes.map((c) => ({ field: climateField(c.climateId), title: climateLabel(c), temporal: false }));
  const columns: ChartColumn[] = [{ key: 'location', header: locationTitle }, ...fields.map((f) => ({ key: f.field, header: f.title, numeric: true }))];
  const title = fields.length === 2 ? t('climate.export.scatterTitle', { x: fields[0].title, y: fields[1].title }) : t('climate.export.matrixTitle');

  return (
    <>
      <CountProblem count={axes.length} min={MATRIX_MIN} max={MATRIX_MAX} />
      {skipped.length > 0 ? <p className="ui-hint">{t('climate.export.notOnAxis', { climates: skipped.map(climateLabel).join(', ') })}</p> : null}
      {!countOk ? null : !choice.ok ? (
        <ChoiceProblem choice={choice} />
      ) : values.error ? (
        <p className="ui-error">{t('climate.loadFailed')}</p>
      ) : !values.data || !rows ? (
        <p role="status">{t('climate.loading')}</p>
      ) : (
        <>
          {values.data.count > values.data.rows.length ? (
            <p role="status" className="climate-export-warning">
              {t('climate.export.capped', { shown: translator.formatNumber(values.data.rows.length), total: translator.formatNumber(values.data.count) })}
            </p>
          ) : null}
          <Chart
            title={title}
            description={t('climate.export.matrixDescription', { count: rows.length, climates: fields.length })}
            spec={matrixSpec({ axes: fields, colour: null, itemTitle: locationTitle, itemField: 'location', width: context.chartWidth })}
            columns={columns}
            rows={rows}
          />
        </>
      )}
    </>
  );
}
