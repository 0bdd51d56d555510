import type { FastifyPluginAsync } from 'fastify';

/** Registration and access requests (gatekeeper/*), built in or relayed to an external user-access tool. */
export const gatekeeperRoutes: FastifyPluginAsync = async (_app) => {};
