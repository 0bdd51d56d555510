import type { ImportDb } from '../../../server/import/importer.js';
import type { InstitutionType } from '../tables.js';
import { bulkInsert, bulkUpdate, type BulkValue, type UpdateColumn } from '../../../server/import/bulk.js';
import type { McpdValues } from './mcpd-prepare.js';
import { splitList } from './mcpd-row.js';
import { germplasmDb } from './mcpd-sql.js';

const UNNAMED = 'N/A';

const INSTITUTION_COLUMNS = [
  { name: 'code', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'address', type: 'text' },
] as const;
const LINK_COLUMNS = [
  { name: 'germinatebase_id', type: 'integer' },
  { name: 'institution_id', type: 'integer' },
  { name: 'type', type: 'text' },
] as const;

const RENAME_COLUMNS: UpdateColumn[] = [
  { name: 'name', type: 'text' },
  { name: 'address', type: 'text', keep: true },
];

/** Institutions by code and by name, loaded once per import and kept up to date as batches create more. */
export interface InstitutionCache {
  codes: Map<string, number>;
  named: Map<string, number>;
  namedUncoded: Map<string, number>;
  /** Codes this import created as `N/A`, by code key. */
  unnamed: Map<string, number>;
}

export async function institutionCache(target: ImportDb): Promise<InstitutionCache> {
  const cache: InstitutionCache = { codes: new Map(), named: new Map(), namedUncoded: new Map(), unnamed: new Map() };
  const stored = await germplasmDb(target).selectFrom('institutions').select(['id', 'code', 'name', 'address']).orderBy('id', 'desc').execute();
  for (const row of stored) {
    if (row.code !== null && row.code !== '') cache.codes.set(byCode(row.code), row.id);
    cache.named.set(byName(row.name, row.address), row.id);
    if (row.code === null || row.code === '') cache.namedUncoded.set(byName(row.name, row.address), row.id);
  }
  return cache;
}

/** An institution as a DATA row names it. */
export interface InstitutionRef {
  code: string | null;
  name: string;
  address: string | null;
  type: InstitutionType;
}

/**
 * The institutions a row names: INSTCODE (maintenance), COLLCODE/COLLNAME/COLLINSTADDRESS (collection),
 * BREDCODE/BREDNAME (breeding), DONORCODE/DONORNAME (donor) and each DUPLSITE/DUPLINSTNAME pair
 * (duplicate). A missing name is `N/A`, as in Germinate.
 */
export function institutionRefs(m: McpdValues): InstitutionRef[] {
  const refs: InstitutionRef[] = [];
  const add = (type: InstitutionType, code: string | null, name: string | null, address: string | null = null) => {
    if (code !== null || name !== null || address !== null) refs.push({ code, name: name ?? UNNAMED, address, type });
  };
  add('maintenance', m.instcode, null);
  add('collection', m.collcode, m.collname, m.collinstaddress);
  add('breeding', m.bredcode, m.bredname);
  add('donor', m.donorcode, m.donorname);
  const codes = splitList(m.duplsite);
  const names = splitList(m.duplinstname);
  for (let i = 0; i < Math.max(codes.length, names.length); i += 1) add('duplicate', codes[i] || null, names[i] || null);
  return refs;
}

const byCode = (code: string) => code.toLowerCase();
const byName = (name: string, address: string | null) => `${name}\u0000${address ?? ''}`;

/**
 * Resolves institutions and writes the germplasm links. Matching: by code (case-insensitive); else,
 * for a named institution, by (name, address) — among uncoded institutions when the file gives a code,
 * so two institutions with different codes never merge. Missing ones are created, consolidated over
 * the file (the first real name and address seen for a code). Existing institutions are not changed.
 * Each (germplasm, institution, type) link is written once; stored links are kept (ON CONFLICT).
 */
export async function linkInstitutions(
  target: ImportDb,
  rows: { id: number; refs: InstitutionRef[] }[],
  cache?: InstitutionCache,
  now = new Date().toISOString(),
): Promise<number> {
  const known = cache ?? (await institutionCache(target));
  const { codes, named, namedUncoded, unnamed } = known;
  // A code this import created without a name (an earlier batch) takes the first real name met later.
  const renames = new Map<number, { name: string; address: string | null }>();
  for (const { refs } of rows) {
    for (const ref of refs) {
      const id = ref.code === null || ref.name === UNNAMED ? undefined : unnamed.get(byCode(ref.code));
      if (id === undefined) continue;
      unnamed.delete(byCode(ref.code ?? ''));
      renames.set(id, { name: ref.name, address: ref.address });
    }
  }
  await bulkUpdate(target, 'institutions', 'id', RENAME_COLUMNS, [...renames].map(([id, r]) => [id, r.name, r.address]), now);

  // Coded institutions first, so that an uncoded mention of the same name can match a new coded one.
  const newCoded = new Map<string, { code: string; name: string; address: string | null }>();
  for (const { refs } of rows) {
    for (const ref of refs) {
      if (ref.code === null) continue;
      const key = byCode(ref.code);
      if (codes.has(key)) continue;
      const uncoded = ref.name === UNNAMED ? undefined : namedUncoded.get(byName(ref.name, ref.address));
      if (uncoded !== undefined) {
        codes.set(key, uncoded);
        continue;
      }
      const pending = newCoded.get(key);
      if (!pending) newCoded.set(key, { code: ref.code, name: ref.name, address: ref.address });
      else {
        if (pending.name === UNNAMED) pending.name = ref.name;
        pending.address ??= ref.address;
      }
    }
  }
  const coded = await bulkInsert<{ id: number; code: string; name: string; address: string | null }>(
    target,
    'institutions',
    INSTITUTION_COLUMNS,
    [...newCoded.values()].map((i) => [i.code, i.name, i.address]),
    { returning: ['id', 'code', 'name', 'address'] },
  );
  for (const row of coded) {
    codes.set(byCode(row.code), row.id);
    if (row.name === UNNAMED) unnamed.set(byCode(row.code), row.id);
    if (!named.has(byName(row.name, row.address))) named.set(byName(row.name, row.address), row.id);
  }

  const newNamed = new Map<string, { name: string; address: string | null }>();
  for (const { refs } of rows) {
    for (const ref of refs) {
      const key = byName(ref.name, ref.address);
      if (ref.code === null && !named.has(key) && !newNamed.has(key)) newNamed.set(key, { name: ref.name, address: ref.address });
    }
  }
  const uncoded = await bulkInsert<{ id: number; name: string; address: string | null }>(
    target,
    'institutions',
    INSTITUTION_COLUMNS,
    [...newNamed.values()].map((i) => [null, i.name, i.address]),
    { returning: ['id', 'name', 'address'] },
  );
  for (const row of uncoded) named.set(byName(row.name, row.address), row.id);

  const links: BulkValue[][] = [];
  for (const { id, refs } of rows) {
    const once = new Set<string>();
    for (const ref of refs) {
      const institution = ref.code !== null ? codes.get(byCode(ref.code)) : named.get(byName(ref.name, ref.address));
      if (institution === undefined) throw new Error(`Import: institution ${ref.code ?? ref.name} not resolved`);
      const key = `${institution}:${ref.type}`;
      if (once.has(key)) continue;
      once.add(key);
      links.push([id, institution, ref.type]);
    }
  }
  await bulkInsert(target, 'germplasminstitutions', LINK_COLUMNS, links, { ignoreConflicts: true });
  return newCoded.size + newNamed.size;
}
