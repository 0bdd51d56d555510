import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { germplasmTable } from '../table-declaration.js';

/** The germplasm table pane (`/data/germplasm`). */
export default function GermplasmTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="germplasm-pane" aria-label={t('germplasm.pane.table')} style={{ height: '100%' }}>
      <TableView declaration={germplasmTable} paneKey={props.paneKey} state={props.instance.state} setState={props.setState} label={t('germplasm.pane.table')} />
    </section>
  );
}
