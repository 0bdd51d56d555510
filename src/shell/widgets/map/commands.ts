import type { CommandContext, CommandSpec } from '../../../core/contracts.js';
import { predicate } from '../../../core/when.js';
import { mapOf, paneTypeHasMap, type PlaceMapHandle } from './handles.js';
import { pageIsDark } from '../../use-dark-theme.js';
import { configuredTiles, nextLayer, resolveLayer } from './layer.js';

/**
 * The map's keyboard as palette commands, for whichever pane shows a map: stepping through the places in
 * view, opening or marking the focused one, and drawing a search point or polygon at the map's centre (the
 * arrow keys move the map under the centre). On the focused map canvas the same actions have plain keys.
 */
const hasMap = predicate('focused pane shows a map', (keys) => paneTypeHasMap(keys.focusedPane));
const drawsPolygon = predicate('focused map draws a polygon', (keys) => paneTypeHasMap(keys.focusedPane, 'polygon'));
const draws = predicate('focused map draws', (keys) => paneTypeHasMap(keys.focusedPane, 'any'));

const onMap = (act: (map: PlaceMapHandle) => void) => (_args: unknown, context: CommandContext) => {
  const map = mapOf(context.workspace.focusedKey());
  if (map) act(map);
};

export const mapCommands: CommandSpec[] = [
  { id: 'map:next-place', titleKey: 'map.command.nextPlace', keys: [']'], when: hasMap, run: onMap((map) => map.focusPlace(1)) },
  { id: 'map:previous-place', titleKey: 'map.command.previousPlace', keys: ['['], when: hasMap, run: onMap((map) => map.focusPlace(-1)) },
  { id: 'map:open-place', titleKey: 'map.command.openPlace', when: hasMap, run: onMap((map) => map.openFocused()) },
  { id: 'map:mark-place', titleKey: 'map.command.markPlace', when: hasMap, run: onMap((map) => map.markFocused()) },
  { id: 'map:add-at-centre', titleKey: 'map.command.addAtCentre', keys: ['v'], when: draws, run: onMap((map) => map.addAtCentre()) },
  { id: 'map:remove-last', titleKey: 'map.command.removeLast', keys: ['Shift+V'], when: draws, run: onMap((map) => map.removeLast()) },
  {
    id: 'map:next-layer',
    titleKey: 'map.layer.command',
    when: hasMap,
    run: (_args, context) => {
      const { store, settings } = context;
      store.state.mapLayer = nextLayer(resolveLayer(store.state.mapLayer, pageIsDark(), configuredTiles(settings)));
    },
  },
  { id: 'map:close-polygon', titleKey: 'map.command.closePolygon', keys: ['Shift+C'], when: drawsPolygon, run: onMap((map) => map.close()) },
];
