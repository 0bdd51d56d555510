import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { GermplasmTable } from '../widgets/GermplasmTable.js';

/** The germplasm table pane (`/data/germplasm`). */
export default function GermplasmTablePane(props: PaneProps) {
  const { t } = useServices();
  return (
    <section className="germplasm-pane" aria-label={t('germplasm.pane.table')} style={{ height: '100%' }}>
      <GermplasmTable
        paneKey={props.paneKey}
        focused={props.focused}
        state={props.instance.state}
        setState={props.setState}
        label={t('germplasm.pane.table')}
      />
    </section>
  );
}
