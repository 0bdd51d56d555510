import type { FastifyPluginAsync } from 'fastify';

/** User feedback: captcha, form, and the administrators' review. */
export const feedbackRoutes: FastifyPluginAsync = async (_app) => {};
