import type { ClientPlugin, CommandContext, CommandSpec, PaletteItem, PaletteProvider } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { and, paneFocused, roleAtLeast } from '../../core/when.js';
import { PANE, type GroupTableRow } from './kinds.js';

export { PANE };

/** The dialogs a groups pane shows over its content, kept in its view state (and so in the URL). */
export type TableDialog = 'create' | 'upload';
export type DetailsDialog = 'edit' | 'delete' | 'visibility' | 'addMarked' | 'removeMarked';

const signedIn = roleAtLeast('AUTH_USER');
const inDetails = and(paneFocused(PANE.details), signedIn);

/** The groups table (the focused one, or in place of the focused pane) with a dialog open. */
function openTableDialog(context: CommandContext, dialog: TableDialog): void {
  const instance = context.workspace.instance();
  const table = instance?.type === PANE.table || instance?.type === PANE.upload ? instance : { type: PANE.table, params: {} };
  context.workspace.open({ ...table, state: { ...(table.state ?? {}), dialog } }, 'replace');
}

/** A dialog of the focused details pane; the pane decides whether the user may use it (owner or administrator). */
function openDetailsDialog(context: CommandContext, dialog: DetailsDialog): void {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.details) return;
  context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), dialog } }, 'replace');
}

const detailsCommand = (id: string, dialog: DetailsDialog, keys: string[]): CommandSpec => ({
  id: `groups:${id}`,
  titleKey: `groups.command.${id}`,
  keys,
  when: inDetails,
  run: (_args, context) => openDetailsDialog(context, dialog),
});

const commands: CommandSpec[] = [
  { id: 'groups:open-table', titleKey: 'groups.command.openTable', run: (_args, context) => context.workspace.open({ type: PANE.table, params: {} }, 'replace') },
  { id: 'groups:create', titleKey: 'groups.command.create', when: signedIn, run: (_args, context) => openTableDialog(context, 'create') },
  { id: 'groups:upload', titleKey: 'groups.command.upload', when: signedIn, run: (_args, context) => openTableDialog(context, 'upload') },
  detailsCommand('edit', 'edit', ['e']),
  detailsCommand('delete', 'delete', ['Shift+Delete']),
  detailsCommand('visibility', 'visibility', ['v']),
  detailsCommand('add-marked', 'addMarked', ['a']),
  detailsCommand('remove-marked', 'removeMarked', ['r']),
];

/** "Group by name": contains on the name, as the user types (3 characters or more); only groups the caller sees. */
const byName: PaletteProvider = {
  id: 'groups:by-name',
  minLength: 3,
  async search(text, signal, services): Promise<PaletteItem[]> {
    const result = await services.api.table<GroupTableRow>(
      'group/table',
      { page: 1, limit: 10, orderBy: 'groupName', ascending: 1, filter: [{ column: 'groupName', comparator: 'contains', values: [text.trim()] }] },
      { signal },
    );
    return result.data.map((row) => ({
      id: `groups:${row.groupId}`,
      label: row.groupName || String(row.groupId),
      kindKey: 'groups.palette.kind',
      run: (context: CommandContext) => context.workspace.open({ type: PANE.details, params: { groupId: String(row.groupId) } }, 'replace'),
    }));
  },
};

/** The groups client plugin: the group table, a group's details and members, and group upload. */
export const groupsPlugin: ClientPlugin = {
  id: 'groups',
  contributes: {
    panes: [
      { id: PANE.table, route: '/groups', pageName: 'groups', titleKey: 'groups.pane.table', kind: TABLE_KIND, load: () => import('./panes/table.js') },
      { id: PANE.upload, route: '/groups/upload/:file', pageName: 'group-upload', titleKey: 'groups.pane.upload', inSidebar: false, load: () => import('./panes/upload.js') },
      { id: PANE.details, route: '/groups/:groupId', pageName: 'group-details', titleKey: 'groups.pane.details', inSidebar: false, load: () => import('./panes/details.js') },
    ],
    commands,
    paletteProviders: [byName],
  },
};

export default groupsPlugin;
