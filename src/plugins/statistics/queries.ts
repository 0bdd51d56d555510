import { sql, type Kysely } from 'kysely';
import { statusLabel, type BiologicalStatusRow } from './biological-status.js';

/**
 * MCPD rows per biological status and genus. Rows without a status are left out; a row without a
 * genus counts under the empty genus. The short label is taken in code, not SQL, so both dialects
 * share one query, and statuses whose labels shorten to the same text are added together.
 * Ordered by label, then genus (plain code-point order: the same on every server and dialect).
 */
export async function biologicalStatusCounts(db: Kysely<unknown>): Promise<BiologicalStatusRow[]> {
  const { rows } = await sql<{ sampstat: string; genus: string | null; n: number | string }>`
    SELECT b.sampstat AS sampstat, m.genus AS genus, COUNT(*) AS n
    FROM mcpd m JOIN biologicalstatus b ON b.id = m.sampstat
    GROUP BY b.sampstat, m.genus`.execute(db);
  const merged = new Map<string, BiologicalStatusRow>();
  for (const row of rows) {
    const label = statusLabel(row.sampstat);
    const genus = row.genus ?? '';
    const key = JSON.stringify([label, genus]);
    const found = merged.get(key);
    if (found) found.count += Number(row.n);
    else merged.set(key, { biologicalstatus: label, genus, count: Number(row.n) });
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...merged.values()].sort((a, b) => order(a.biologicalstatus, b.biologicalstatus) || order(a.genus, b.genus));
}
