import { seededRandom } from '../src/core/random.js';
import type { Database } from '../src/server/db/database.js';
import { MARKER_SYNONYM_TYPE } from '../src/plugins/genotypes/markers/view.js';
import { loadIntoPostgres } from './generate.js';

/*
 * The marker benchmark's data set, deterministic for a seed: `count` markers of five marker types (SNP
 * platforms most of them), named as those platforms name theirs with the marker id as the number
 * (`SCRI_RS_123456`, `JHI-Hv50k-2016-123456`, `bPb-123456`, `Bmag123456`, …), so that a `contains` on a
 * few digits finds a few dozen markers at 10^6 as a curator's search does; one marker in four has a
 * synonyms row (type 2, two names). Setup, not what is measured: inserted with the drivers, the indexes
 * (and on SQLite the trigram tables' triggers) in place, as an import would leave them.
 */

export const MARKER_TYPES = ['SNP', 'DArT', 'SSR', 'KASP', 'GBS'] as const;
/** Cumulative weights (×100) of MARKER_TYPES: most markers come from SNP chips. */
const TYPE_WEIGHTS = [70, 82, 88, 95, 100];
const SNP_PREFIXES = ['SCRI_RS_', 'JHI-Hv50k-2016-', 'BOPA1_', 'BOPA2_12_', '11_'];
const PREFIXES: Record<(typeof MARKER_TYPES)[number], readonly string[]> = {
  SNP: SNP_PREFIXES,
  DArT: ['bPb-', 'bPt-'],
  SSR: ['Bmag', 'EBmac', 'HVM'],
  KASP: ['KASP_'],
  GBS: ['GBS_chr'],
};

export interface GeneratedMarker {
  id: number;
  typeId: number;
  name: string;
  /** JSON array text, or null (no synonyms row). */
  synonyms: string | null;
}

export function* generateMarkers(count: number, seed: number): Generator<GeneratedMarker> {
  const random = seededRandom(seed);
  for (let id = 1; id <= count; id += 1) {
    const draw = random() * 100;
    const type = TYPE_WEIGHTS.findIndex((limit) => draw < limit);
    const prefixes = PREFIXES[MARKER_TYPES[type]];
    const name = `${prefixes[Math.floor(random() * prefixes.length)]}${id}`;
    const synonyms = id % 4 === 0 ? JSON.stringify([`i_${name}`, `${SNP_PREFIXES[Math.floor(random() * SNP_PREFIXES.length)]}${id}-${Math.floor(random() * 1000)}`]) : null;
    yield { id, typeId: type + 1, name, synonyms };
  }
}

const BATCH = 20_000;

/** Inserts the marker types, markers and synonyms (a fresh bench database) and analyses them. */
export async function generateMarkerData(database: Database, count: number, seed: number): Promise<void> {
  const types = MARKER_TYPES.map((description, i) => ({ id: i + 1, description }));
  if (database.sqlite) {
    const s = database.sqlite;
    const type = s.prepare('INSERT INTO markertypes (id, description) VALUES (?, ?)');
    const marker = s.prepare('INSERT INTO markers (id, markertype_id, marker_name) VALUES (?, ?, ?)');
    const synonym = s.prepare('INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (?, ?, ?)');
    // The trigram tables and B-trees take most of the time: a 1 GiB page cache keeps them in memory.
    const cacheSize = s.pragma('cache_size', { simple: true }) as number;
    s.pragma('cache_size = -1048576');
    // Row by row through their insert triggers, the FTS5 trigram tables took over 20 minutes for 10^6 markers
    // (some 30 GB written to SQLite's temporary files); the same index built once from the rows ('rebuild')
    // takes seconds. The triggers are put back as they were, in the same transaction.
    const triggers = s.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('markers', 'synonyms') AND name LIKE '%\\_trigram\\_insert' ESCAPE '\\'").all() as { name: string; sql: string }[];
    s.transaction(() => {
      for (const t of triggers) s.exec(`DROP TRIGGER ${t.name}`);
      for (const t of types) type.run(t.id, t.description);
      for (const m of generateMarkers(count, seed)) {
        marker.run(m.id, m.typeId, m.name);
        if (m.synonyms) synonym.run(m.id, MARKER_SYNONYM_TYPE, m.synonyms);
      }
      for (const t of triggers) {
        const fts = t.name.slice(0, -'_insert'.length);
        s.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
        s.exec(t.sql);
      }
    })();
    s.pragma(`cache_size = ${Number(cacheSize)}`);
    s.exec('ANALYZE');
    return;
  }
  await loadIntoPostgres(database, ['markertypes', 'markers'], [], async (client) => {
    await client.query('INSERT INTO markertypes (id, description) SELECT * FROM unnest($1::int[], $2::text[])', [types.map((t) => t.id), types.map((t) => t.description)]);
    let batch: GeneratedMarker[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await client.query('INSERT INTO markers (id, markertype_id, marker_name) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])', [
        batch.map((m) => m.id), batch.map((m) => m.typeId), batch.map((m) => m.name),
      ]);
      const withSynonyms = batch.filter((m) => m.synonyms);
      await client.query('INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) SELECT a, $3::int, b::jsonb FROM unnest($1::int[], $2::text[]) AS u(a, b)', [
        withSynonyms.map((m) => m.id), withSynonyms.map((m) => m.synonyms), MARKER_SYNONYM_TYPE,
      ]);
      batch = [];
    };
    for (const m of generateMarkers(count, seed)) {
      batch.push(m);
      if (batch.length === BATCH) await flush();
    }
    await flush();
  });
}
