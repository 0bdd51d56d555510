import { useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { TableDeclaration } from '../../core/table-declaration.js';
import type { Filter } from '../../core/table-request.js';
import { useServices, type PaneProps } from '../pane-api.js';
import { runFromButton } from '../table/run-command.js';
import { TableView } from '../table/TableView.js';
import type { MarkedPageType } from './marked-pages.js';
import { MarkedTypeNav } from './MarkedTypeNav.js';

export interface MarkedTablePaneProps<R extends Record<string, unknown>> extends PaneProps {
  type: MarkedPageType;
  declaration: TableDeclaration<R>;
  /** The table's id column, which the marked ids restrict (`germplasmId`). */
  idColumn: string;
  /** This page's pane type and the command that clears its marks (run by the clear button). */
  paneType: string;
  clearCommand: string;
  /** Further toolbar buttons (compare, unify…). */
  toolbar?: ReactNode;
}

/**
 * A marked-items page (`/marked-items/{itemType}`): the type switch, and the domain's table restricted to
 * the marked ids, with the table's keys (x unmarks) and a button that clears them all.
 */
export function MarkedTablePane<R extends Record<string, unknown>>(props: MarkedTablePaneProps<R>) {
  const services = useServices();
  const { t, store } = services;
  const marked = useSnapshot(store.state).markedIds[props.type];
  const idText = marked.join(',');
  // Rebuilt only when the ids change, so the table does not refetch on every render.
  const fixed = useMemo<Filter[] | null>(
    () => (idText === '' ? null : [{ column: props.idColumn, comparator: 'inSet', operator: 'and', values: idText.split(',').map(Number) }]),
    [idText, props.idColumn],
  );
  const title = t(`marked.title.${props.type}`);
  return (
    <section className="marked-pane" aria-label={title} style={{ height: '100%' }}>
      <MarkedTypeNav paneKey={props.paneKey} current={props.type} />
      {marked.length === 0 ? <p className="marked-none">{t(`marked.none.${props.type}`)}</p> : null}
      <TableView
        declaration={props.declaration}
        paneKey={props.paneKey}
        state={props.instance.state}
        setState={props.setState}
        fixed={fixed}
        label={title}
        toolbar={
          <>
            <button type="button" disabled={marked.length === 0} onClick={() => runFromButton(services, props.paneKey, props.paneType, props.clearCommand)}>
              {t('marked.clear')}
            </button>
            {props.toolbar}
          </>
        }
      />
    </section>
  );
}
