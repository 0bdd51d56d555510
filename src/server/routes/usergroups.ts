import type { FastifyPluginAsync } from 'fastify';

/** User groups and their members (ADMIN). */
export const usergroupRoutes: FastifyPluginAsync = async (_app) => {};
