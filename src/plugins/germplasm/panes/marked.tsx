import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { Filter } from '../../../core/table-request.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { TableView } from '../../../shell/table/TableView.js';
import { germplasmTable } from '../table-declaration.js';
import { runFromButton } from '../../../shell/table/run-command.js';

/** Marked germplasm (`/marked-items/germplasm`): the table restricted to the marked ids. */
export default function MarkedGermplasmPane(props: PaneProps) {
  const services = useServices();
  const { t, store, workspace } = services;
  const marked = useSnapshot(store.state).markedIds.germplasm;
  const idText = marked.join(',');
  // Rebuilt only when the ids change, so the table does not refetch on every render.
  const fixed = useMemo<Filter[] | null>(
    () => (idText === '' ? null : [{ column: 'germplasmId', comparator: 'inSet', operator: 'and', values: idText.split(',').map(Number) }]),
    [idText],
  );
  return (
    <section className="germplasm-pane" aria-label={t('germplasm.pane.marked')} style={{ height: '100%' }}>
      <TableView
        declaration={germplasmTable}
        paneKey={props.paneKey}
        state={props.instance.state}
        setState={props.setState}
        fixed={fixed}
        label={t('germplasm.pane.marked')}
                toolbar={
          <>
            <button
              type="button"
              onClick={() => runFromButton(services, props.paneKey, 'germplasm:marked', 'germplasm:clear-marked')}
              disabled={marked.length === 0}
            >
              {t('germplasm.marked.clear')}
            </button>
            <button
              type="button"
              disabled={marked.length < 2}
              onClick={() => workspace.open({ type: 'germplasm:compare', params: { germplasmIds: idText } }, 'right', props.paneKey)}
            >
              {t('germplasm.command.compareMarked')}
            </button>
          </>
        }
      />
      {marked.length === 0 ? <p>{t('germplasm.marked.none')}</p> : null}
    </section>
  );
}
