import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { pathId } from '../../../server/access/users.js';
import type { DialectName } from '../../../server/db/database.js';
import { readRows, type TableSource } from '../../../server/db/read-pool.js';
import { requestReader } from '../../../server/db/read-pool-request.js';
import { HttpError } from '../../../server/http/errors.js';
import { mapFileWriter, type MapFileRow, type MapFileWriter } from './export-format.js';
import { mapExportRequest, type MapRegion, type MapSubset } from './export-request.js';
import { mapChromosomes, visibleMap } from './map.js';

/** Definitions read per statement: the file is written page by page, never held whole. */
const BATCH = 5000;

/** One chromosome of an export and the condition its definitions must meet (null: all of them). */
interface ChromosomePart {
  chromosome: string;
  condition: RawBuilder<unknown> | null;
}

/** A definition as the export reads it. */
interface StoredRow {
  id: number;
  marker_name: string;
  definition_start: number;
  definition_end: number | null;
  feature_type: string | null;
}

/**
 * The definitions from `from` to `to`: starting there or later, and ending (a point: starting) there or
 * earlier. Germinate compares the end column itself, which leaves out every definition without an end.
 */
const span = (from: number, to: number) => sql`(md.definition_start >= ${from} AND COALESCE(md.definition_end, md.definition_start) <= ${to})`;

/** A marker's (first) definition on the map, or a 400: the interval and radius methods measure from it. */
async function definitionOf(db: Kysely<unknown>, mapId: number, markerId: number) {
  const rows = await sql<{ chromosome: string; definition_start: number; definition_end: number | null }>`SELECT md.chromosome, md.definition_start, md.definition_end
    FROM mapdefinitions md WHERE md.map_id = ${mapId} AND md.marker_id = ${markerId} ORDER BY md.id LIMIT 1`.execute(db);
  const found = rows.rows[0];
  if (!found) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `Marker ${markerId} is not on map ${mapId}`);
  const start = Number(found.definition_start);
  return { chromosome: found.chromosome, start, end: found.definition_end === null ? start : Number(found.definition_end) };
}

/** The regions of one chromosome, OR-ed. */
function regionsCondition(regions: readonly MapRegion[]): RawBuilder<unknown> {
  return sql`(${sql.join(regions.map((r) => span(r.start, r.end)), sql` OR `)})`;
}

/**
 * The chromosomes an export reads, in the map's chromosome order, each with its condition. Two interval
 * markers on different chromosomes select nothing: the file then has its header and footer only.
 */
async function exportParts(db: Kysely<unknown>, dialect: DialectName, mapId: number, subset: MapSubset): Promise<ChromosomePart[]> {
  const chromosomes = await mapChromosomes(db, dialect, mapId);
  switch (subset.method) {
    case 'all':
      return chromosomes.map((chromosome) => ({ chromosome, condition: null }));
    case 'chromosomes': {
      const wanted = new Set(subset.chromosomes);
      return chromosomes.filter((c) => wanted.has(c)).map((chromosome) => ({ chromosome, condition: null }));
    }
    case 'regions':
      return chromosomes
        .map((chromosome) => ({ chromosome, regions: subset.regions.filter((r) => r.chromosome === chromosome) }))
        .filter((part) => part.regions.length > 0)
        .map(({ chromosome, regions }) => ({ chromosome, condition: regionsCondition(regions) }));
    case 'markeridinterval': {
      const [one, two] = [await definitionOf(db, mapId, subset.markerIds[0]), await definitionOf(db, mapId, subset.markerIds[1])];
      if (one.chromosome !== two.chromosome) return [];
      // Either marker may come first on the chromosome: the interval runs from the first to the last.
      return [{ chromosome: one.chromosome, condition: span(Math.min(one.start, two.start), Math.max(one.end, two.end)) }];
    }
    case 'radius': {
      const marker = await definitionOf(db, mapId, subset.markerId);
      return [{ chromosome: marker.chromosome, condition: span(marker.start - subset.left, marker.end + subset.right) }];
    }
  }
}

