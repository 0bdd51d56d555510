import type { FastifyPluginAsync } from 'fastify';

/** The audit log of administrator changes (ADMIN). */
export const auditRoutes: FastifyPluginAsync = async (_app) => {};
