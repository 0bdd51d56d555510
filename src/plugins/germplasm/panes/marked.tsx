import { useSnapshot } from 'valtio';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { MarkedTablePane } from '../../../shell/marked/MarkedTablePane.js';
import { germplasmTable } from '../table-declaration.js';

/** Marked germplasm (`/marked-items/germplasm`): the table restricted to the marked ids; compare them from here. */
export default function MarkedGermplasmPane(props: PaneProps) {
  const { t, store, workspace } = useServices();
  const marked = useSnapshot(store.state).markedIds.germplasm;
  return (
    <MarkedTablePane
      {...props}
      type="germplasm"
      declaration={germplasmTable}
      idColumn="germplasmId"
      paneType="germplasm:marked"
      clearCommand="germplasm:clear-marked"
      toolbar={
        <button
          type="button"
          disabled={marked.length < 2}
          onClick={() => workspace.open({ type: 'germplasm:compare', params: { germplasmIds: marked.join(',') } }, 'right', props.paneKey)}
        >
          {t('germplasm.command.compareMarked')}
        </button>
      }
    />
  );
}
