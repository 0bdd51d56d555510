import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Button, buttonClass } from '../../../shell/ui/Button.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { downloadHref, PANE, type FileResourceRow } from '../columns.js';
import { linkedDatasetsOpening } from '../datasets-link.js';
import { sizeText } from '../size.js';

interface LinkedDataset extends Record<string, unknown> {
  datasetId: number;
  datasetName?: string;
  datasetType?: string;
}

/**
 * One data resource: what it is, its download (an authorised link carrying the session's token) and the
 * datasets it belongs to that the reader may see. Curators and administrators delete it.
 */
export default function DataResourceDetailsPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator, workspace, session } = services;
  const id = Number(props.instance.params.fileresourceId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const byId: Filter[] = [{ column: 'fileresourceId', comparator: 'equals', values: [String(id)] }];
  const resource = useSWR(valid ? ['data-resources:one', id] : null, () => api.table<FileResourceRow>('fileresource/table', { page: 1, limit: 1, filter: byId }).then((r) => r.data[0] ?? null));
  const linked = resource.data?.datasetIds ?? [];
  const datasets = useSWR(linked.length > 0 ? ['data-resources:datasets', id, linked.join(',')] : null, () =>
    api.table<LinkedDataset>('dataset/table', { page: 1, limit: linked.length, filter: [{ column: 'datasetId', comparator: 'inSet', values: linked.map(String) }], orderBy: 'datasetName', ascending: 1 }).then((r) => r.data),
  );
  const { dialog, open, close: closeDialog } = usePaneDialog(props);
  const isCurator = useHasRole('DATA_CURATOR');
  const titleId = `${props.paneKey}-resource-title`;
  const row = resource.data;

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('dataResources.pane.details')}</h2>
        <p role="status">{t('dataResources.notFound', { id: props.instance.params.fileresourceId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('dataResources.pane.details')}>
        <p role="status">{resource.error ? t('dataResources.loadFailed') : t('dataResources.loading')}</p>
      </section>
    );
  }

  const remove = () =>
    api
      .delete<boolean>(`fileresource/${id}`)
      .then(() => {
        services.toast({ titleKey: 'dataResources.doneTitle', messageKey: 'dataResources.deleted', values: { name: row.fileresourceName }, variant: 'success', autoHideMs: 5000, append: true });
        workspace.open({ type: PANE.table, params: {} }, 'replace', props.paneKey);
      })
      .catch(() => {});

  return (
    <section className="ui-pane data-resource-details" aria-labelledby={titleId}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{row.fileresourceName}</h2>
        <div className="ui-actions" role="toolbar" aria-label={t('dataResources.actions')}>
          {/* Drawn with the session's token of now; the server checks it and the licences on every download. */}
          <a className={buttonClass('primary')} href={downloadHref(id, session.validToken())} download aria-keyshortcuts="d">
            {t('dataResources.command.download')}
            <span className="visually-hidden"> {row.fileresourceName}</span>
          </a>
          {linked.length > 0 ? (
            <Button onClick={() => workspace.open(linkedDatasetsOpening(id), 'right', props.paneKey)} aria-keyshortcuts="l">
              {t('dataResources.command.openDatasets')}
            </Button>
          ) : null}
          {isCurator ? (
            <Button variant="danger" onClick={() => open('delete')} aria-keyshortcuts="Shift+Delete">
              {t('dataResources.command.delete')}
            </Button>
          ) : null}
        </div>
      </div>
      <dl className="ui-dl">
        <dt>{t('dataResources.column.fileresourceDescription')}</dt>
        <dd>{row.fileresourceDescription || '–'}</dd>
        <dt>{t('dataResources.column.fileresourcetypeName')}</dt>
        <dd>{row.fileresourcetypeName ?? '–'}</dd>
        <dt>{t('dataResources.column.fileresourceSize')}</dt>
        <dd>{typeof row.fileresourceSize === 'number' ? sizeText(row.fileresourceSize, (value, digits) => translator.formatNumber(value, { maximumFractionDigits: digits })) : '–'}</dd>
        <dt>{t('dataResources.column.fileresourceCreatedOn')}</dt>
        <dd>{row.fileresourceCreatedOn ? translator.formatDate(row.fileresourceCreatedOn) : '–'}</dd>
      </dl>
      <h3>{t('dataResources.linkedDatasets')}</h3>
      {linked.length === 0 ? (
        <p>{t('dataResources.noDatasets')}</p>
      ) : !datasets.data ? (
        <p role="status">{datasets.error ? t('dataResources.loadFailed') : t('dataResources.loading')}</p>
      ) : (
        <ul>
          {datasets.data.map((dataset) => (
            <li key={dataset.datasetId}>
              <Button size="sm" variant="ghost" onClick={() => workspace.open(linkedDatasetsOpening(id, dataset.datasetId), 'right', props.paneKey)}>
                {dataset.datasetName || String(dataset.datasetId)}
              </Button>
              {dataset.datasetType ? <span className="ui-hint"> ({dataset.datasetType})</span> : null}
            </li>
          ))}
        </ul>
      )}
      <Confirm
        danger
        open={dialog === 'delete' && isCurator}
        title={t('dataResources.deleteTitle')}
        message={t('dataResources.deleteConfirm', { name: row.fileresourceName })}
        confirmLabel={t('dataResources.command.delete')}
        cancelLabel={t('dataResources.cancel')}
        onConfirm={() => void remove()}
        onClose={closeDialog}
      />
    </section>
  );
}
