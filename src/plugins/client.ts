import type { ClientPlugin } from '../core/contracts.js';
import { adminPlugin } from './admin/index.js';
import { datasetsPlugin } from './datasets/index.js';
import { germplasmPlugin } from './germplasm/index.js';
import { importPlugin } from './import/index.js';
import { statisticsPlugin } from './statistics/index.js';
import { experimentsPlugin } from './experiments/index.js';
import { dataResourcesPlugin } from './data-resources/index.js';
import { trialsPlugin } from './trials/index.js';
import { genotypesPlugin } from './genotypes/index.js';
import { climatePlugin } from './climate/index.js';
import { locationsPlugin } from './locations/index.js';
import { groupsPlugin } from './groups/index.js';
import { imagesPlugin } from './images/index.js';
import { searchPlugin } from './search/index.js';
import { requestBasketPlugin } from './request-basket/index.js';

/**
 * Every domain's client half, registered by the shell after its own core plugin. Adding a domain =
 * one line here (the server has its own list in ./server.ts).
 */
export const clientPlugins: ClientPlugin[] = [germplasmPlugin, datasetsPlugin, importPlugin, adminPlugin, statisticsPlugin, experimentsPlugin, dataResourcesPlugin, trialsPlugin, genotypesPlugin, locationsPlugin, climatePlugin, searchPlugin, imagesPlugin, groupsPlugin, requestBasketPlugin];
