import type { FastifyPluginAsync } from 'fastify';

/** The map API (map table, one map, its chromosomes, map definitions, map export, maps of datasets). */
export const mapRoutes: FastifyPluginAsync = async () => {};
