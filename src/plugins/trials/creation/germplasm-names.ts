import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import { hasNonAscii, inTextSql } from '../../../server/table/text-match.js';

/**
 * Germplasm of a trial layout by name, read from germinatebase by SQL name (the germplasm domain owns
 * it). The importers' rule: a name matches germinatebase.name ignoring case (the lowest id when several
 * share it); a name that matches no name may match one germplasm's display name; a display name shared
 * by several germplasm matches none. Synonyms are not searched: they are JSON lists that no index
 * reaches by whole value, and a layout names germplasm as the germplasm table shows them.
 */

/** Names per query: each batch is one bound list, served by the case-free indexes on name and display name. */
const BATCH = 1_000;

export interface GermplasmNames {
  /** Lower-cased name → germplasm id. */
  ids: Map<string, number>;
  /** Names that matched nothing, as given. */
  unknown: string[];
  /** Names that matched only a display name several germplasm share, as given. */
  ambiguous: string[];
}

type Column = 'name' | 'display_name';
interface Candidate {
  id: number;
  value: string;
}

/**
 * SQLite's NOCASE folds ASCII letters only, and a case-free GLOB cannot use an index. A name with other
 * letters is therefore looked up by the range of its prefix up to its first such letter, in each case of
 * that letter, through the NOCASE index; the exact comparison ignoring case is made on the few candidates.
 */
function prefixRanges(name: string): [string, string][] {
  const chars = [...name];
  const at = chars.findIndex((ch) => hasNonAscii(ch));
  const head = chars.slice(0, at).join('');
  const variants = [...new Set([chars[at], chars[at].toLowerCase(), chars[at].toUpperCase()])].filter((v) => [...v].length === 1);
  return variants.map((v) => [head + v, `${head}${v}\u{10ffff}`]);
}

async function sqliteCandidates(db: Kysely<unknown>, column: Column, names: string[]): Promise<Candidate[]> {
  const ascii = names.filter((n) => !hasNonAscii(n));
  const ranges = names.filter(hasNonAscii).flatMap(prefixRanges);
  const out: Candidate[] = [];
  if (ascii.length > 0) {
    out.push(...(await sql<Candidate>`SELECT g.id AS id, g.${sql.ref(column)} AS value FROM germinatebase g
      WHERE g.${sql.ref(column)} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(ascii)}))`.execute(db)).rows);
  }
  if (ranges.length > 0) {
    // CROSS JOIN keeps the ranges outside: one index range per prefix.
    out.push(...(await sql<Candidate>`SELECT g.id AS id, g.${sql.ref(column)} AS value FROM json_each(${JSON.stringify(ranges)}) AS r
      CROSS JOIN germinatebase g WHERE g.${sql.ref(column)} COLLATE NOCASE >= json_extract(r.value, '$[0]')
        AND g.${sql.ref(column)} COLLATE NOCASE < json_extract(r.value, '$[1]')`.execute(db)).rows);
  }
  return out;
}

/** Germplasm whose `column` equals one of `names` ignoring case, in ascending id order. */
async function matching(db: Kysely<unknown>, dialect: DialectName, column: Column, names: string[]): Promise<Candidate[]> {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const rows: Candidate[] = [];
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const found =
      dialect === 'postgres'
        ? (await sql<Candidate>`SELECT g.id AS id, g.${sql.ref(column)} AS value FROM germinatebase g
            WHERE ${inTextSql(sql`g.${sql.ref(column)}`, batch, dialect)}`.execute(db)).rows
        : await sqliteCandidates(db, column, batch);
    rows.push(...found.map((r) => ({ id: Number(r.id), value: String(r.value) })));
  }
  return rows.filter((r) => wanted.has(r.value.toLowerCase())).sort((a, b) => a.id - b.id);
}

/** The germplasm ids of `names` (distinct, trimmed), and the names that found none or several. */
export async function resolveGermplasmNames(db: Kysely<unknown>, dialect: DialectName, names: readonly string[]): Promise<GermplasmNames> {
  const given = new Map<string, string>();
  for (const name of names) if (!given.has(name.toLowerCase())) given.set(name.toLowerCase(), name);
  const ids = new Map<string, number>();
  for (const row of await matching(db, dialect, 'name', [...given.values()])) {
    const key = row.value.toLowerCase();
    if (given.has(key) && !ids.has(key)) ids.set(key, row.id);
  }

  const rest = [...given.entries()].filter(([key]) => !ids.has(key));
  const byDisplay = new Map<string, Set<number>>();
  for (const row of await matching(db, dialect, 'display_name', rest.map(([, name]) => name))) {
    const key = row.value.toLowerCase();
    const set = byDisplay.get(key) ?? new Set<number>();
    set.add(row.id);
    byDisplay.set(key, set);
  }
  const unknown: string[] = [];
  const ambiguous: string[] = [];
  for (const [key, name] of rest) {
    const found = byDisplay.get(key);
    if (!found) unknown.push(name);
    else if (found.size > 1) ambiguous.push(name);
    else ids.set(key, [...found][0]);
  }
  return { ids, unknown, ambiguous };
}
