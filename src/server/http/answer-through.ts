import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Filter, PaginatedRequest } from '../../core/table-request.js';

/** Request headers that say who asks (the token, the accepted-licenses cookie): passed on as they came. */
const CALLER_HEADERS = ['authorization', 'cookie'] as const;

/**
 * A table request of the caller with one more filter: it goes after the caller's filters, joined by AND,
 * so that whatever ORs those hold stay inside it (filters fold left to right; the last one's operator joins
 * it to the next). Only the PaginatedRequest's own keys travel on: an UnacceptedLicenseRequest's
 * `justUnacceptedLicenses` is honoured by `dataset/table` alone, not by the listings built on it.
 */
export function withFilter(body: PaginatedRequest, extra: Filter): PaginatedRequest {
  const filters = [...(body.filter ?? [])];
  const last = filters.length - 1;
  if (last >= 0) filters[last] = { ...filters[last], operator: 'and' };
  filters.push(extra);
  const { page, limit, prevCount, orderBy, ascending, minimal } = body;
  return { page, limit, prevCount, orderBy, ascending, minimal, filter: filters };
}

/**
 * Shared by the domains whose listings are another domain's table narrowed (climate's and file resources'
 * datasets, the marker listings). Answers with another domain's table call (e.g. `dataset/table`) for the same caller: the domains meet
 * through the URL, so the other table keeps all its rules (visibility, row shape, acceptedBy, filters).
 */
export async function answerThrough(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, url: string, body: PaginatedRequest): Promise<FastifyReply> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of CALLER_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
  const type = answer.headers['content-type'];
  return reply
    .code(answer.statusCode)
    .type(typeof type === 'string' ? type : 'application/json; charset=utf-8')
    .send(answer.rawPayload);
}
