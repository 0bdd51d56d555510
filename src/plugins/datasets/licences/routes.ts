import type { FastifyPluginAsync } from 'fastify';

/** The licence endpoints (`license/table`, `license`, `license/{id}/accept`, administration). */
export const licenceRoutes: FastifyPluginAsync = async () => {};
