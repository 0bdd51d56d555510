import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import type { ExportDataset } from '../../../../shell/sections.js';
import type { GenotypeExportBody, Outcome } from './request.js';
import type { GenotypeExportState } from './state.js';

/** A row of `dataset/export/genotype/summary`: a dataset's germplasm and markers within the selection. */
interface SummaryRow {
  datasetId: number;
  datasetName?: string | null;
  dataObjectCount?: { value: number };
  dataPointCount?: { value: number };
}

/** Germinate's client asks for every row at once. */
const ALL_ROWS = 2_147_483_647;

type Selection = Outcome<Pick<GenotypeExportBody, 'xIds' | 'xGroupIds' | 'yIds' | 'yGroupIds'>>;

/** The counts of the selection in each dataset; nothing is asked while the selection selects nothing. */
function useSummary(datasetIds: readonly number[], selection: Selection) {
  const { api } = useServices();
  const body = selection.ok ? { ...selection.body, datasetIds, page: 0, limit: ALL_ROWS } : null;
  const summary = useSWR(body ? ['genotypes:export-summary', JSON.stringify(body)] : null, () => api.post<{ data: SummaryRow[] }>('dataset/export/genotype/summary', { body }), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  return { rows: new Map((summary.data?.data ?? []).map((row) => [row.datasetId, row])), loading: summary.isLoading };
}

/** Of one dataset: how many germplasm and markers the selection holds in it. */
export function SelectionCount({ datasetIds, selection }: { datasetIds: readonly number[]; selection: Selection }) {
  const { t, translator } = useServices();
  const { rows } = useSummary(datasetIds, selection);
  const row = rows.get(datasetIds[0]);
  if (!selection.ok || !row) return null;
  return (
    <p role="status" aria-live="polite">
      {t('genotypes.exportPage.count', {
        germplasm: row.dataObjectCount?.value ?? 0,
        markers: row.dataPointCount?.value ?? 0,
        germplasmShown: translator.formatNumber(row.dataObjectCount?.value ?? 0),
        markersShown: translator.formatNumber(row.dataPointCount?.value ?? 0),
      })}
    </p>
  );
}

/**
 * Of several datasets: how many germplasm and markers of the current selection each holds, with a box to
 * tick the datasets to export (all at first), and a prompt while none is ticked. The counts are asked
 * again whenever the selection changes; the map is not applied to them, as in Germinate.
 */
export function SummaryTable({ datasets, selection, state, update }: { datasets: readonly ExportDataset[]; selection: Selection; state: GenotypeExportState; update(patch: Partial<GenotypeExportState>): void }) {
  const { t, translator } = useServices();
  const datasetIds = datasets.map((d) => d.datasetId);
  const { rows, loading } = useSummary(datasetIds, selection);
  const unticked = new Set(state.unticked);
  const tick = (datasetId: number, on: boolean) => update({ unticked: on ? state.unticked.filter((id) => id !== datasetId) : [...state.unticked, datasetId] });
  const count = (value: number | undefined) => (selection.ok && value !== undefined ? translator.formatNumber(value) : '–');
  const none = datasetIds.every((id) => unticked.has(id));
  return (
    <fieldset>
      <legend>{t('genotypes.exportPage.summaryLegend')}</legend>
      <table className="genotype-export-summary" aria-busy={loading}>
        <caption>{t(selection.ok ? 'genotypes.exportPage.summaryCaption' : 'genotypes.exportPage.summaryWaiting')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('genotypes.exportPage.summaryExport')}</th>
            <th scope="col">{t('genotypes.exportPage.summaryDataset')}</th>
            <th scope="col" className="genotype-export-count">
              {t('genotypes.exportPage.summaryGermplasm')}
            </th>
            <th scope="col" className="genotype-export-count">
              {t('genotypes.exportPage.summaryMarkers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {datasets.map((dataset) => {
            const name = String(dataset.datasetName ?? dataset.datasetId);
            const row = rows.get(dataset.datasetId);
            return (
              <tr key={dataset.datasetId}>
                <td>
                  <input type="checkbox" checked={!unticked.has(dataset.datasetId)} onChange={(event) => tick(dataset.datasetId, event.target.checked)} aria-label={t('genotypes.exportPage.summaryTick', { name })} />
                </td>
                <td>{name}</td>
                <td className="genotype-export-count">{count(row?.dataObjectCount?.value)}</td>
                <td className="genotype-export-count">{count(row?.dataPointCount?.value)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {none ? (
        <p role="alert" className="genotype-export-problem">
          {t('genotypes.exportPage.reason.noDatasets')}
        </p>
      ) : null}
    </fieldset>
  );
}
