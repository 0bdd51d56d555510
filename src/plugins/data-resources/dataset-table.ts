import type { FastifyPluginAsync } from 'fastify';
import { pathId } from '../../server/access/users.js';
import { pagingRequest } from '../../server/table/routes.js';

/** Request headers that say who asks (the token, the accepted-licenses cookie): passed on as they came. */
const CALLER_HEADERS = ['authorization', 'cookie'] as const;

/**
 * `POST fileresource/{id}/dataset`: the datasets table (the datasets plugin's `dataset/table`, with all its
 * rules: visibility, acceptedBy, JSON filters) restricted to the datasets linked to one file resource. The
 * two plugins meet through the URL: the request is answered by `dataset/table` itself, for the same caller,
 * with one more condition. Filters fold left to right (Germinate's rule), so the condition goes last, after
 * an AND: whatever ORs the caller's filters hold stay inside it.
 */
export const resourceDatasetRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string } }>('/fileresource/:id/dataset', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const body = pagingRequest(request.body);
    const filters = [...(body.filter ?? [])];
    const last = filters.length - 1;
    if (last >= 0) filters[last] = { ...filters[last], operator: 'and' };
    filters.push({ column: 'fileresourceIds', comparator: 'arrayContains', operator: 'and', values: [String(id)] });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of CALLER_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({ method: 'POST', url: '/api/dataset/table', headers, payload: JSON.stringify({ ...body, filter: filters }) });
    const type = answer.headers['content-type'];
    return reply
      .code(answer.statusCode)
      .type(typeof type === 'string' ? type : 'application/json; charset=utf-8')
      .send(answer.rawPayload);
  });
};
