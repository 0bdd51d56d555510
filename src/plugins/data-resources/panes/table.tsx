import { useHasRole, usePaneDialog } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { fileResourcesTable, PANE } from '../columns.js';
import { AddDialog } from './AddDialog.js';

/** The data resources pane (`/data/data-resources`): Enter opens a resource with its download and datasets. */
export default function DataResourcesTablePane(props: PaneProps) {
  const { t, workspace } = useServices();
  const isCurator = useHasRole('DATA_CURATOR');
  const { setState } = props;
  const state = props.instance.state;
  const { dialog, open, close: closeDialog } = usePaneDialog(props);
  const toolbar = isCurator ? <Button onClick={() => open('add')}>{t('dataResources.command.add')}</Button> : null;
  const added = (id: number | null) => {
    if (id !== null) workspace.open({ type: PANE.details, params: { fileresourceId: String(id) } }, 'replace', props.paneKey);
  };
  return (
    <section className="data-resources-pane" aria-label={t('dataResources.pane.table')} style={{ height: '100%' }}>
      <p className="ui-hint visually-hidden">{t('dataResources.tableHint')}</p>
      <TableView declaration={fileResourcesTable} paneKey={props.paneKey} state={state} setState={setState} label={t('dataResources.pane.table')} toolbar={toolbar} />
      {dialog === 'add' && isCurator ? <AddDialog onClose={closeDialog} onAdded={added} /> : null}
    </section>
  );
}
