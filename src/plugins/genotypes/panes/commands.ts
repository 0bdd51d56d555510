import type { CommandContext, CommandSpec } from '../../../core/contracts.js';
import { paneFocused } from '../../../core/when.js';
import { groupCommands } from '../../../shell/groups/commands.js';
import { clearMarkedCommand } from '../../../shell/marked/marked-pages.js';
import { downloadFile } from '../../../shell/table/download.js';
import { PANE } from './ids.js';
import { exportFileName, mapExportRequest } from './maps/export-form.js';
import { exportFormatId, readMapPaneState } from './maps/pane-state.js';
import { MARKER_GROUP_COMMANDS, markerGroupKind } from './markers/group-kind.js';

const onMarkers = paneFocused(PANE.markers);
const onMaps = paneFocused(PANE.maps);
const onMarker = paneFocused(PANE.marker);
const onMap = paneFocused(PANE.map);

/** The id in a route param, or null when it is no database id. */
function paramId(context: CommandContext, name: string): number | null {
  const id = Number(context.workspace.instance()?.params[name]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Brings the keyboard to an element a pane draws after its state changed (a frame or two later). */
function focusSoon(id: string, tries = 10): void {
  const element = document.getElementById(id);
  if (element) element.focus();
  else if (tries > 0) requestAnimationFrame(() => focusSoon(id, tries - 1));
}

/** Shows the map pane's export tab and puts the keyboard on its first control. */
function showExport(context: CommandContext): void {
  const instance = context.workspace.instance();
  if (instance?.type !== PANE.map) return;
  context.workspace.open({ ...instance, state: { ...(instance.state ?? {}), tab: 'export' } }, 'replace');
  focusSoon(exportFormatId(context.workspace.focusedKey()));
}

/**
 * Downloads the focused map's export as the form in its state says; an incomplete form sends nothing, shows
 * the form and says what is missing.
 */
async function downloadExport(context: CommandContext): Promise<void> {
  const mapId = paramId(context, 'mapId');
  const instance = context.workspace.instance();
  if (mapId === null || !instance) return;
  const form = readMapPaneState(instance.state).export;
  const outcome = mapExportRequest(form);
  if (outcome.problem !== undefined) {
    showExport(context);
    context.toast({ titleKey: 'genotypes.export.title', messageKey: outcome.problem, variant: 'warning', autoHideMs: 5000, append: true });
    return;
  }
  const file = await context.api.post(`map/${mapId}/export`, { body: outcome.body, raw: true });
  const name = exportFileName(mapId, form.format);
  downloadFile(file.blob, name);
  context.toast({ titleKey: 'genotypes.export.title', messageKey: 'genotypes.export.saved', values: { file: name }, variant: 'success', autoHideMs: 5000, append: true });
}

/** The genotypes commands; each has a button or a key in its pane too. */
export const commands: CommandSpec[] = [
  { id: 'genotypes:open-marked', titleKey: 'genotypes.command.openMarked', run: (_args, context) => context.workspace.open({ type: PANE.marked, params: {} }, 'replace') },
  clearMarkedCommand('genotypes:clear-marked', 'genotypes.command.clearMarked', 'markers', PANE.marked),
  {
    id: 'genotypes:open-markers',
    titleKey: 'genotypes.command.openMarkers',
    keys: ['g k'],
    run: (_args, context) => context.workspace.open({ type: PANE.markers, params: {} }, 'replace'),
  },
  {
    id: 'genotypes:open-maps',
    titleKey: 'genotypes.command.openMaps',
    keys: ['g m'],
    run: (_args, context) => context.workspace.open({ type: PANE.maps, params: {} }, 'replace'),
  },
  {
    // Enter does the same in the table; this one serves the palette.
    id: 'genotypes:open-marker',
    titleKey: 'genotypes.command.openMarker',
    when: onMarkers,
    run: (_args, context) => context.tables.get(context.workspace.focusedKey())?.openSelected('replace'),
  },
  // c, a and Shift+G in the marker table: a group of the marked markers, adding them to one, the group filter.
  ...groupCommands(markerGroupKind, PANE.markers, MARKER_GROUP_COMMANDS),
  {
    id: 'genotypes:open-map',
    titleKey: 'genotypes.command.openMap',
    when: onMaps,
    run: (_args, context) => context.tables.get(context.workspace.focusedKey())?.openSelected('replace'),
  },
  {
    // The same x as the tables' toggle-mark: on a marker's page it marks the marker shown.
    id: 'genotypes:toggle-mark-shown',
    titleKey: 'genotypes.command.toggleMarkShown',
    keys: ['x'],
    when: onMarker,
    run: (_args, context) => {
      const id = paramId(context, 'markerId');
      if (id === null) return;
      const marked = context.store.toggleMark('markers', id);
      context.toast({ titleKey: 'genotypes.pane.marker', messageKey: marked ? 'genotypes.marker.markedNow' : 'genotypes.marker.unmarked', variant: 'info', autoHideMs: 5000, append: true });
    },
  },
  {
    id: 'genotypes:show-map-export',
    titleKey: 'genotypes.command.showExport',
    keys: ['e'],
    when: onMap,
    run: (_args, context) => showExport(context),
  },
  {
    id: 'genotypes:download-map-export',
    titleKey: 'genotypes.command.downloadExport',
    keys: ['d', '$mod+Enter'],
    when: onMap,
    run: (_args, context) => downloadExport(context),
  },
];
