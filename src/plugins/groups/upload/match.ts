import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Group upload's matching (Germinate's `group/upload`): each line of the file is a name, `%` its wildcard;
 * each is looked up among the items of one group type (germplasm by name, number, display name and synonym;
 * markers by name and synonym; locations by site name and short name), case-insensitively. Names that
 * match nothing and names that match several items are reported, so the user sees which lines to fix.
 */

export type UploadTarget = 'germinatebase' | 'markers' | 'locations';

export const UPLOAD_TARGETS: readonly UploadTarget[] = ['germinatebase', 'markers', 'locations'];

/** The most names a file may hold, and the most of them with a wildcard (each is its own query). */
export const MAX_NAMES = 20_000;
export const MAX_WILDCARDS = 200;
const BATCH = 500;

export interface UploadReport {
  target: UploadTarget;
  /** Distinct lines read (blank lines and repeats left out). */
  names: number;
  /** Every matched item id, once, in the order of the lines that found them. */
  ids: number[];
  /** Lines that matched nothing. */
  missing: string[];
  /** Lines that matched more than one item, with how many. */
  ambiguous: { name: string; count: number }[];
}

/** Lines → names: trimmed, blank lines dropped, repeats (ignoring case) kept once. */
export function uploadNames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const name = line.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** The SQL LIKE pattern of a name: `%` stays the wildcard, the other LIKE characters are literal. */
export function likePattern(name: string): string {
  return name.toLowerCase().replace(/[\\_]/g, (c) => `\\${c}`);
}

/** The columns each name is compared with, and the synonym type of the target's synonyms (none for locations). */
const COLUMNS: Record<UploadTarget, { table: string; columns: string[]; synonymType: number | null }> = {
  germinatebase: { table: 'germinatebase', columns: ['name', 'number', 'display_name'], synonymType: 1 },
  markers: { table: 'markers', columns: ['marker_name'], synonymType: 2 },
  locations: { table: 'locations', columns: ['site_name', 'site_name_short'], synonymType: null },
};

interface Candidate {
  id: number;
  values: string[];
}

/** Items whose identifying values (and synonyms) satisfy `test`, a condition on one lower-cased text `v`. */
async function candidates(
  db: Kysely<unknown>,
  target: UploadTarget,
  test: (value: RawBuilder<unknown>) => RawBuilder<unknown>,
  synonymTest: ((value: RawBuilder<unknown>) => RawBuilder<unknown>) | null,
): Promise<Candidate[]> {
  const spec = COLUMNS[target];
  const table = sql.table(spec.table);
  const direct = spec.columns.map((column) => test(sql`LOWER(x.${sql.ref(column)})`));
  const columns = sql.join(spec.columns.map((column) => sql`x.${sql.ref(column)}`));
  const rows = await sql<Record<string, unknown>>`SELECT x.id, ${columns} FROM ${table} x WHERE ${sql.join(direct, sql` OR `)}`.execute(db);
  const found = rows.rows.map((row) => ({ id: Number(row.id), values: spec.columns.map((column) => String(row[column] ?? '')) }));
  if (synonymTest && spec.synonymType !== null) {
    // PostgreSQL keeps the list as jsonb: compared and read as its text on both databases.
    const syn = await sql<{ foreign_id: number; synonyms: string | null }>`SELECT s.foreign_id, CAST(s.synonyms AS text) AS synonyms FROM synonyms s
      WHERE s.synonymtype_id = ${spec.synonymType} AND ${synonymTest(sql`LOWER(CAST(s.synonyms AS text))`)}`.execute(db);
    for (const row of syn.rows) found.push({ id: Number(row.foreign_id), values: synonymList(row.synonyms) });
  }
  return found;
}

function synonymList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Whole-value, case-insensitive test of one name; `%` is any run of characters. */
function matcher(name: string): (value: string) => boolean {
  const source = name
    .toLowerCase()
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const pattern = new RegExp(`^${source}$`, 'su');
  return (value) => pattern.test(value.toLowerCase());
}

/** Matches the names against the target's items; the caller has checked the limits. */
export async function matchNames(db: Kysely<unknown>, target: UploadTarget, names: readonly string[], hasSynonyms: boolean): Promise<UploadReport> {
  const byName = new Map<string, Set<number>>(names.map((name) => [name, new Set<number>()]));
  const exact = names.filter((name) => !name.includes('%'));
  const wild = names.filter((name) => name.includes('%'));
  const collect = (pool: Candidate[], batch: readonly string[]) => {
    for (const name of batch) {
      const test = matcher(name);
      const ids = byName.get(name);
      for (const item of pool) if (item.values.some(test)) ids?.add(item.id);
    }
  };
  // A synonym list is JSON text: a name is looked for as one quoted element of it.
  const inSynonyms = (pattern: string) => `%"${pattern}"%`;
  for (let i = 0; i < exact.length; i += BATCH) {
    const batch = exact.slice(i, i + BATCH);
    const lower = batch.map((name) => name.toLowerCase());
    const synonymTest = hasSynonyms ? (v: RawBuilder<unknown>) => sql`(${sql.join(lower.map((n) => sql`${v} LIKE ${inSynonyms(likePattern(n))} ESCAPE '\\'`), sql` OR `)})` : null;
    collect(await candidates(db, target, (v) => sql`${v} IN (${sql.join(lower)})`, synonymTest), batch);
  }
  for (const name of wild) {
    const pattern = likePattern(name);
    const synonymTest = hasSynonyms ? (v: RawBuilder<unknown>) => sql`${v} LIKE ${inSynonyms(pattern)} ESCAPE '\\'` : null;
    collect(await candidates(db, target, (v) => sql`${v} LIKE ${pattern} ESCAPE '\\'`, synonymTest), [name]);
  }
  const ids: number[] = [];
  const seen = new Set<number>();
  const missing: string[] = [];
  const ambiguous: { name: string; count: number }[] = [];
  for (const name of names) {
    const found = byName.get(name) ?? new Set<number>();
    if (found.size === 0) missing.push(name);
    else if (found.size > 1) ambiguous.push({ name, count: found.size });
    for (const id of found) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
    }
  }
  return { target, names: names.length, ids, missing, ambiguous };
}
