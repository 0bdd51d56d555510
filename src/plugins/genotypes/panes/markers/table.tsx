import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { markersTable } from './columns.js';

/**
 * The marker table (`/data/genotypes/markers`): every marker with its type and synonyms; filters, export,
 * marking (x) and Enter to open a marker's page, all the shared table's.
 */
export default function MarkersTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="genotypes-markers" aria-label={t('genotypes.pane.markers')} style={{ height: '100%' }}>
      <TableView declaration={markersTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('genotypes.pane.markers')} />
    </section>
  );
}