/**
 * The file, chunk by chunk: each chromosome's definitions by position (then id), a page at a time, keyed
 * on the last (position, id) written so that no page costs more than the one before (the map, chromosome
 * and position index serves each).
 */
async function* mapFile(source: TableSource, mapId: number, parts: readonly ChromosomePart[], writer: MapFileWriter): AsyncGenerator<Buffer> {
  const header = writer.header();
  if (header) yield Buffer.from(header, 'utf8');
  for (const part of parts) {
    let after: { start: number; id: number } | null = null;
    for (;;) {
      const keyset: RawBuilder<unknown> = after
        ? sql`AND md.definition_start >= ${after.start} AND (md.definition_start > ${after.start} OR md.id > ${after.id})`
        : sql``;
      const rows: StoredRow[] = await readRows(
        source,
        sql<StoredRow>`SELECT md.id, m.marker_name,
            md.definition_start, md.definition_end, ft.description AS feature_type
          FROM mapdefinitions md JOIN markers m ON m.id = md.marker_id LEFT JOIN mapfeaturetypes ft ON ft.id = md.mapfeaturetype_id
          WHERE md.map_id = ${mapId} AND md.chromosome = ${part.chromosome} ${part.condition ? sql`AND ${part.condition}` : sql``} ${keyset}
          ORDER BY md.definition_start, md.id LIMIT ${BATCH}`,
      );
      if (rows.length === 0) break;
      const text = rows
        .map((r): MapFileRow => ({
          markerName: r.marker_name,
          chromosome: part.chromosome,
          start: Number(r.definition_start),
          end: r.definition_end === null ? null : Number(r.definition_end),
          featureType: r.feature_type,
        }))
        .map((row) => writer.row(row))
        .join('');
      yield Buffer.from(text, 'utf8');
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      after = { start: Number(last.definition_start), id: Number(last.id) };
    }
  }
  const footer = writer.footer();
  if (footer) yield Buffer.from(footer, 'utf8');
}

/**
 * `POST map/{mapId}/export` (Germinate's MapExportRequest): the definitions of a map as a Flapjack,
 * MapChart or Strudel file, `map-<id>-<uuid>.tsv`, streamed. A request that cannot be answered (no format,
 * an unknown method, a method without its parameters, an interval or radius marker not on the map) is a
 * 400; a map the caller does not see, or no map at all, an empty file.
 */
export function registerMapExport(app: FastifyInstance): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  // No setting holds the client's public address yet; with one, Strudel files end with the map's link.
  const clientUrl: string | null = null;

  app.post<{ Params: { id: string } }>('/map/:id/export', { config: { access: 'public' } }, async (request, reply) => {
    const mapId = pathId(request.params.id, 'NOT_FOUND_ID');
    const { format, subset } = mapExportRequest(request.body);
    const map = await visibleMap(db, mapId, request.user ?? null);
    // Checked before the answer is a file, so that a refusal is a plain error.
    const parts = map ? await exportParts(db, app.database.dialect, mapId, subset) : [];
    reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="map-${mapId}-${randomUUID()}.tsv"`);
    if (!map) return reply.send('');
    const writer = mapFileWriter(format, { id: mapId, name: map.name }, clientUrl);
    // Each page of the file must come within the table limit; the whole file takes as long as its rows.
    const { readPoolSize: size, readQueueLimit: queueLimit, statementTimeoutMs, tableTimeoutMs } = app.config;
    const pool = app.database.reads({ size, queueLimit, statementTimeoutMs });
    const reader = pool ? requestReader(pool, db, request, { timeoutMs: tableTimeoutMs, perStatement: true }) : null;
    const stream = Readable.from(mapFile(reader ?? db, mapId, parts, writer), { objectMode: false });
    if (reader) stream.once('close', () => reader.done());
    return reply.send(stream);
  });
}
