import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { datasetsTable } from '../columns.js';

/** The datasets table pane (`/data/datasets`): the shared table from the datasets declaration. */
export default function DatasetsTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="datasets-pane" aria-label={t('datasets.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={datasetsTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('datasets.pane.table')} />
    </section>
  );
}
