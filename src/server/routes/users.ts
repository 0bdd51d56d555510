import type { FastifyPluginAsync } from 'fastify';

/** Administrators' user management: user list, roles, pending access requests. */
export const userRoutes: FastifyPluginAsync = async (_app) => {};
