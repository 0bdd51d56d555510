import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { fileResourcesTable } from '../columns.js';

/** The data resources pane (`/data/data-resources`): Enter opens a resource with its download and datasets. */
export default function DataResourcesTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="data-resources-pane" aria-label={t('dataResources.pane.table')} style={{ height: '100%' }}>
      <p className="ui-hint visually-hidden">{t('dataResources.tableHint')}</p>
      <TableView declaration={fileResourcesTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('dataResources.pane.table')} />
    </section>
  );
}
