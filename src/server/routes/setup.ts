import type { FastifyPluginAsync } from 'fastify';

/** The first-run setup wizard's calls (setup/*). */
export const setupRoutes: FastifyPluginAsync = async (_app) => {};
