import type { ClientPlugin } from '../../core/contracts.js';
import { TABLE_KIND } from '../../core/table-plugin.js';
import { exportPageSlot } from '../../shell/sections.js';
import { allelefreqCommands } from './panes/allelefreq-export/commands.js';
import { exportCommands } from './panes/export/commands.js';
import { commands } from './panes/commands.js';
import { PANE } from './panes/ids.js';
import { markerPaletteProvider } from './panes/markers/palette.js';
import { gridCommands, gridPane, gridPaletteProvider } from './panes/grid/registration.js';

export { PANE };

/**
 * The genotypes client plugin: the marker table and a marker's page (its datasets, maps and groups), the map
 * table and a map's page (its markers, their density per chromosome, the map export), and the genotype and
 * allele-frequency export pages (sections of the datasets' export pane). `/data/genotypes`
 * leads to the maps (core's redirects). Genotype uploads are the uploader's template `genotype`.
 */
export const genotypesPlugin: ClientPlugin = {
  id: 'genotypes',
  contributes: {
    panes: [
      { id: PANE.markers, route: '/data/genotypes/markers', pageName: 'markers', titleKey: 'genotypes.pane.markers', kind: TABLE_KIND, load: () => import('./panes/markers/table.js') },
      {
        // Germinate's route says `marker`, singular.
        id: PANE.marker,
        route: '/data/genotypes/marker/:markerId',
        pageName: 'marker-details',
        titleKey: 'genotypes.pane.marker',
        inSidebar: false,
        load: () => import('./panes/markers/details.js'),
      },
      { id: PANE.maps, route: '/data/genotypes/maps', pageName: 'maps', titleKey: 'genotypes.pane.maps', kind: TABLE_KIND, load: () => import('./panes/maps/table.js') },
      {
        // A table pane too: the map's markers are the shared table (j, k, x, Enter) on its first tab.
        id: PANE.map,
        route: '/data/genotypes/maps/:mapId',
        pageName: 'map-details',
        titleKey: 'genotypes.pane.map',
        kind: TABLE_KIND,
        inSidebar: false,
        load: () => import('./panes/maps/details.js'),
      },
      { id: PANE.marked, route: '/marked-items/markers', pageName: 'marked-items-type', titleKey: 'marked.title.markers', kind: TABLE_KIND, load: () => import('./panes/markers/marked.js') },
      gridPane,
    ],
    commands: [...commands, ...exportCommands, ...allelefreqCommands, ...gridCommands],
    paletteProviders: [markerPaletteProvider, gridPaletteProvider],
    sections: [
      { id: 'genotypes:export', slot: exportPageSlot('genotype'), titleKey: 'datasets.export.title.genotype', load: () => import('./panes/export/page.js') },
      { id: 'genotypes:allelefreq-export', slot: exportPageSlot('allelefreq'), titleKey: 'datasets.export.title.allelefreq', load: () => import('./panes/allelefreq-export/page.js') },
    ],
  },
};

export default genotypesPlugin;
