import useSWR from 'swr';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { Button } from '../../../shell/ui/Button.js';
import { LicenceDialog } from '../licences/LicenceDialog.js';
import { acceptedLicence } from '../licences/accepted.js';
import { callerOf, PANE } from '../actions.js';
import { datasetCell, type DatasetRow } from '../columns.js';
import { Attributes, Collaborators, LocationsMap } from './DatasetLists.js';
import { DatasetUnavailable } from './DatasetUnavailable.js';
import { DeleteDialog } from './DeleteDialog.js';
import { EditDialog } from './EditDialog.js';

/** The details fields in the order they are listed (ViewTableDatasets keys). */
const DATES: ReadonlySet<string> = new Set(['startDate', 'endDate', 'createdOn']);
const FIELDS = ['datasetId', 'datasetDescription', 'datasetType', 'datatype', 'experimentName', 'datasetState', 'contact', 'institutions', 'locations', 'startDate', 'endDate', 'dataObjectCount', 'dataPointCount', 'version', 'createdOn'];

/**
 * One dataset (`/data/datasets/:datasetId`, Germinate's "datasets-details"): what it holds, its licence, its
 * collaborators and attributes, its locations on a map (on request: `m`), and the actions on it, each a
 * command with a key (commands.ts): export page, experiment, licence, metadata download, and for
 * administrators edit and delete.
 */
export default function DatasetDetailsPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator, workspace } = services;
  const isAdmin = useHasRole('ADMIN');
  const id = Number(props.instance.params.datasetId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const key = valid ? ['datasets:row', id] : null;
  const loaded = useSWR(key, () =>
    api.table<DatasetRow>('dataset/table', { page: 1, limit: 1, filter: [{ column: 'datasetId', comparator: 'equals', values: [String(id)] }] }).then((r) => r.data[0] ?? null),
  );
  const row = loaded.data;
  const state = props.instance.state ?? {};
  const { dialog, close: closeDialog } = usePaneDialog(props);
  const run = (command: string) => runFromButton(services, props.paneKey, PANE.details, command);
  const titleId = `${props.paneKey}-dataset-title`;

  // Not there or not theirs (the server does not say which): why, and how to ask for access.
  if (!valid || row === null) return <DatasetUnavailable paneKey={props.paneKey} datasetId={props.instance.params.datasetId ?? ''} titleId={titleId} />;
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('datasets.pane.details')}>
        <p role="status">{loaded.error ? t('datasets.details.loadFailed') : t('datasets.details.loading')}</p>
      </section>
    );
  }

  const licensed = typeof row.licenseId === 'number';
  const accepted = acceptedLicence(row, callerOf(services));
  const action = (command: string, labelKey: string, keys: string, variant?: 'danger') => (
    <Button key={command} onClick={() => run(command)} aria-keyshortcuts={keys} variant={variant}>
      {t(labelKey)}
    </Button>
  );

  return (
    <section className="ui-pane datasets-details" aria-labelledby={titleId}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{String(row.datasetName ?? row.datasetId)}</h2>
        <div className="ui-actions" role="toolbar" aria-label={t('datasets.details.actions')}>
          {action('datasets:open-export-page', 'datasets.action.export', 'e')}
          {action('datasets:show-map', state.map === true ? 'datasets.action.hideMap' : 'datasets.action.map', 'm')}
          {action('datasets:open-experiment', 'datasets.action.experiment', 'o')}
          {action('datasets:download-metadata', 'datasets.command.downloadMetadata', 'd')}
          {isAdmin ? action('datasets:edit', 'datasets.action.edit', 'Shift+E') : null}
          {isAdmin ? action('datasets:delete', 'datasets.action.delete', 'Shift+Delete', 'danger') : null}
        </div>
      </div>
      <dl className="ui-dl">
        {FIELDS.map((field) => (
          <div key={field} style={{ display: 'contents' }}>
            <dt>{t(`datasets.column.${field}`)}</dt>
            <dd>{DATES.has(field) && typeof row[field] === 'string' ? translator.formatDate(String(row[field]).slice(0, 10)) : datasetCell(row, field) || '–'}</dd>
          </div>
        ))}
        <dt>{t('datasets.column.hyperlink')}</dt>
        <dd>
          {typeof row.hyperlink === 'string' && /^https?:\/\//i.test(row.hyperlink) ? (
            <a href={row.hyperlink} target="_blank" rel="noopener noreferrer">
              {row.hyperlink}
            </a>
          ) : (
            '–'
          )}
        </dd>
        <dt>{t('datasets.column.licenseName')}</dt>
        <dd>
          {licensed ? (
            <>
              <Button size="sm" onClick={() => run('datasets:read-licence')} aria-keyshortcuts="l">
                {String(row.licenseName ?? row.licenseId)}
              </Button>{' '}
              <span>{t(accepted ? 'datasets.details.licenceAccepted' : 'datasets.details.licenceNotAccepted')}</span>
            </>
          ) : (
            t('datasets.details.noLicence')
          )}
        </dd>
      </dl>
      {state.map === true ? (
        <>
          <h3>{t('datasets.details.map')}</h3>
          <LocationsMap row={row} />
        </>
      ) : null}
      <h3>{t('datasets.details.collaborators')}</h3>
      <Collaborators datasetId={id} />
      <h3>{t('datasets.details.attributes')}</h3>
      <Attributes datasetId={id} />
      {dialog === 'licence' && licensed ? (
        <LicenceDialog licenseId={Number(row.licenseId)} onClose={closeDialog} onAccepted={() => void loaded.mutate()} />
      ) : null}
      {dialog === 'edit' && isAdmin ? <EditDialog row={row} onClose={closeDialog} onSaved={(saved) => void loaded.mutate(saved, { revalidate: true })} /> : null}
      {dialog === 'delete' && isAdmin ? (
        <DeleteDialog row={row} onClose={closeDialog} onDeleted={() => workspace.open({ type: PANE.table, params: {} }, 'replace', props.paneKey)} />
      ) : null}
    </section>
  );
}
