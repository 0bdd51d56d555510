import type { ServerPlugin } from '../../server/plugin.js';

/** Groups of germplasm, locations or markers (the groups template). */
export const groupsServer: ServerPlugin = { id: 'groups' };
