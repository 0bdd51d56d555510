import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { experimentsTable } from '../columns.js';

/** The experiments table pane (`/data/experiments`): Enter opens an experiment's details. */
export default function ExperimentsTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="experiments-pane" aria-label={t('experiments.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={experimentsTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('experiments.pane.table')} />
    </section>
  );
}
