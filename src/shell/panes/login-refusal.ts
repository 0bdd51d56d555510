import type { ApiError } from '../../core/api-client.js';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * What the login pane says when the server refuses an attempt as too many: in how many seconds to try
 * again when the server says so (our server's `retryAfter`, the same seconds as its Retry-After header),
 * else the general sentence (Germinate's own server sends only the status).
 */
export function tooManyAttemptsMessage(error: Pick<ApiError, 'body'>, t: Translate): string {
  const body = error.body;
  const seconds = body && typeof body === 'object' ? (body as { retryAfter?: unknown }).retryAfter : undefined;
  if (typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0) return t('login.tryAgainIn', { seconds });
  return t('reasonPhrase.TOO_MANY_REQUESTS');
}
