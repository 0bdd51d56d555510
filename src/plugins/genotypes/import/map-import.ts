import path from 'node:path';
import type { ImportIssue, ImportOptions, ParsedFile, StagedWrite } from '../../../server/import/importer.js';
import type { GenotypesTables } from '../tables.js';
import type { MapRecord } from './genotype-source.js';
import { openMapFile } from './readers/open.js';
import { distinctIds, findOrCreate, markerIds, stampOf, writeMap } from './genotype-write.js';

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
 * A map file's write: markers found by name or created, a visible map named after the file, owned by the
 * importing user, and one definition per line. A map is a list of positions, so it is read whole (a few MiB at 10^5 markers).
 */
export async function stageMap(file: ParsedFile, options: ImportOptions): Promise<StagedWrite> {
  const { records } = await readMap(file);
  return async (target) => {
    const db = target.db.withTables<GenotypesTables>() as unknown as Parameters<typeof findOrCreate>[0];
    const stamp = stampOf(options);
    // A map file says nothing of the markers' technology: UNKNOWN, as Germinate names a technology nobody gave.
    const markertypeId = await findOrCreate(db, 'markertypes', 'UNKNOWN', stamp);
    const featuretypeId = await findOrCreate(db, 'mapfeaturetypes', 'UNKNOWN', stamp);
    const markers = await markerIds(target, records.map((r) => r.marker), markertypeId, options);
    const definitions = records.map((r, i) => [markers.ids[i], r.chromosome, r.position] as const);
    const map = await writeMap(target, mapName(file), featuretypeId, [definitions], options);
    return { mapId: map.id, markers: distinctIds(markers.ids).length, mapDefinitions: map.definitions, newMarkers: markers.created };
  };
}
