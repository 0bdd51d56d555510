import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { bulkInsert } from '../../../server/import/bulk.js';
import type { ImportIssue, ImportOptions, ParsedFile, StagedWrite } from '../../../server/import/importer.js';
import type { GenotypesTables } from '../tables.js';
import type { MapRecord } from './genotype-source.js';
import { openMapFile } from './readers/open.js';

/** A genetic map on its own: a Flapjack `.map` file. */
export const isMapFile = (file: ParsedFile): boolean => path.extname(file.source?.name ?? '').toLowerCase() === '.map';

const mapName = (file: ParsedFile) => path.basename(file.source?.name ?? 'map', path.extname(file.source?.name ?? ''));

async function readMap(file: ParsedFile): Promise<{ records: MapRecord[]; issues: ImportIssue[] }> {
  if (!file.source) throw new Error('A map import needs the uploaded file.');
  const reader = await openMapFile(file.source.path, '.map');
  const records: MapRecord[] = [];
  try {
    for await (const record of reader.records()) records.push(record);
  } finally {
    await reader.close();
  }
  return { records, issues: reader.issues };
}

export async function checkMap(file: ParsedFile): Promise<ImportIssue[]> {
  return (await readMap(file)).issues;
}

/**
 * A map file's write: markers found by name or created (marker type UNKNOWN, as Germinate names a
 * technology nobody gave), a visible map named after the file, owned by the importing user, and one
 * definition per line. A map is a list of positions, so it is read whole (a few MiB at 10^5 markers).
 */
export async function stageMap(file: ParsedFile, options: ImportOptions): Promise<StagedWrite> {
  const { records } = await readMap(file);
  return async (target) => {
    const db = target.db.withTables<GenotypesTables>() as unknown as Kysely<GenotypesTables>;
    const stamp = { created_on: options.now.toISOString(), updated_on: options.now.toISOString() };
    const typeId = async (table: 'markertypes' | 'mapfeaturetypes') => {
      const found = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE lower(description) = 'unknown' ORDER BY id LIMIT 1`.execute(db);
      return found.rows[0] ? Number(found.rows[0].id) : (await db.insertInto(table).values({ description: 'UNKNOWN', ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
    };
    const markertypeId = await typeId('markertypes');
    const featuretypeId = await typeId('mapfeaturetypes');
    const known = new Map<string, number>();
    for (const row of await db.selectFrom('markers').select(['id', 'marker_name']).orderBy('id', 'desc').execute()) known.set(row.marker_name.toLowerCase(), row.id);
    const missing = [...new Set(records.map((r) => r.marker).filter((name) => !known.has(name.toLowerCase())))];
    const created = await bulkInsert<{ id: number; marker_name: string }>(
      target,
      'markers',
      [{ name: 'markertype_id', type: 'integer' }, { name: 'marker_name', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' }],
      missing.map((name) => [markertypeId, name, stamp.created_on, stamp.updated_on]),
      { returning: ['id', 'marker_name'], signal: options.signal },
    );
    for (const row of created) known.set(row.marker_name.toLowerCase(), Number(row.id));
    const map = await db.insertInto('maps').values({ name: mapName(file), description: mapName(file), visibility: 1, user_id: options.userId ?? null, ...stamp }).returning('id').executeTakeFirstOrThrow();
    await bulkInsert(
      target,
      'mapdefinitions',
      [
        { name: 'mapfeaturetype_id', type: 'integer' }, { name: 'marker_id', type: 'integer' }, { name: 'map_id', type: 'integer' },
        { name: 'definition_start', type: 'double precision' }, { name: 'chromosome', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
      ],
      records.map((r) => [featuretypeId, known.get(r.marker.toLowerCase()) as number, map.id, r.position, r.chromosome, stamp.created_on, stamp.updated_on]),
      { signal: options.signal },
    );
    return { mapId: map.id, markers: new Set(records.map((r) => r.marker.toLowerCase())).size, mapDefinitions: records.length, newMarkers: created.length };
  };
}
