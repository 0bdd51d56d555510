import { useServices, type PaneProps } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { climatesTable } from './columns.js';

/**
 * The climate table (`/data/climate/climates`): every climate variable with its unit and number of data
 * points; filters, export, hidden columns and Enter to open a climate's page, all the shared table's.
 */
export default function ClimatesTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="climate-climates" aria-label={t('climate.pane.climates')} style={{ height: '100%' }}>
      <TableView declaration={climatesTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('climate.pane.climates')} />
    </section>
  );
}
