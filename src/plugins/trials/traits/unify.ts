import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../server/audit.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import type { CoreTables } from '../../../server/db/tables.js';
import { validate } from '../../../server/http/validate.js';
import type { PresentTables } from '../../../server/table/optional-tables.js';
import { jsonValue } from './reads.js';
import { invalid, MAX_UNIFY_OTHERS, TraitUnificationRequest } from './schema.js';
import { TRAIT_SYNONYM_TYPE, TRAIT_TABLE, type TraitTables } from './tables.js';

/** Other domains' tables that hold trait references, when installed: images, groups, map overlays. */
export const UNIFY_OPTIONAL_TABLES = ['images', 'imagetypes', 'groups', 'grouptypes', 'groupmembers', 'mapoverlays'] as const;

interface Unification {
  preferred: number;
  others: number[];
}

/** The request checked: the preferred trait, at least one other, none twice, the preferred not among them. */
function readRequest(body: unknown): Unification {
  if (body === undefined || body === null) throw invalid('A TraitUnificationRequest body is required');
  const request = validate(TraitUnificationRequest, body);
  const preferred = request.preferredTraitId;
  if (preferred === undefined || preferred === null) throw invalid('preferredTraitId is required');
  const others = request.otherTraitIds ?? [];
  if (others.length === 0) throw invalid('otherTraitIds must name at least one trait to merge');
  if (others.length > MAX_UNIFY_OTHERS) throw invalid(`otherTraitIds may name at most ${MAX_UNIFY_OTHERS} traits`);
  if (others.includes(preferred)) throw invalid(`preferredTraitId ${preferred} must not be among otherTraitIds`);
  const twice = [...new Set(others.filter((id, index) => others.indexOf(id) !== index))];
  if (twice.length > 0) throw invalid(`otherTraitIds name traits more than once: ${twice.join(', ')}`);
  return { preferred, others };
}

