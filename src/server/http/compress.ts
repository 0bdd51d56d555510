import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, the headers that compression adds outweigh what it saves. */
const MIN_BYTES = 1024;
/** Text answers (JSON, the client's message catalogues, TSV); files such as images and zips are compressed already. */
const TEXT = /^(application\/(json|javascript|xml)|text\/)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, by the client's weights (a
 * weight of 0 refuses; `*` stands for any not named), or null for the answer as it is.
 */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

/**
 * Compresses text answers built in memory (JSON of the API, the message catalogues) for clients that
 * accept it: the English catalogue alone is 65 KB that every page load fetches. Streams (files, exports)
 * pass as they are; the client's files are precompressed at build time instead (client-files.ts).
 * Brotli at quality 5 and gzip at 6: strong enough to matter, fast enough to run per answer.
 */
export async function compressAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding') !== undefined || !TEXT.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  if (body.length < MIN_BYTES) return payload;
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === null) return payload;
  const compressed =
    encoding === 'br'
      ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzip(body, { level: 6 });
  reply.header('content-encoding', encoding);
  reply.header('content-length', compressed.length);
  return compressed;
}
