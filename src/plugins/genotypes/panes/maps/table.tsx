import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { mapsTable } from './columns.js';

/** The map table (`/data/genotypes/maps`): the genetic maps the reader sees; Enter opens a map. */
export default function MapsTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="genotypes-maps" aria-label={t('genotypes.pane.maps')} style={{ height: '100%' }}>
      <TableView declaration={mapsTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('genotypes.pane.maps')} />
    </section>
  );
}
