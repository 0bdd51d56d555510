import { GEO_RESULTS_SLOT } from '../../shell/sections.js';
import type { ClientPlugin, CommandContext, CommandSpec, PaletteItem, PaletteProvider } from '../../core/contracts.js';
import { paneFocused, roleAtLeast } from '../../core/when.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { germplasmTitle, type GermplasmRow } from './columns.js';
import { isUnifyArgs, type UnifyArgs } from './unify-args.js';

/**
 * The germplasm client plugin: pane types (each a lazy chunk) and the commands and palette search that
 * drive them. The table panes are of the shared table kind: their row keys (j, k, x, Enter…) are the
 * shared table's commands, not germplasm's.
 */

export const PANE = {
  table: 'germplasm:table',
  passport: 'germplasm:passport',
  compare: 'germplasm:compare',
  marked: 'germplasm:marked',
  list: 'germplasm:list',
  match: 'germplasm:match',
  unifier: 'germplasm:unifier',
} as const;

function open(context: CommandContext, type: string, params: Record<string, string>, where: 'replace' | 'right') {
  context.workspace.open({ type, params }, where);
}

/**
 * Merges with the choices the unifier pane passes; from the palette (no choices) it opens the pane,
 * where the preferred germplasm is picked and the merge confirmed.
 */
async function unifyMarked(args: unknown, context: CommandContext): Promise<void> {
  const services = context;
  if (!isUnifyArgs(args)) {
    open(context, PANE.unifier, {}, 'replace');
    return;
  }
  const body: UnifyArgs = args;
  await services.api.post<boolean>('germplasm/unify', { body });
  services.toast({ titleKey: 'germplasm.unifier.doneTitle', messageKey: 'germplasm.unifier.done', variant: 'success', autoHideMs: 5000, append: true });
  // The others no longer exist, so their marks would point at nothing.
  services.store.unmarkItems('germplasm', body.otherGermplasmIds);
}

const commands: CommandSpec[] = [
  {
    id: 'germplasm:open-table',
    titleKey: 'germplasm.command.openTable',
    run: (_args, context) => open(context, PANE.table, {}, 'replace'),
  },
  {
    id: 'germplasm:open-marked',
    titleKey: 'germplasm.command.openMarked',
    run: (_args, context) => open(context, PANE.marked, {}, 'replace'),
  },
  {
    id: 'germplasm:open-from-list',
    titleKey: 'germplasm.command.openFromList',
    run: (_args, context) => open(context, PANE.list, {}, 'replace'),
  },
  {
    id: 'germplasm:open-match',
    titleKey: 'germplasm.command.openMatch',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => open(context, PANE.match, {}, 'replace'),
  },
  {
    id: 'germplasm:compare-marked',
    titleKey: 'germplasm.command.compareMarked',
    run: (_args, context) => {
      const services = context;
      const ids = services.store.state.markedIds.germplasm;
      if (ids.length < 2) {
        services.toast({ titleKey: 'germplasm.compare.title', messageKey: 'germplasm.compare.needTwo', variant: 'info', autoHideMs: 5000, append: true });
        return;
      }
      services.workspace.open({ type: PANE.compare, params: { germplasmIds: ids.join(',') } }, 'right');
    },
  },
  {
    id: 'germplasm:unify-marked',
    titleKey: 'germplasm.unifier.command',
    when: roleAtLeast('DATA_CURATOR'),
    run: (args, context) => unifyMarked(args, context),
  },
  {
    // The same x as the tables' toggle-mark: in a passport it marks the germplasm shown.
    id: 'germplasm:toggle-mark-shown',
    titleKey: 'germplasm.command.toggleMarkShown',
    keys: ['x'],
    when: paneFocused(PANE.passport),
    run: (_args, context) => {
      const id = Number(context.workspace.instance()?.params.germplasmId);
      if (!Number.isSafeInteger(id) || id <= 0) return;
      const marked = context.store.toggleMark('germplasm', id);
      context.toast({ titleKey: 'germplasm.pane.passport', messageKey: marked ? 'germplasm.passport.markedNow' : 'germplasm.passport.unmarked', variant: 'info', autoHideMs: 5000, append: true });
    },
  },
  {
    id: 'germplasm:toggle-map',
    titleKey: 'germplasm.map.command',
    when: paneFocused(PANE.table),
    run: (_args, context) => {
      const instance = context.workspace.instance();
      if (instance) context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), map: instance.state?.map !== true } }, 'replace');
    },
  },
  {
    id: 'germplasm:clear-marked',
    titleKey: 'germplasm.command.clearMarked',
    when: paneFocused(PANE.marked),
    run: (_args, context) => context.store.unmarkItems('germplasm', [...context.store.state.markedIds.germplasm]),
  },
];

