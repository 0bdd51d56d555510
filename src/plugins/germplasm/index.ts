import type { ClientPlugin, CommandContext, CommandSpec, PaletteItem, PaletteProvider } from '../../core/contracts.js';
import { or, paneFocused, roleAtLeast } from '../../core/when.js';
import type { TableController } from '../../core/table-controllers.js';
import { germplasmTitle, type GermplasmRow } from './columns.js';
import { isUnifyArgs, type UnifyArgs } from './unify-args.js';

/**
 * The germplasm client plugin: pane types (each a lazy chunk) and the commands and palette search that
 * drive them. Commands that act on rows reach the focused pane's table through the `tables` service.
 */

export const PANE = {
  table: 'germplasm:table',
  passport: 'germplasm:passport',
  compare: 'germplasm:compare',
  marked: 'germplasm:marked',
  list: 'germplasm:list',
  unifier: 'germplasm:unifier',
} as const;

/** Panes with a row cursor (the table widget). */
const onRows = or(paneFocused(PANE.table), paneFocused(PANE.marked), paneFocused(PANE.list));

function open(context: CommandContext, type: string, params: Record<string, string>, where: 'replace' | 'right') {
  context.workspace.open({ type, params }, where);
}

/** The focused pane's table, when the focused pane is a table. */
function focusedController(context: CommandContext): TableController | undefined {
  return context.tables.get(context.workspace.focusedKey());
}

function rowCommand(id: string, titleKey: string, keys: string[], act: (context: CommandContext) => unknown): CommandSpec {
  return { id, titleKey, keys, when: onRows, run: (_args, context) => act(context) };
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
  rowCommand('germplasm:next-row', 'germplasm.command.nextRow', ['j'], (c) => focusedController(c)?.moveRow(1)),
  rowCommand('germplasm:previous-row', 'germplasm.command.previousRow', ['k'], (c) => focusedController(c)?.moveRow(-1)),
  rowCommand('germplasm:open-passport', 'germplasm.command.openPassport', ['Enter'], (c) =>
    focusedController(c)?.openSelected('replace'),
  ),
  rowCommand('germplasm:open-passport-beside', 'germplasm.command.openPassportBeside', ['Shift+Enter'], (c) =>
    focusedController(c)?.openSelected('right'),
  ),
  rowCommand('germplasm:toggle-mark', 'germplasm.command.toggleMark', ['x'], (c) => focusedController(c)?.toggleMark()),
  rowCommand('germplasm:mark-range', 'germplasm.command.markRange', ['Shift+x'], (c) => focusedController(c)?.markRange()),
  rowCommand('germplasm:filter', 'germplasm.command.filter', ['f'], (c) => focusedController(c)?.openFilter()),
  rowCommand('germplasm:jump-to-page', 'germplasm.command.jumpToPage', ['p'], (c) => focusedController(c)?.openJump()),
  rowCommand('germplasm:export', 'germplasm.command.export', [], (c) => focusedController(c)?.exportCurrent()),
  {
    id: 'germplasm:mark-all-matches',
    titleKey: 'germplasm.command.markAllMatches',
    keys: ['Shift+a'],
    when: paneFocused(PANE.list),
    run: (_args, context) => focusedController(context)?.markAll(),
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
      { id: PANE.table, route: '/data/germplasm', pageName: 'germplasm', titleKey: 'germplasm.pane.table', load: () => import('./panes/table.js') },
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
        inSidebar: false,
        load: () => import('./panes/marked.js'),
      },
      { id: PANE.list, route: '/data/germplasm/from-list', pageName: 'germplasm-list', titleKey: 'germplasm.pane.list', load: () => import('./panes/from-list.js') },
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
  },
};

export default germplasmPlugin;
