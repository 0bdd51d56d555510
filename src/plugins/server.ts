import type { ServerPlugin } from '../server/plugin.js';
import { germplasmServer } from './germplasm/server.js';
import { datasetsServer } from './datasets/server.js';
import { groupsServer } from './groups/server.js';
import { pedigreeServer } from './pedigree/server.js';
import { trialsServer } from './trials/server.js';
import { climateServer } from './climate/server.js';
import { imagesServer } from './images/server.js';
import { mapoverlaysServer } from './mapoverlays/server.js';
import { statisticsServer } from './statistics/server.js';
import { experimentsServer } from './experiments/server.js';
import { dataResourcesServer } from './data-resources/server.js';
import { genotypesServer } from './genotypes/server.js';
import { locationsServer } from './locations/server.js';
import { requestBasketServer } from './request-basket/server.js';

/**
 * Every domain's server half. Adding a domain = one line here (the client has its own list). The order
 * is the demo data's: germplasm first, since the other templates refer to it. Migrations do not depend on
 * it: they follow each plugin's `requires`.
 */
export const serverPlugins: ServerPlugin[] = [germplasmServer, datasetsServer, groupsServer, pedigreeServer, trialsServer, climateServer, imagesServer, mapoverlaysServer, statisticsServer, experimentsServer, dataResourcesServer, genotypesServer, locationsServer, requestBasketServer];
