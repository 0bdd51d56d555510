import type { FastifyPluginAsync } from 'fastify';

/** Filled in by this part's work. */
export const trialStatsRoutes: FastifyPluginAsync = async () => {};
