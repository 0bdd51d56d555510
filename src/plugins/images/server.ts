import type { ServerPlugin } from '../../server/plugin.js';

/** Images of germplasm and traits (the images template). */
export const imagesServer: ServerPlugin = { id: 'images' };
