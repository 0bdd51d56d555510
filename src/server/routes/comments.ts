import type { FastifyPluginAsync } from 'fastify';

/** Comments on items (passports first). */
export const commentRoutes: FastifyPluginAsync = async (_app) => {};
