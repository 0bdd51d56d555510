import { useSnapshot } from 'valtio';
import { useServices } from '../pane-api.js';
import { MARKED_PAGE_TYPES, markedPaneOf, type MarkedPageType } from './marked-pages.js';

/**
 * The switch between the marked-items pages (germplasm, markers, locations), each with how many are
 * marked; choosing one shows its page in this pane. Types whose domain is not installed are left out.
 */
export function MarkedTypeNav(props: { paneKey: string; current: MarkedPageType | null }) {
  const { registry, store, t, workspace } = useServices();
  const marked = useSnapshot(store.state).markedIds;
  const pages = MARKED_PAGE_TYPES.flatMap((type) => {
    const pane = markedPaneOf(registry, type);
    return pane ? [{ type, pane }] : [];
  });
  return (
    <nav className="marked-type-nav" aria-label={t('marked.nav.label')}>
      {pages.map(({ type, pane }) => (
        <button
          key={type}
          type="button"
          className="ui-button"
          aria-current={type === props.current ? 'page' : undefined}
          onClick={() => workspace.open({ type: pane, params: {} }, 'replace', props.paneKey)}
        >
          {t(`marked.type.${type}`, { count: marked[type].length })}
        </button>
      ))}
    </nav>
  );
}
