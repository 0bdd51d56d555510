import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { PEDIGREE_DATASET_TYPE, type PedigreeTables, type RelationshipType } from '../tables.js';
import { writeDatasheet } from '../../../server/import/datasheet-write.js';
import { loadGermplasmLookup, type GermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { DATA_SHEET, readDefinitionRows, readPedigreeRows, relationshipType, STRING_SHEET } from './pedigree-sheets.js';

const BATCH = 500;

export type PedigreeDb = Kysely<CoreTables & PedigreeTables>;

export function pedigreeDb(target: ImportDb): PedigreeDb {
  return target.db.withTables<PedigreeTables>();
}

function idOf(lookup: GermplasmLookup, name: string): number {
  const match = lookup.resolve(name);
  if (!('id' in match)) throw new Error(`Import: germplasm ${name} not found after a clean check`);
  return match.id;
}

/**
 * Writes a checked pedigree file inside the caller's transaction: the dataset, then per
 * DATA row one edge per distinct parent, then per DATA-STRING row one definition. Update mode imports the
 * same way (Germinate has no update for datasheet templates).
 */
export async function writePedigree(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db = pedigreeDb(target);
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const dataset = await writeDatasheet(file, target, options, PEDIGREE_DATASET_TYPE);
  const lookup = await loadGermplasmLookup(db);
  options.progress?.(0.2);

  const data = file.sheets.get(DATA_SHEET);
  const rows = data ? readPedigreeRows(data) : [];
  const descriptions = new Map<string, number>();
  let createdDescriptions = 0;
  const descriptionId = async (name: string, author: string | null) => {
    const key = `${name}|${author ?? ''}`;
    const known = descriptions.get(key);
    if (known !== undefined) return known;
    let query = db.selectFrom('pedigreedescriptions').select('id').where('name', '=', name);
    query = author === null ? query.where('author', 'is', null) : query.where('author', '=', author);
    let id = (await query.orderBy('id').executeTakeFirst())?.id;
    if (id === undefined) {
      id = (await db.insertInto('pedigreedescriptions').values({ name, description: name, author, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
      createdDescriptions += 1;
    }
    descriptions.set(key, id);
    return id;
  };

  type Edge = { germinatebase_id: number; parent_id: number; relationship_type: RelationshipType; relationship_description: string | null; pedigreedescription_id: number };
  const edges: Edge[] = [];
  const children = new Set<number>();
  for (const row of rows) {
    options.signal?.throwIfAborted();
    if (row.child === null || row.parent1 === null || row.description === null) continue;
    const child = idOf(lookup, row.child);
    const description = await descriptionId(row.description, row.author);
    const base = { germinatebase_id: child, relationship_description: row.crossing, pedigreedescription_id: description };
    const first = idOf(lookup, row.parent1);
    edges.push({ ...base, parent_id: first, relationship_type: relationshipType(row.types[0]) ?? 'OTHER' });
    // A self (parent 2 = parent 1) is one edge, as in Germinate.
    const second = row.parent2 === null ? null : idOf(lookup, row.parent2);
    if (second !== null && second !== first) edges.push({ ...base, parent_id: second, relationship_type: relationshipType(row.types[1]) ?? 'OTHER' });
    children.add(child);
  }
  for (let i = 0; i < edges.length; i += BATCH) {
    await db.insertInto('pedigrees').values(edges.slice(i, i + BATCH).map((e) => ({ ...e, dataset_id: dataset.datasetId, ...stamp }))).execute();
  }
  options.progress?.(0.6);

  const strings = file.sheets.get(STRING_SHEET);
  const definitionRows = strings ? readDefinitionRows(strings) : [];
  const stored = await db.selectFrom('pedigreenotations').select(['id', 'name']).orderBy('id', 'desc').execute();
  const notations = new Map(stored.map((n) => [n.name.toLowerCase(), n.id]));
  let createdNotations = 0;
  const definitions = [];
  for (const row of definitionRows) {
    options.signal?.throwIfAborted();
    if (row.germplasm === null || row.definition === null || row.notation === null) continue;
    let notation = notations.get(row.notation.toLowerCase());
    if (notation === undefined) {
      notation = (await db.insertInto('pedigreenotations').values({ name: row.notation, description: null, reference_url: null, ...stamp }).returning('id').executeTakeFirstOrThrow()).id;
      notations.set(row.notation.toLowerCase(), notation);
      createdNotations += 1;
    }
    const germplasm = idOf(lookup, row.germplasm);
    children.add(germplasm);
    definitions.push({ dataset_id: dataset.datasetId, germinatebase_id: germplasm, pedigreenotation_id: notation, pedigreedescription_id: null, definition: row.definition, ...stamp });
  }
  for (let i = 0; i < definitions.length; i += BATCH) await db.insertInto('pedigreedefinitions').values(definitions.slice(i, i + BATCH)).execute();
  options.progress?.(1);

  return {
    datasetId: dataset.datasetId,
    datasets: dataset.created ? 1 : 0,
    germplasm: children.size,
    pedigrees: edges.length,
    pedigreeDefinitions: definitions.length,
    pedigreeDescriptions: createdDescriptions,
    pedigreeNotations: createdNotations,
    attributeValues: dataset.attributeValues,
    locations: dataset.locations.size,
    collaborators: dataset.collaborators,
  };
}
