import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startE2EServer, type E2EServer } from '../e2e/support/server.js';
import { generatePlaces } from './map-places.js';

/**
 * The map benchmark's servers: the real app (startE2EServer: SQLite, no demo, no users) holding `count`
 * germplasm, each at a location of its own placed by bench/map-places.ts (the same every run), and one
 * http server in front that serves the harness page and forwards /api/* to one of them, so the page calls
 * the API on its own origin as the app's client does.
 */

/**
 * Fills an empty database with `count` germplasm and their locations: one transaction, prepared inserts.
 * Locations go in plainly (their trigger keeps the spatial index, R*Tree, in step, as an import does); the
 * name search's trigram table is built once from the rows instead of row by row (as bench/geo-search.ts
 * does): row by row it took 50 s of the 100k fill, and the map never reads it.
 */
function fill(server: E2EServer, count: number): void {
  const sqlite = server.database.sqlite;
  if (!sqlite) throw new Error('the map benchmark fills SQLite');
  const country = sqlite.prepare("SELECT id FROM countries WHERE country_code2 = 'GB'").pluck().get() as number;
  const location = sqlite.prepare('INSERT INTO locations (id, locationtype_id, country_id, site_name, latitude, longitude) VALUES (?, 1, ?, ?, ?, ?)');
  const germplasm = sqlite.prepare('INSERT INTO germinatebase (id, general_identifier, name, display_name, location_id, entitytype_id) VALUES (?, ?, ?, ?, ?, 1)');
  const triggers = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'germinatebase' AND name LIKE '%\\_trigram\\_insert' ESCAPE '\\'")
    .all() as { name: string; sql: string }[];
  const cacheSize = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -1048576');
  sqlite.transaction(() => {
    for (const trigger of triggers) sqlite.exec(`DROP TRIGGER ${trigger.name}`);
    for (const place of generatePlaces(count)) {
      location.run(place.id, country, `Site ${place.id}`, place.latitude, place.longitude);
      germplasm.run(place.id, place.label, place.label, place.label, place.id);
    }
    for (const trigger of triggers) {
      const fts = trigger.name.slice(0, -'_insert'.length);
      sqlite.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
      sqlite.exec(trigger.sql);
    }
  })();
  sqlite.pragma(`cache_size = ${Number(cacheSize)}`);
  sqlite.exec('ANALYZE');
}

/** The app's server with `count` located germplasm. */
export async function mapServer(root: string, emptyClientDir: string, count: number): Promise<E2EServer> {
  // The app's own client is not needed (the harness page stands for it), so none is built or served.
  const server = await startE2EServer({ root, demo: false, users: false, clientDir: emptyClientDir });
  try {
    fill(server, count);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** One places request as the front server saw it: on Node's clock, from its arrival to the last byte sent back. */
export interface ForwardedRequest {
  path: string;
  start: number;
  end: number;
  bytes: number;
}

export interface FrontServer {
  url: string;
  /** Where /api/* goes from now on (the server of the size being measured). */
  forwardTo(apiUrl: string): void;
  /** The /table/places requests forwarded since the last call, and the log emptied. */
  takePlaces(): ForwardedRequest[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * Serves the harness dir on 127.0.0.1 and forwards /api/* to the app's server as it is (method, headers,
 * body streamed both ways), timing the places requests.
 */
export async function frontServer(dir: string): Promise<FrontServer> {
  let target: URL | null = null;
  let places: ForwardedRequest[] = [];
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname.startsWith('/api/')) {
      if (!target) {
        response.writeHead(503).end();
        return;
      }
      const start = performance.now();
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: { ...request.headers, host: target.host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.pipe(response);
          answer.on('end', () => {
            if (pathname.endsWith('/table/places')) places.push({ path: pathname, start, end: performance.now(), bytes });
          });
        },
      );
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
      return;
    }
    const file = path.join(dir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (apiUrl) => (target = new URL(apiUrl)),
    takePlaces: () => {
      const taken = places;
      places = [];
      return taken;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The time covered by at least one of the requests (overlapping ones counted once), in ms. */
export function coveredMs(requests: readonly ForwardedRequest[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  let total = 0;
  let until = -Infinity;
  for (const r of sorted) {
    if (r.end <= until) continue;
    total += r.end - Math.max(r.start, until);
    until = r.end;
  }
  return total;
}
