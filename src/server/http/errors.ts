import type { FastifyReply } from 'fastify';

/**
 * An error with an HTTP status and, optionally, Germinate's reason phrase (FORBIDDEN_…). The phrase
 * goes into the status line (what Germinate clients read) and into the JSON body (what ours reads).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reasonPhrase?: string,
    message?: string,
    /** Headers the answer carries (e.g. Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? reasonPhrase ?? `HTTP ${statusCode}`);
  }
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  reasonPhrase?: string;
  message?: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export function sendError(reply: FastifyReply, statusCode: number, reasonPhrase?: string, message?: string): FastifyReply {
  const body: ErrorBody = { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error' };
  if (reasonPhrase) {
    body.reasonPhrase = reasonPhrase;
    // Only plain tokens may go into the status line.
    if (/^[A-Z0-9_ ]+$/i.test(reasonPhrase)) reply.raw.statusMessage = reasonPhrase;
  }
  if (message) body.message = message;
  if (statusCode === 401) reply.header('WWW-Authenticate', 'Bearer realm="germinate"');
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
