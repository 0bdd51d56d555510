import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { experimentsTable, PANE } from '../columns.js';
import { EditDialog } from './EditDialog.js';

/** The experiments table pane (`/data/experiments`): Enter opens an experiment; curators add new ones. */
export default function ExperimentsTablePane(props: PaneProps) {
  const { t, workspace } = useServices();
  const isCurator = useHasRole('DATA_CURATOR');
  const { setState } = props;
  const state = props.instance.state;
  const { dialog, open, close: closeDialog } = usePaneDialog(props);
  const toolbar = isCurator ? (
    <Button onClick={() => open('create')}>
      {t('experiments.command.create')}
    </Button>
  ) : null;
  return (
    <section className="experiments-pane" aria-label={t('experiments.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={experimentsTable} paneKey={props.paneKey} state={state} setState={setState} label={t('experiments.pane.table')} toolbar={toolbar} />
      {dialog === 'create' && isCurator ? (
        <EditDialog row={null} onClose={closeDialog} onSaved={(id) => workspace.open({ type: PANE.details, params: { experimentId: String(id) } }, 'replace', props.paneKey)} />
      ) : null}
    </section>
  );
}
