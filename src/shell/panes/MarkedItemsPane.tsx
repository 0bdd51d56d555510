import { useSnapshot } from 'valtio';
import { useServices, type PaneProps } from '../pane-api.js';
import { isMarkedPageType, MARKED_PAGE_TYPES, markedPaneOf } from '../marked/marked-pages.js';
import { MarkedTypeNav } from '../marked/MarkedTypeNav.js';

/**
 * `/marked-items` and `/marked-items/{itemType}` for a type no installed domain shows: how many items of
 * each type are marked, each opening its page. (A known type's own page has a literal route, which wins.)
 */
export default function MarkedItemsPane(props: PaneProps) {
  const { registry, store, t } = useServices();
  const marked = useSnapshot(store.state).markedIds;
  const asked = props.instance.params.itemType;
  const unknown = asked !== undefined && !(isMarkedPageType(asked) && markedPaneOf(registry, asked));
  const total = MARKED_PAGE_TYPES.reduce((sum, type) => sum + marked[type].length, 0);
  return (
    <section className="marked-pane" aria-labelledby={`${props.paneKey}-marked-title`}>
      <h2 id={`${props.paneKey}-marked-title`}>{t('marked.title.all')}</h2>
      {unknown ? <p role="alert">{t('marked.unknownType', { type: asked })}</p> : null}
      <p>{t('marked.total', { count: total })}</p>
      <MarkedTypeNav paneKey={props.paneKey} current={null} />
    </section>
  );
}
