import type { ClientPlugin, CommandSpec } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { PANE, paletteProviders } from './palette.js';

/**
 * The search client plugin: Germinate's search page (`/search`, `/search/:searchTerm`) over the other
 * domains' table endpoints, and the palette's "search everywhere". It has no server half: every section is
 * a table endpoint another domain serves. Both panes are of the table kind: the open section's table takes
 * the shared table keys.
 */

const commands: CommandSpec[] = [
  {
    id: 'search:open',
    titleKey: 'search.command.open',
    run: (_args, context) => context.workspace.open({ type: PANE.page, params: {} }, 'replace'),
  },
];

export const searchPlugin: ClientPlugin = {
  id: 'search',
  contributes: {
    panes: [
      { id: PANE.page, route: '/search', pageName: 'search', titleKey: 'search.title', kind: TABLE_KIND, load: () => import('./panes/search.js') },
      { id: PANE.query, route: '/search/:searchTerm', pageName: 'search-query', titleKey: 'search.title', kind: TABLE_KIND, inSidebar: false, load: () => import('./panes/search.js') },
    ],
    commands,
    paletteProviders,
  },
};

export default searchPlugin;
