import { type } from 'arktype';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** Validates a request body against an arktype schema; bad input is a 400 with a readable summary. */
export function validate<T extends { infer: unknown }>(schema: T, value: unknown): T['infer'] {
  const result = (schema as unknown as (v: unknown) => unknown)(value);
  if (result instanceof type.errors) {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', result.summary);
  }
  return result as T['infer'];
}

export const NUL_MESSAGE = 'Request text must not contain the NUL character (\\u0000).';

/** Whether a text holds NUL. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** Whether any text of a parsed value (strings and object keys, however deeply nested) holds NUL. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasNul(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (hasNul(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * NUL in any request text is a 400 before a route sees it: PostgreSQL cannot hold NUL in text (a database
 * error, not an answer), and no Germinate value contains it. The address (path parameters, query) is
 * checked on arrival, before the access check reads a token from it; the JSON body once it is parsed.
 * Multipart fields are read by their routes, which apply the same rule (hasNul).
 */
export async function rejectNulInAddress(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', NUL_MESSAGE);
}

export async function rejectNulInBody(request: FastifyRequest): Promise<void> {
  if (containsNul(request.body)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', NUL_MESSAGE);
}

export const MALFORMED_FORM_MESSAGE = 'The form data is incomplete or malformed.';

/**
 * A multipart form the client cut short or malformed, as a 400: the parser's plain errors (unexpected end
 * of data, no boundary) and Fastify's 400s (premature close, prototype keys). Anything else (a full disk, a
 * limit the route maps itself, a bug) is returned as it is.
 */
export function malformedFormError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const fromParser = error.constructor === Error && code === undefined;
  const badRequest = typeof code === 'string' && code.startsWith('FST_') && statusCode === 400;
  return fromParser || badRequest ? new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', MALFORMED_FORM_MESSAGE) : error;
}
