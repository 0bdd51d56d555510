import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { GEO_RESULTS_SLOT } from '../../shell/sections.js';
import { commands } from './panes/commands.js';
import { PANE } from './panes/ids.js';

export { PANE };

/**
 * The locations client plugin: the location table under its map (clustered, heatmap, climate overlay), and
 * the geographic search by point or polygon, whose location results are ours and germplasm results the
 * germplasm plugin's (a section of the slot GEO_RESULTS_SLOT). `/data/geography` leads to the locations.
 */
export const locationsPlugin: ClientPlugin = {
  id: 'locations',
  contributes: {
    panes: [
      { id: PANE.locations, route: '/data/geography/locations', pageName: 'locations', titleKey: 'locations.pane.locations', kind: TABLE_KIND, load: () => import('./panes/locations/table.js') },
      {
        id: PANE.search,
        route: '/data/geography/geographic-search',
        pageName: 'geographic-search',
        titleKey: 'locations.pane.search',
        kind: TABLE_KIND,
        load: () => import('./panes/search/search.js'),
      },
      { id: PANE.marked, route: '/marked-items/locations', pageName: 'marked-items-type', titleKey: 'marked.title.locations', kind: TABLE_KIND, load: () => import('./panes/locations/marked.js') },
    ],
    commands,
    sections: [{ id: 'locations:search-locations', slot: GEO_RESULTS_SLOT, titleKey: 'locations.search.locationsFound', order: 20, load: () => import('./panes/search/location-results.js') }],
  },
};

export default locationsPlugin;
