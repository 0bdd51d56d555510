/** What a log line may say about a request: Fastify's own fields, with the URL's secrets hidden. */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string | undefined;
  remoteAddress: string | undefined;
  remotePort: number | undefined;
};

/** The part of a Fastify request the serialiser reads (Fastify passes its request object). */
interface SerialisedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Where pino writes a line (a test collects them; by default standard output). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Query parameters that carry a credential: the image token of <img> URLs (images, map overlays, file
 * resources, backups, feedback screenshots) and anything else named like a token or a password. A log is
 * read by more people, and kept longer, than the credential lives.
 */
const SECRET_PARAMETER = /token|password|secret/i;
export const REDACTED = '[redacted]';

/**
 * The URL with the value of every secret query parameter replaced by [redacted]; everything else is kept
 * byte for byte (what an operator searches the log for). A name that does not decode is compared as sent.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash < 0 ? undefined : hash);
  const parameters = query.split('&').map((parameter) => {
    const equals = parameter.indexOf('=');
    const name = equals < 0 ? parameter : parameter.slice(0, equals);
    return SECRET_PARAMETER.test(decodedName(name)) && equals >= 0 ? `${name}=${REDACTED}` : parameter;
  });
  return `${url.slice(0, question)}?${parameters.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * Fastify's logger settings: its usual request fields (method, url, host, client address and port), the
 * URL redacted. Every line about a request (incoming, errors, warnings) serialises it through here.
 */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: SerialisedRequest): LoggedRequest => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
