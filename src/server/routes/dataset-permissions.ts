import type { FastifyPluginAsync } from 'fastify';

/** Dataset permissions per user group and per user (ADMIN). */
export const datasetPermissionRoutes: FastifyPluginAsync = async (_app) => {};