/** "Germplasm by name": contains on name, display name or GID ('%' passes through as the wildcard). */
const byName: PaletteProvider = {
  id: 'germplasm:by-name',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const values = [text.trim()];
    const result = await services.api.table<GermplasmRow>(
      'germplasm/table',
      {
        page: 1,
        limit: 10,
        filter: ['germplasmName', 'germplasmDisplayName', 'germplasmGid'].map((column) => ({
          column,
          comparator: 'contains' as const,
          operator: 'or' as const,
          values,
        })),
      },
      { signal },
    );
    return result.data.map((row) => ({
      id: `germplasm:${row.germplasmId}`,
      label: germplasmTitle(row) || String(row.germplasmId),
      kindKey: 'germplasm.palette.kind',
      run: (context: CommandContext) => open(context, PANE.passport, { germplasmId: String(row.germplasmId) }, 'replace'),
    }));
  },
};

export const germplasmPlugin: ClientPlugin = {
  id: 'germplasm',
  contributes: {
    panes: [
      { id: PANE.table, route: '/data/germplasm', pageName: 'germplasm', titleKey: 'germplasm.pane.table', kind: TABLE_KIND, load: () => import('./panes/table.js') },
      {
        id: PANE.passport,
        route: '/data/germplasm/:germplasmId',
        pageName: 'passport',
        titleKey: 'germplasm.pane.passport',
        inSidebar: false,
        load: () => import('./panes/passport.js'),
      },
      {
        id: PANE.compare,
        route: '/data/germplasm/compare/:germplasmIds',
        pageName: 'germplasm-compare',
        titleKey: 'germplasm.pane.compare',
        inSidebar: false,
        load: () => import('./panes/compare.js'),
      },
      {
        id: PANE.marked,
        route: '/marked-items/germplasm',
        pageName: 'marked-items',
        titleKey: 'germplasm.pane.marked',
        kind: TABLE_KIND,
        inSidebar: false,
        load: () => import('./panes/marked.js'),
      },
      { id: PANE.list, route: '/data/germplasm/from-list', pageName: 'germplasm-list', titleKey: 'germplasm.pane.list', kind: TABLE_KIND, load: () => import('./panes/from-list.js') },
      {
        // The same pane under Germinate's route, page name and role (germplasm match, curators).
        id: PANE.match,
        route: '/data/germplasm-match',
        pageName: 'germplasm-match',
        titleKey: 'germplasm.pane.match',
        minRole: 'DATA_CURATOR',
        kind: TABLE_KIND,
        load: () => import('./panes/from-list.js'),
      },
      {
        id: PANE.unifier,
        route: '/data/germplasm-unifier',
        pageName: 'germplasm-unifier',
        titleKey: 'germplasm.unifier.title',
        minRole: 'DATA_CURATOR',
        load: () => import('./panes/unifier.js'),
      },
    ],
    commands,
    paletteProviders: [byName],
    // The germplasm a geographic search finds (the locations plugin's pane; it names the slot).
    sections: [{ id: 'germplasm:geo-results', slot: GEO_RESULTS_SLOT, titleKey: 'germplasm.geoResults.title', order: 10, load: () => import('./panes/geo-results.js') }],
  },
};

export default germplasmPlugin;
