import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { PANE } from '../actions.js';
import { datasetsTable } from '../columns.js';
import { EditDialog } from './EditDialog.js';

/**
 * The datasets table pane (`/data/datasets`): the shared table from the datasets declaration; Enter opens a
 * dataset's details. Curators and administrators create datasets here (the form is the pane's `dialog` state).
 */
export default function DatasetsTablePane(props: PaneProps) {
  const services = useServices();
  const { t, workspace } = services;
  const canCreate = useHasRole('DATA_CURATOR');
  const { dialog, close: closeDialog } = usePaneDialog(props);
  const toolbar = canCreate ? (
    <button type="button" onClick={() => runFromButton(services, props.paneKey, PANE.table, 'datasets:create')}>
      {t('datasets.command.create')}
    </button>
  ) : null;
  return (
    <section className="datasets-pane" aria-label={t('datasets.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={datasetsTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('datasets.pane.table')} toolbar={toolbar} />
      {dialog === 'create' && canCreate ? (
        <EditDialog
          row={null}
          onClose={closeDialog}
          onSaved={(row) => workspace.open({ type: PANE.details, params: { datasetId: String(row.datasetId) } }, 'right', props.paneKey)}
        />
      ) : null}
    </section>
  );
}
