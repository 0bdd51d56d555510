import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import type { GateCaller } from '../../../server/access/licences.js';
import type { IdentifierRow } from '../export/identifiers-file.js';
import type { GenotypeDataset } from '../export/selection.js';
import type { GermplasmMembers } from '../export/subset.js';
import { ALLELEFREQ_DATASET_TYPE } from '../tables.js';

/**
 * The first allele-frequency dataset of the request the caller may export (Germinate exports only that one):
 * visible, licence accepted, not external; null when there is none.
 */
export async function firstAllelefreqDataset(db: Kysely<unknown>, who: GateCaller, requested: readonly number[]): Promise<GenotypeDataset | null> {
  const allowed = await allowedDatasetIds(db, who, requested);
  if (allowed.length === 0) return null;
  const rows = await sql<{ id: number; name: string; description: string | null; source_file: string | null }>`SELECT id, name, description, source_file
    FROM datasets WHERE datasettype_id = ${ALLELEFREQ_DATASET_TYPE} AND is_external = 0 AND id IN (${sql.join(allowed)}) ORDER BY id`.execute(db);
  // The request's order decides which is first, as Germinate takes the first of the list it was sent.
  const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
  const first = requested.map((id) => byId.get(id)).find((row) => row !== undefined);
  return first ? { id: Number(first.id), name: first.name, description: first.description, sourceFile: first.source_file } : null;
}

/** A line of the file that is exported: the member it is, for its identifiers. */
export interface RowChoice {
  take(rowName: string): IdentifierRow | null | false;
}

/**
 * Which lines of a frequency file an export takes, deciding line by line as the file streams: a line is a
 * dataset member as the import matched it (its name without regard to case, the lowest id among equal
 * names, else a display name only one member has), selected by the request, and the first line of that
 * member. `take` answers false for a line left out, else the member's identifiers (null: none to list).
 */
export function rowChoice(members: GermplasmMembers): RowChoice {
  const byName = new Map<string, number>();
  const byDisplay = new Map<string, number>();
  members.names.forEach((name, m) => {
    const key = name.toLowerCase();
    if (!byName.has(key)) byName.set(key, m);
    const display = members.displayNames[m].toLowerCase();
    if (display === '') return;
    byDisplay.set(display, byDisplay.has(display) ? -1 : m);
  });
  const taken = new Set<number>();
  return {
    take(rowName) {
      const key = rowName.toLowerCase();
      const m = byName.get(key) ?? byDisplay.get(key) ?? -1;
      if (m < 0 || taken.has(m) || (members.selected && !members.selected[m])) return false;
      taken.add(m);
      return members.identifiers[m];
    },
  };
}
