import type { ServerPlugin } from '../../server/plugin.js';

/** Climates and climate data (the environmental data template). */
export const climateServer: ServerPlugin = { id: 'climate' };
