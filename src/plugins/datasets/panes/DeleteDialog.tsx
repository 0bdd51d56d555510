import { useServices, type Services } from '../../../shell/pane-api.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { datasetCell, type DatasetRow } from '../columns.js';
import type { DatasetRemoval } from '../schema.js';

/** The kinds the server counts, in the order the summary names them (each has a plural message). */
const KINDS = ['trialsValues', 'trialsPlots', 'climateValues', 'pedigreeEdges', 'pedigreeDefinitions', 'members', 'locations', 'collaborators', 'attributes', 'permissions', 'mapOverlays', 'fileResources', 'accessLogs'];

/** "12 pedigree edges, 2 locations and 1 file" in the reader's language; "no data" when nothing but the row went. */
export function removalText(services: Pick<Services, 't' | 'translator'>, removal: DatasetRemoval): string {
  const parts = KINDS.filter((kind) => (removal.removed[kind] ?? 0) > 0).map((kind) =>
    services.t(`datasets.removed.${kind}`, { count: String(removal.removed[kind]) }),
  );
  if (removal.files > 0) parts.push(services.t('datasets.removed.files', { count: String(removal.files) }));
  return parts.length === 0 ? services.t('datasets.removed.nothing') : parts.join(', ');
}

/**
 * The delete confirmation of a dataset (administrators): it says what the dataset holds before, and the
 * toast after says what was removed, per kind, as the server counted it in the deleting transaction.
 */
export function DeleteDialog(props: { row: DatasetRow; onClose(): void; onDeleted(): void }) {
  const services = useServices();
  const { api, t } = services;
  const name = String(props.row.datasetName ?? props.row.datasetId);
  const remove = () =>
    api
      .delete<DatasetRemoval>(`dataset/${props.row.datasetId}`, { query: { summary: true } })
      .then((removal) => {
        services.toast({ titleKey: 'datasets.doneTitle', messageKey: 'datasets.deleted', values: { name, removed: removalText(services, removal) }, variant: 'success', autoHideMs: 10_000, append: true });
        props.onDeleted();
      })
      .catch(() => {
        // The api client has shown the server's message.
      });
  return (
    <Confirm
      danger
      open
      title={t('datasets.deleteTitle')}
      message={t('datasets.deleteConfirm', {
        name,
        points: datasetCell(props.row, 'dataPointCount') || '0',
        objects: datasetCell(props.row, 'dataObjectCount') || '0',
      })}
      confirmLabel={t('datasets.command.delete')}
      cancelLabel={t('datasets.form.cancel')}
      onConfirm={() => void remove()}
      onClose={props.onClose}
    />
  );
}