/** The strings of a synonyms JSON array (text on SQLite, parsed jsonb on PostgreSQL). */
function synonymList(value: unknown): string[] {
  const parsed = jsonValue(value);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

type Moved = Record<string, number>;

/**
 * Moves what points at the other traits to the preferred one: values, attribute values, and, where their
 * domains are installed, trait images, map overlays and members of trait groups (a group that already holds
 * the preferred trait keeps it once). Returns how many rows each move changed.
 */
async function moveReferences(trx: Transaction<CoreTables>, dialect: DialectName, present: PresentTables, { preferred, others }: Unification): Promise<Moved> {
  const raw = trx as unknown as Kysely<unknown>;
  const run = async (statement: RawBuilder<unknown>) => Number((await statement.execute(raw)).numAffectedRows ?? 0);
  const isOther = (column: string) => idListSql(sql.ref(column), others, dialect);
  const moved: Moved = {};
  moved.phenotypedata = await run(sql`UPDATE phenotypedata SET phenotype_id = ${preferred} WHERE ${isOther('phenotype_id')}`);
  moved.attributedata = await run(sql`UPDATE attributedata SET foreign_id = ${preferred}
    WHERE ${isOther('foreign_id')} AND attribute_id IN (SELECT a.id FROM attributes a WHERE a.target_table = ${TRAIT_TABLE})`);
  if (present.has('images') && present.has('imagetypes')) {
    moved.images = await run(sql`UPDATE images SET foreign_id = ${preferred}
      WHERE imagetype_id IN (SELECT it.id FROM imagetypes it WHERE it.reference_table = ${TRAIT_TABLE}) AND ${isOther('foreign_id')}`);
  }
  if (present.has('mapoverlays')) {
    moved.mapoverlays = await run(sql`UPDATE mapoverlays SET foreign_id = ${preferred} WHERE reference_table = ${TRAIT_TABLE} AND ${isOther('foreign_id')}`);
  }
  if (present.has('groups') && present.has('grouptypes') && present.has('groupmembers')) {
    const traitGroups = sql`(SELECT g.id FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id WHERE gt.target_table = ${TRAIT_TABLE})`;
    await run(sql`INSERT INTO groupmembers (foreign_id, group_id)
      SELECT DISTINCT CAST(${preferred} AS integer), gm.group_id FROM groupmembers gm
      WHERE ${isOther('gm.foreign_id')} AND gm.group_id IN ${traitGroups}
        AND NOT EXISTS (SELECT 1 FROM groupmembers gp WHERE gp.group_id = gm.group_id AND gp.foreign_id = ${preferred})`);
    // Counted as the others' memberships taken over (the preferred trait's own rows are at most one per group).
    moved.groupmembers = await run(sql`DELETE FROM groupmembers WHERE ${isOther('foreign_id')} AND group_id IN ${traitGroups}`);
  }
  return moved;
}

/**
 * The preferred trait's synonyms followed by each other trait's name and its own synonyms, in the order
 * of the request, each once and never the preferred trait's own name; written as the preferred trait's one
 * synonyms row (type 4). The others' synonym rows go (synonyms.foreign_id has no foreign key).
 */
async function mergeSynonyms(db: Kysely<CoreTables & TraitTables>, { preferred, others }: Unification, names: Map<number, string>): Promise<string[]> {
  const rows = await db
    .selectFrom('synonyms')
    .select(['id', 'foreign_id', 'synonyms'])
    .where('synonymtype_id', '=', TRAIT_SYNONYM_TYPE)
    .where('foreign_id', 'in', [preferred, ...others])
    .orderBy('id')
    .execute();
  const listOf = (id: number) => rows.filter((r) => r.foreign_id === id).flatMap((r) => synonymList(r.synonyms));
  const merged = new Set(listOf(preferred));
  const before = merged.size;
  for (const id of others) for (const name of [names.get(id), ...listOf(id)]) if (name && name !== names.get(preferred)) merged.add(name);
  const json = JSON.stringify([...merged]);
  const own = rows.find((r) => r.foreign_id === preferred);
  if (own) await db.updateTable('synonyms').set({ synonyms: json }).where('id', '=', own.id).execute();
  else if (merged.size > 0) await db.insertInto('synonyms').values({ foreign_id: preferred, synonymtype_id: TRAIT_SYNONYM_TYPE, synonyms: json }).execute();
  await db.deleteFrom('synonyms').where('synonymtype_id', '=', TRAIT_SYNONYM_TYPE).where('foreign_id', 'in', others).execute();
  return [...merged].slice(before);
}

/**
 * `POST trait/unify` (administrators: merging traits is an administrator's action). Everything in one
 * transaction: a request naming a trait that does not exist writes nothing.
 */
export function registerTraitUnify(app: FastifyInstance, present: PresentTables): void {
  app.post('/trait/unify', { config: { access: 'ADMIN' } }, async (request) => {
    const unification = readRequest(request.body);
    const { preferred, others } = unification;
    const now = app.clock.now();
    await app.database.db.transaction().execute(async (trx) => {
      const db = trx.withTables<TraitTables>();
      const traits = await db.selectFrom('phenotypes').select(['id', 'name']).where('id', 'in', [preferred, ...others]).execute();
      const names = new Map(traits.map((t) => [Number(t.id), t.name]));
      if (!names.has(preferred)) throw invalid(`preferredTraitId ${preferred} names no trait`);
      const missing = others.filter((id) => !names.has(id));
      if (missing.length > 0) throw invalid(`otherTraitIds name no trait: ${missing.join(', ')}`);
      const moved = await moveReferences(trx, app.database.dialect, present, unification);
      const synonymsAdded = await mergeSynonyms(db, unification, names);
      await db.deleteFrom('phenotypes').where('id', 'in', others).execute();
      const details = {
        preferredTraitId: preferred,
        preferredTraitName: names.get(preferred),
        otherTraits: others.map((id) => ({ id, name: names.get(id) })),
        moved,
        synonymsAdded,
      };
      await recordAudit(trx, request.user, { action: 'trait.unify', target: `trait ${preferred}`, details }, now);
    });
    return true;
  });
}
