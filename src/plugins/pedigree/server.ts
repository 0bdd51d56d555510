import type { ServerPlugin } from '../../server/plugin.js';

/** Pedigrees and pedigree definitions (the pedigree template). */
export const pedigreeServer: ServerPlugin = { id: 'pedigree' };
