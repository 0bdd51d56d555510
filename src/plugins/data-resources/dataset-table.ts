import type { FastifyPluginAsync } from 'fastify';
import { pathId } from '../../server/access/users.js';
import { answerThrough, withFilter } from '../../server/http/answer-through.js';
import { pagingRequest } from '../../server/table/routes.js';

/**
 * `POST fileresource/{id}/dataset`: the datasets table (the datasets plugin's `dataset/table`, with all its
 * rules: visibility, acceptedBy, JSON filters) restricted to the datasets linked to one file resource. The
 * two plugins meet through the URL: the request is answered by `dataset/table` itself, for the same caller,
 * with one more condition after the caller's filters.
 */
export const resourceDatasetRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string } }>('/fileresource/:id/dataset', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = withFilter(pagingRequest(request.body), { column: 'fileresourceIds', comparator: 'arrayContains', operator: 'and', values: [String(id)] });
    return answerThrough(app, request, reply, '/api/dataset/table', body);
  });
};
