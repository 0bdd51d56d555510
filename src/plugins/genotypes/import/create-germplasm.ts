import { sql, type Kysely } from 'kysely';
import { bulkInsert } from '../../../server/import/bulk.js';
import type { GermplasmLookup, GermplasmMatch } from '../../../server/import/germplasm-lookup.js';
import type { ImportDb, ImportOptions } from '../../../server/import/importer.js';

/**
 * Germplasm that a genotype or allele-frequency file names but the database lacks, created when the curator
 * asks for it (ImportOptions.createGermplasm): each gets only its name, as general identifier, name, display
 * name and ACCENUMB, and the entity type Accession. The rest of its passport comes from an MCPD update later.
 */

/** The warning that replaces GENERIC_INVALID_GERMPLASM when the import creates the germplasm (importStatus.* text). */
export const GENOTYPE_GERMPLASM_CREATED = 'GENOTYPE_GERMPLASM_CREATED';

/** Germinate's entity type of a germplasm whose type nobody gave (the germplasm domain's seeded rows). */
const ACCESSION = 'Accession';

type Unmatched = Extract<GermplasmMatch, { status: string }>['status'];

/**
 * How the check reports a name that resolves to no germplasm: an unknown name is a warning when the import
 * will create it; a display name several germplasm share stays an error (which of them is meant is unknown).
 */
export function unmatchedIssue(status: Unmatched, options: Pick<ImportOptions, 'createGermplasm'>): { status: string; type: 'ERROR' | 'WARNING' } {
  return status === 'GENERIC_INVALID_GERMPLASM' && options.createGermplasm === true
    ? { status: GENOTYPE_GERMPLASM_CREATED, type: 'WARNING' }
    : { status, type: 'ERROR' };
}

type Tables = { entitytypes: { id: number; name: string } };

/**
 * Creates, in the caller's transaction, every name of `names` that `lookup` does not resolve (once per name,
 * ignoring case; the first spelling is kept) and answers their ids by lower-case name. Names the lookup
 * refuses for another reason (a shared display name) are not created: the check rejected them already.
 */
export async function createUnknownGermplasm(target: ImportDb, lookup: GermplasmLookup, names: readonly string[], options: ImportOptions): Promise<Map<string, number>> {
  const missing = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (missing.has(key)) continue;
    const match = lookup.resolve(name);
    if ('status' in match && match.status === 'GENERIC_INVALID_GERMPLASM') missing.set(key, name);
  }
  const ids = new Map<string, number>();
  if (missing.size === 0) return ids;

  const db = target.db.withTables<Tables>() as unknown as Kysely<Tables>;
  const type = await db.selectFrom('entitytypes').select('id').where(sql`lower(name)`, '=', ACCESSION.toLowerCase()).orderBy('id').executeTakeFirst();
  const now = options.now.toISOString();
  const created = await bulkInsert<{ id: number; general_identifier: string }>(
    target,
    'germinatebase',
    [
      { name: 'general_identifier', type: 'text' }, { name: 'name', type: 'text' }, { name: 'display_name', type: 'text' },
      { name: 'entitytype_id', type: 'integer' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' },
    ],
    [...missing.values()].map((name) => [name, name, name, type?.id ?? null, now, now]),
    { returning: ['id', 'general_identifier'], signal: options.signal },
  );
  // RETURNING promises no order: matched back by the name (unique among the created).
  for (const row of created) ids.set(row.general_identifier.toLowerCase(), Number(row.id));
  // The mcpd row holds ACCENUMB, so the passport shows it and a later MCPD update finds the accession by it.
  await bulkInsert(
    target,
    'mcpd',
    [{ name: 'germinatebase_id', type: 'integer' }, { name: 'accenumb', type: 'text' }, { name: 'created_on', type: 'text' }, { name: 'updated_on', type: 'text' }],
    [...missing].map(([key, name]) => [ids.get(key) ?? null, name, now, now]),
    { signal: options.signal },
  );
  return ids;
}
