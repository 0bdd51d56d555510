import type { FastifyPluginAsync } from 'fastify';

/** The marker API (marker table, a marker's datasets and groups, marker groups' members). */
export const markerRoutes: FastifyPluginAsync = async () => {};
