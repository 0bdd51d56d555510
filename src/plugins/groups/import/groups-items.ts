import type { Kysely } from 'kysely';
import { tableExists } from '../../../server/db/table-exists.js';
import type { ImportDb } from '../../../server/import/importer.js';
import type { GroupsTables } from '../tables.js';
import { loadGermplasmLookup, type GermplasmMatch } from '../../../server/import/germplasm-lookup.js';
import type { MemberKind } from './groups-sheet.js';

/** Finds the id of a sheet's item (germplasm, marker, location) by the identifier in column A. */
export interface ItemResolver {
  /** false when the item's table does not exist here (markers come with the genotype domain). */
  available: boolean;
  resolve(identifier: string): GermplasmMatch;
}

export function groupsDb(target: ImportDb): Kysely<GroupsTables> {
  return target.db.withTables<GroupsTables>() as unknown as Kysely<GroupsTables>;
}

/** Case-insensitive name → the lowest id carrying it (names of markers and sites need not be unique). */
function byName(rows: { id: number; name: string }[]): ItemResolver {
  const ids = new Map<string, number>();
  for (const row of rows) {
    const key = row.name.toLowerCase();
    const seen = ids.get(key);
    if (seen === undefined || row.id < seen) ids.set(key, row.id);
  }
  return {
    available: true,
    resolve(identifier) {
      const id = ids.get(identifier.toLowerCase());
      return id === undefined ? { status: 'GENERIC_INVALID_GERMPLASM' } : { id };
    },
  };
}

const UNAVAILABLE: ItemResolver = { available: false, resolve: () => ({ status: 'GENERIC_INVALID_GERMPLASM' }) };

/** Resolvers for the kinds the file uses, each loaded once. */
export async function loadResolvers(target: ImportDb, kinds: ReadonlySet<MemberKind>): Promise<Map<MemberKind, ItemResolver>> {
  const db = groupsDb(target);
  const resolvers = new Map<MemberKind, ItemResolver>();
  if (kinds.has('germplasm')) {
    const lookup = await loadGermplasmLookup(db);
    resolvers.set('germplasm', { available: true, resolve: (identifier) => lookup.resolve(identifier) });
  }
  if (kinds.has('locations')) {
    const rows = await db.selectFrom('locations').select(['id', 'site_name as name']).execute();
    resolvers.set('locations', byName(rows));
  }
  if (kinds.has('markers')) {
    // Without markers (no genotype domain, or no genotype data yet) a marker sheet is left out with a warning
    // rather than failing a file whose other sheets are good.
    const rows = (await tableExists(db, target.dialect, 'markers')) ? await db.selectFrom('markers').select(['id', 'marker_name as name']).execute() : [];
    if (rows.length > 0) {
      resolvers.set('markers', byName(rows));
    } else {
      resolvers.set('markers', UNAVAILABLE);
    }
  }
  return resolvers;
}

/** The status for an identifier that does not resolve, by kind (germplasm keeps the lookup's own status). */
export function unresolvedStatus(kind: MemberKind, match: GermplasmMatch): string | null {
  if ('id' in match) return null;
  if (kind === 'markers') return 'GENERIC_INVALID_MARKER';
  if (kind === 'locations') return 'GENERIC_INVALID_LOCATION';
  return match.status;
}
