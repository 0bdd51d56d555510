import { useServices } from '../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../shell/table/ListTable.js';
import { Button } from '../../../shell/ui/Button.js';

/** The keys of a `germplasm/{id}/dataset` row (ViewTableDatasets) this section shows. */
interface GermplasmDataset {
  datasetId: number;
  datasetName?: string;
  datasetType?: string;
  datasetState?: string;
  licenseId?: number;
  licenseName?: string;
  /** `[caller id]` when the caller accepted the dataset's licence, else `[]` (the server rewrites it per caller). */
  acceptedBy?: unknown;
}

/** The datasets plugin's details pane, named by its type id: plugins meet through panes, never imports. */
const DATASET_DETAILS_PANE = 'datasets:details';
/** datasettypes.description and datasetstates.name values that have a text of their own. */
const TYPES: ReadonlySet<string> = new Set(['genotype', 'trials', 'allelefreq', 'climate', 'compound', 'pedigree', 'unknown']);
const STATES: ReadonlySet<string> = new Set(['public', 'private', 'hidden']);

/**
 * The passport's "Datasets" section (Germinate's passport section 8): the datasets holding data of this
 * germplasm that the caller may see, a page at a time from `POST germplasm/{id}/dataset`, sortable by each
 * column. A dataset's name is a button that opens its details beside the passport (where its licence is
 * read and accepted); without the datasets plugin the names are plain text.
 */
export function PassportDatasets(props: { germplasmId: number; paneKey: string }) {
  const { api, t, workspace, registry } = useServices();
  const canOpen = registry.paneType(DATASET_DETAILS_PANE) !== undefined;
  const open = (row: GermplasmDataset) => workspace.open({ type: DATASET_DETAILS_PANE, params: { datasetId: String(row.datasetId) } }, 'right', props.paneKey);
  const known = (set: ReadonlySet<string>, prefix: string, value: string | undefined) => (value && set.has(value) ? t(`${prefix}.${value}`) : (value ?? ''));

  const columns: Column<GermplasmDataset>[] = [
    {
      key: 'datasetName',
      label: t('germplasm.datasets.name'),
      render: (row) => {
        const name = row.datasetName ?? String(row.datasetId);
        return canOpen ? (
          <Button size="sm" variant="ghost" onClick={() => open(row)}>
            {name}
          </Button>
        ) : (
          name
        );
      },
    },
    { key: 'datasetType', label: t('germplasm.datasets.type'), render: (row) => known(TYPES, 'germplasm.datasets.type', row.datasetType) },
    {
      key: 'licenseName',
      label: t('germplasm.datasets.licence'),
      render: (row) => {
        if (typeof row.licenseId !== 'number') return t('germplasm.datasets.noLicence');
        const accepted = Array.isArray(row.acceptedBy) && row.acceptedBy.length > 0;
        const licence = row.licenseName ?? String(row.licenseId);
        return t(accepted ? 'germplasm.datasets.licenceAccepted' : 'germplasm.datasets.licenceNotAccepted', { licence });
      },
    },
    { key: 'datasetState', label: t('germplasm.datasets.state'), render: (row) => known(STATES, 'germplasm.datasets.state', row.datasetState) },
  ];

  // The passport gives the section its heading.
  return (
    <div className="germplasm-passport-datasets">
      <ListTable<GermplasmDataset>
        caption={t('germplasm.datasets.caption')}
        columns={columns}
        rowKey={(row) => row.datasetId}
        source={(request, signal) => api.table<GermplasmDataset>(`germplasm/${props.germplasmId}/dataset`, request, { signal })}
        sourceKey={String(props.germplasmId)}
        emptyText={t('germplasm.datasets.none')}
      />
    </div>
  );
}
