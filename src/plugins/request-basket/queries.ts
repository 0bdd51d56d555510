import { sql, type Kysely } from 'kysely';
import { storageCodes } from '../../core/mcpd-status-codes.js';
import type { BasketAccession, BasketAnswer, BasketInstitute, NoteCode } from './schema.js';

/** Ids per statement: far below both databases' limits on bound parameters. */
const CHUNK = 500;

interface AccessionRow {
  id: number;
  name: string;
  general_identifier: string;
  entitytype_id: number | null;
  entity_type: string | null;
  accenumb: string | null;
  puid: string | null;
  instcode: string | null;
  storage: string | null;
  mlsstat: number | null;
  remarks: string | null;
  genus: string | null;
  species: string | null;
  holder_id: number | null;
}

interface InstitutionRow {
  id: number;
  code: string | null;
  name: string;
  acronym: string | null;
  email: string | null;
  address: string | null;
  contact: string | null;
  country_name: string | null;
  country_code2: string | null;
}

const chunks = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
const list = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`));
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The germplasm rows with what decides whether they can be sent. The holding institute is the institution
 * linked as 'maintenance' (the importer's INSTCODE); the lowest id when there are several.
 */
async function accessionRows(db: Kysely<unknown>, ids: readonly number[]): Promise<AccessionRow[]> {
  const rows: AccessionRow[] = [];
  for (const part of chunks(ids)) {
    const result = await sql<AccessionRow>`
      SELECT g.id, g.name, g.general_identifier, g.entitytype_id, et.name AS entity_type, m.accenumb, m.puid, m.instcode,
             m.storage, m.mlsstat, m.remarks, t.genus, t.species,
             (SELECT MIN(gi.institution_id) FROM germplasminstitutions gi
               WHERE gi.germinatebase_id = g.id AND gi.type = 'maintenance') AS holder_id
        FROM germinatebase g
        LEFT JOIN mcpd m ON m.germinatebase_id = g.id
        LEFT JOIN entitytypes et ON et.id = g.entitytype_id
        LEFT JOIN taxonomies t ON t.id = g.taxonomy_id
       WHERE g.id IN (${list(part)})`.execute(db);
    rows.push(...result.rows);
  }
  return rows;
}

async function institutionRows(db: Kysely<unknown>, ids: readonly number[]): Promise<Map<number, InstitutionRow>> {
  const found = new Map<number, InstitutionRow>();
  for (const part of chunks(ids)) {
    const result = await sql<InstitutionRow>`
      SELECT i.id, i.code, i.name, i.acronym, i.email, i.address, i.contact, co.country_name, co.country_code2
        FROM institutions i LEFT JOIN countries co ON co.id = i.country_id
       WHERE i.id IN (${list(part)})`.execute(db);
    for (const row of result.rows) found.set(Number(row.id), row);
  }
  return found;
}

/** Availability, where the data has it: a germplasm attribute named "Availability" (any case). */
async function availability(db: Kysely<unknown>, ids: readonly number[]): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  for (const part of chunks(ids)) {
    const result = await sql<{ foreign_id: number; value: string }>`
      SELECT ad.foreign_id, ad.value FROM attributedata ad JOIN attributes a ON a.id = ad.attribute_id
       WHERE a.target_table = 'germinatebase' AND LOWER(a.name) = 'availability' AND ad.foreign_id IN (${list(part)})
       ORDER BY ad.id`.execute(db);
    for (const row of result.rows) {
      const id = Number(row.foreign_id);
      found.set(id, found.has(id) ? `${found.get(id)}; ${row.value}` : row.value);
    }
  }
  return found;
}

/** The notes of a row: facts only (codes as recorded), never a decision. */
export function notesOf(row: Pick<AccessionRow, 'mlsstat' | 'storage' | 'entitytype_id' | 'instcode' | 'holder_id'>): NoteCode[] {
  const notes: NoteCode[] = [];
  const mls = num(row.mlsstat);
  if (mls === 0) notes.push('mlsNotIncluded');
  else if (mls === 99) notes.push('mlsOther');
  else if (mls === null) notes.push('mlsMissing');
  if (storageCodes(row.storage).length === 0) notes.push('storageMissing');
  if (num(row.holder_id) === null && !row.instcode) notes.push('holderMissing');
  const entityType = num(row.entitytype_id);
  if (entityType !== null && entityType !== 1) notes.push('notAccession');
  return notes;
}

function accessionOf(row: AccessionRow, available: Map<number, string>): BasketAccession {
  const taxon = [row.genus, row.species].filter((part) => part).join(' ');
  return {
    germplasmId: Number(row.id),
    accessionNumber: row.accenumb ?? row.general_identifier,
    name: row.name,
    puid: row.puid ?? null,
    taxon: taxon === '' ? null : taxon,
    entityTypeId: num(row.entitytype_id),
    entityTypeName: row.entity_type ?? null,
    mlsStatus: num(row.mlsstat),
    storage: storageCodes(row.storage),
    availability: available.get(Number(row.id)) ?? null,
    remarks: row.remarks ?? null,
    notes: notesOf(row),
  };
}

const NO_INSTITUTE = { code: null, name: null, acronym: null, countryName: null, countryCode: null, email: null, address: null, contact: null };

/**
 * The basket: the germplasm of `ids` grouped by holding institute (by name, then code; the group without an
 * institute last), each group's accessions in the order of `ids` (the order they were marked).
 */
export async function readBasket(db: Kysely<unknown>, ids: readonly number[]): Promise<BasketAnswer> {
  const rows = await accessionRows(db, ids);
  const institutions = await institutionRows(db, [...new Set(rows.map((row) => num(row.holder_id)).filter((id): id is number => id !== null))]);
  const available = await availability(db, ids);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const groups = new Map<string, BasketInstitute>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const holder = num(row.holder_id);
    const institution = holder === null ? undefined : institutions.get(holder);
    const key = institution ? `i${institution.id}` : row.instcode ? `c${row.instcode}` : 'none';
    let group = groups.get(key);
    if (!group) {
      group = institution
        ? {
            key,
            code: institution.code,
            // The importer names an institution known only by its code 'N/A'.
            name: institution.name && institution.name !== 'N/A' ? institution.name : null,
            acronym: institution.acronym,
            countryName: institution.country_name,
            countryCode: institution.country_code2,
            email: institution.email,
            address: institution.address,
            contact: institution.contact,
            accessions: [],
          }
        : { key, ...NO_INSTITUTE, code: row.instcode || null, accessions: [] };
      groups.set(key, group);
    }
    group.accessions.push(accessionOf(row, available));
  }
  const sortKey = (group: BasketInstitute) => `${group.key === 'none' ? '1' : '0'}${(group.name ?? group.code ?? '').toLowerCase()}`;
  const institutes = [...groups.values()].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  return { institutes, missingIds: ids.filter((id) => !byId.has(id)) };
}
