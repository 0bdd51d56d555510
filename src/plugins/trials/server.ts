import type { ServerPlugin } from '../../server/plugin.js';

/** Traits and trials data (the trials template, trial shapefiles). */
export const trialsServer: ServerPlugin = { id: 'trials' };
