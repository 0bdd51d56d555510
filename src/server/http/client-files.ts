import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';

/** A year, the longest lifetime caches honour: a hashed file never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored, but asked about again before every use (answered with 304 while unchanged). */
export const REVALIDATE = 'no-cache';

/**
 * esbuild's `[name]-[hash]` names (build.mjs): eight base-32 characters before the extension. Source maps
 * and legal-comment files carry their file's hash too. Files without one (the MapLibre worker, which the
 * map widgets load by a fixed name) must be revalidated, or a new release would keep the old one a year.
 */
const HASHED = /-[A-Z0-9]{8}\.[^/]*$/;

/** What build.mjs precompresses (text); every response of these varies with Accept-Encoding. */
const COMPRESSIBLE = /\.(m?js|css|svg|txt|json)(\.br|\.gz)?$/;

/**
 * A path naming a file (browsers ask for /favicon.ico by themselves) is never a client route: it gets a
 * 404 when no such file exists, not the page.
 */
const FILE_PATH = /\.(ico|png|svg|jpe?g|gif|webp|m?js|css|map|json|txt|xml|webmanifest|woff2?)$/i;

export function cacheControlFor(file: string): string {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Headers that only a document (or a worker, whose script response sets its policy) acts on; a module
 * script or style sheet loaded by the page ignores them. Over HTTP/1.1 every header is sent uncompressed
 * with each of the page's 30-odd chunks, so they are left off hashed scripts and style sheets.
 * Kept: nosniff and Cross-Origin-Resource-Policy (they guard the file itself) and Referrer-Policy
 * (it governs the requests a style sheet makes).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** A file that is never revalidated needs no validators, nor an advertisement of range requests no browser makes for it. */
const NOT_FOR_IMMUTABLE = ['etag', 'last-modified', 'accept-ranges'];

/**
 * The built client: /assets/* from disk, each in the smallest form the browser accepts (the .br or .gz
 * that build.mjs wrote beside it, else the file itself), files beside index.html, and index.html for
 * every other GET outside /api (the client's routes, deep links included). A missing asset is a 404,
 * never the index page: a script URL answered with HTML only hides the broken reference.
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(async (assets) => {
      assets.addHook('onSend', async (request, reply, payload) => {
        if (reply.getHeader('cache-control') === IMMUTABLE && /\.(js|css)$/.test(request.url.split('?')[0])) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
          for (const name of NOT_FOR_IMMUTABLE) reply.removeHeader(name);
        }
        return payload;
      });
      await assets.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        // One route for the folder, read per request: files of a rebuild are served without a restart.
        wildcard: true,
        index: false,
        redirect: false,
        preCompressed: true,
        // Cache-Control is set per file below; the plugin's own would give every file the same lifetime.
        cacheControl: false,
        dotfiles: 'deny',
        // The compressed copies are representations of their file, not resources of their own; source maps
        // are for developers on the build machine (they would publish our sources), never served.
        allowedPath: (pathname) => !/\.(br|gz|map)$/.test(pathname),
        setHeaders: (response, file) => {
          response.setHeader('cache-control', cacheControlFor(file.replace(/\.(br|gz)$/, '')));
          if (COMPRESSIBLE.test(file)) response.setHeader('vary', 'accept-encoding');
        },
      });
      // Files placed beside index.html (say a favicon), as found at start; the build's own records are not for browsers.
      await assets.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        globIgnore: ['assets/**', 'index.html', 'meta.json', 'precompressed.json', '**/*.tmp', '**/*.map'],
        index: false,
        redirect: false,
        decorateReply: false,
        cacheControl: false,
        dotfiles: 'deny',
        setHeaders: (response) => response.setHeader('cache-control', REVALIDATE),
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/') || FILE_PATH.test(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 404);
    }
    if (!hasClient) return reply.code(404).type('text/plain').send('The client is not built: run `npm run build`.');
    return sendIndex(request, reply, indexFile);
  });
}

/**
 * index.html, for every client route: `no-cache`, so a new release's page (naming the new hashed files)
 * is seen at once; its ETag lets an unchanged page cost a 304. Read per request: a rebuild replaces it.
 */
async function sendIndex(request: FastifyRequest, reply: FastifyReply, indexFile: string): Promise<FastifyReply> {
  const html = await fs.promises.readFile(indexFile);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', REVALIDATE).header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  reply.type('text/html; charset=utf-8').header('content-length', html.length);
  return reply.send(request.method === 'HEAD' ? undefined : html);
}
