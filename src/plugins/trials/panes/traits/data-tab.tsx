import { useCallback, useMemo } from 'react';
import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { Button } from '../../../../shell/ui/Button.js';
import { trialsDataTable } from '../data-table.js';
import { licenceAccepted, type TraitDataset } from './trait-reads.js';

/** The datasets' details pane (the datasets plugin's: plugins meet through pane ids). */
const DATASET_DETAILS = 'datasets:details';

/**
 * A trait's data across datasets: the datasets holding it (each opens beside), then its values in those
 * the reader may use, in the trials data table (paging, filters, export; rows mark their germplasm). The
 * table's view state lives under `data` in the pane's.
 */
export function DataTab(props: { traitId: number; traitName: string; datasets: readonly TraitDataset[]; pane: PaneProps }) {
  const { t, translator, workspace } = useServices();
  const { pane } = props;
  const { setState } = pane;
  const state = pane.instance.state;
  const tableState = typeof state?.data === 'object' && state.data !== null ? (state.data as Record<string, unknown>) : undefined;
  const setTableState = useCallback((data: Record<string, unknown>) => setState({ ...(state ?? {}), data }), [state, setState]);
  // The trait is the request's selection (xIds, as every trials data call restricts traits); no datasetIds: all the reader may use.
  const body = useMemo(() => ({ xIds: [props.traitId] }), [props.traitId]);

  const columns: Column<TraitDataset>[] = [
    {
      key: 'datasetName',
      label: t('trials.trait.datasets.name'),
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => workspace.open({ type: DATASET_DETAILS, params: { datasetId: String(row.datasetId) } }, 'right', pane.paneKey)}>
          {row.datasetName || String(row.datasetId)}
        </Button>
      ),
    },
    { key: 'experimentName', label: t('trials.trait.datasets.experiment') },
    {
      key: 'licenseName',
      label: t('trials.trait.datasets.licence'),
      render: (row) =>
        row.licenseId === null || row.licenseId === undefined
          ? t('trials.trait.datasets.noLicence')
          : `${row.licenseName ?? ''} (${t(licenceAccepted(row) ? 'trials.trait.datasets.accepted' : 'trials.trait.datasets.notAccepted')})`,
    },
    {
      key: 'dataPointCount',
      label: t('trials.trait.datasets.dataPoints'),
      sortable: false,
      render: (row) => (typeof row.dataPointCount?.value === 'number' ? translator.formatNumber(row.dataPointCount.value) : ''),
    },
  ];

  return (
    <>
      <ListTable<TraitDataset>
        caption={t('trials.trait.datasets.caption', { trait: props.traitName })}
        columns={columns}
        rowKey={(row) => row.datasetId}
        rows={props.datasets}
        emptyText={t('trials.trait.datasets.none')}
      />
      <h3>{t('trials.trait.data.title', { trait: props.traitName })}</h3>
      <div className="trials-trait-data">
        <TableView
          declaration={trialsDataTable}
          paneKey={pane.paneKey}
          state={tableState}
          setState={setTableState}
          body={body}
          label={t('trials.trait.data.title', { trait: props.traitName })}
        />
      </div>
    </>
  );
}
