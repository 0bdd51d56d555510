import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { Button } from '../../../shell/ui/Button.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { PANE, type ExperimentRow } from '../columns.js';
import { datasetsOpening } from '../datasets-link.js';
import { byDatasetType, type ExperimentDataset } from '../groups.js';
import { EditDialog } from './EditDialog.js';

/** Germinate's "Generic Experiment", where the datasets of a deleted experiment go (the server's rule). */
const GENERIC_EXPERIMENT = 'Generic Experiment';
const MAX_DATASETS = 5000;

/**
 * An experiment (`/data/experiments/:experimentId`): its name, description and date, and its datasets the
 * reader may see, grouped by dataset type; each group and each dataset opens the datasets table filtered
 * to it. Administrators edit it and delete it (its datasets move to the Generic Experiment).
 */
export default function ExperimentDetailsPane(props: PaneProps) {
  const services = useServices();
  const { api, t, translator, workspace } = services;
  const id = Number(props.instance.params.experimentId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const byId: Filter[] = [{ column: 'experimentId', comparator: 'equals', values: [String(id)] }];
  const experiment = useSWR(valid ? ['experiments:one', id] : null, () => api.table<ExperimentRow>('experiment/table', { page: 1, limit: 1, filter: byId }).then((r) => r.data[0] ?? null));
  const datasets = useSWR(valid ? ['experiments:datasets', id] : null, () =>
    api.table<ExperimentDataset>('dataset/table', { page: 1, limit: MAX_DATASETS, filter: byId, orderBy: 'datasetName', ascending: 1 }).then((r) => r.data),
  );
  const row = experiment.data;
  const { dialog, open: openDialog, close: closeDialog } = usePaneDialog(props);
  const isAdmin = useHasRole('ADMIN');
  const titleId = `${props.paneKey}-experiment-title`;

  if (!valid || row === null) {
    return (
      <section className="ui-pane" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('experiments.pane.details')}</h2>
        <p role="status">{t('experiments.notFound', { id: props.instance.params.experimentId ?? '' })}</p>
      </section>
    );
  }
  if (!row) {
    return (
      <section className="ui-pane" aria-busy="true" aria-label={t('experiments.pane.details')}>
        <p role="status">{experiment.error ? t('experiments.loadFailed') : t('experiments.loading')}</p>
      </section>
    );
  }

  const open = (only?: { datasetType?: string; datasetId?: number }) => workspace.open(datasetsOpening(id, only), 'right', props.paneKey);
  const typeName = (type: string) => {
    const key = `experiments.type.${type}`;
    return t(key) === key ? type : t(key);
  };
  const groups = byDatasetType(datasets.data ?? []);
  const count = datasets.data?.length ?? 0;
  const remove = () =>
    api
      .delete<boolean>(`experiment/${id}`)
      .then(() => {
        services.toast({ titleKey: 'experiments.doneTitle', messageKey: count > 0 ? 'experiments.deletedMoved' : 'experiments.deleted', values: { name: row.experimentName, count: String(count), generic: GENERIC_EXPERIMENT }, variant: 'success', autoHideMs: 5000, append: true });
        workspace.open({ type: PANE.table, params: {} }, 'replace', props.paneKey);
      })
      .catch(() => {});

  return (
    <section className="ui-pane experiments-details" aria-labelledby={titleId}>
      <div className="ui-pane-header">
        <h2 id={titleId}>{row.experimentName}</h2>
        <div className="ui-actions" role="toolbar" aria-label={t('experiments.actions')}>
          <Button onClick={() => open()} aria-keyshortcuts="d">
            {t('experiments.command.openDatasets')}
          </Button>
          {isAdmin ? (
            <>
              <Button onClick={() => openDialog('edit')} aria-keyshortcuts="e">
                {t('experiments.command.edit')}
              </Button>
              <Button variant="danger" onClick={() => openDialog('delete')} aria-keyshortcuts="Shift+Delete">
                {t('experiments.command.delete')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <dl className="ui-dl">
        <dt>{t('experiments.column.experimentId')}</dt>
        <dd>{row.experimentId}</dd>
        <dt>{t('experiments.column.experimentDescription')}</dt>
        <dd>{row.experimentDescription || '–'}</dd>
        <dt>{t('experiments.column.experimentDate')}</dt>
        <dd>{row.experimentDate ? translator.formatDate(String(row.experimentDate).slice(0, 10)) : '–'}</dd>
      </dl>
      <h3>{t('experiments.datasets')}</h3>
      {datasets.error ? (
        <p className="ui-error">{t('experiments.loadFailed')}</p>
      ) : !datasets.data ? (
        <p role="status">{t('experiments.loading')}</p>
      ) : groups.length === 0 ? (
        <p>{t('experiments.noDatasets')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.type} aria-labelledby={`${props.paneKey}-type-${group.type}`}>
            <h4 id={`${props.paneKey}-type-${group.type}`}>
              {typeName(group.type)} ({translator.formatNumber(group.datasets.length)})
            </h4>
            <ul className="experiments-datasets">
              {group.datasets.map((dataset) => (
                <li key={dataset.datasetId}>
                  <Button size="sm" variant="ghost" onClick={() => open({ datasetId: dataset.datasetId })}>
                    {dataset.datasetName || String(dataset.datasetId)}
                  </Button>
                  {dataset.datasetDescription ? <span className="ui-hint"> {dataset.datasetDescription}</span> : null}
                </li>
              ))}
            </ul>
            <Button size="sm" onClick={() => open({ datasetType: group.type })}>
              {t('experiments.openType', { type: typeName(group.type) })}
            </Button>
          </section>
        ))
      )}
      {dialog === 'edit' && isAdmin ? <EditDialog row={row} onClose={closeDialog} onSaved={() => void experiment.mutate()} /> : null}
      <Confirm
        danger
        open={dialog === 'delete' && isAdmin}
        title={t('experiments.deleteTitle')}
        message={t(count > 0 ? 'experiments.deleteConfirmMoved' : 'experiments.deleteConfirm', { name: row.experimentName, count: String(count), generic: GENERIC_EXPERIMENT })}
        confirmLabel={t('experiments.command.delete')}
        cancelLabel={t('experiments.form.cancel')}
        onConfirm={() => void remove()}
        onClose={closeDialog}
      />
    </section>
  );
}
