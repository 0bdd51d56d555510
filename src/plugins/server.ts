import type { ServerPlugin } from '../server/plugin.js';
import { germplasmServer } from './germplasm/server.js';
import { datasetsServer } from './datasets/server.js';

/** Every domain's server half. Adding a domain = one line here (the client has its own list). */
export const serverPlugins: ServerPlugin[] = [germplasmServer, datasetsServer];
