import { type } from 'arktype';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import type { Database } from '../../server/db/database.js';
import { updatePdci } from './pdci.js';
import { moveGermplasmLinks } from './unify-links.js';
import type { GermplasmTables } from './tables.js';

/** Cap on one request, so a single merge stays one reasonable transaction. */
export const MAX_UNIFY_OTHERS = 1000;

const UnificationRequest = type({
  preferredGermplasmId: 'number.integer > 0',
  otherGermplasmIds: '(number.integer > 0)[]',
  'explanation?': 'string | null',
});

function invalid(message: string): HttpError {
  return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);
}

/** synonyms.synonyms is jsonb on PostgreSQL (parsed by the driver) and text on SQLite. */
function synonymList(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
}

/**
 * Merges the other germplasm into the preferred one: links move over, names become synonyms, the others
 * are deleted. All of it in one transaction so a failure leaves the database untouched.
 */
export async function unifyGermplasm(
  database: Pick<Database, 'db' | 'dialect'>,
  preferred: number,
  others: number[],
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const db = trx.withTables<GermplasmTables>();

    // Institution links: the primary key is (germplasm, institution, type), so add only the missing ones;
    // the others' own links go with them by cascade.
    const links = await db
      .selectFrom('germplasminstitutions')
      .select(['germinatebase_id', 'institution_id', 'type'])
      .where('germinatebase_id', 'in', [preferred, ...others])
      .execute();
    const key = (l: { institution_id: number; type: string }) => `${l.institution_id}\u0000${l.type}`;
    const have = new Set(links.filter((l) => l.germinatebase_id === preferred).map(key));
    const add = new Map<string, (typeof links)[number]>();
    for (const l of links) if (!have.has(key(l)) && !add.has(key(l))) add.set(key(l), l);
    if (add.size > 0) {
      await db
        .insertInto('germplasminstitutions')
        .values([...add.values()].map((l) => ({ germinatebase_id: preferred, institution_id: l.institution_id, type: l.type })))
        .execute();
    }

    await db
      .updateTable('attributedata')
      .set({ foreign_id: preferred })
      .where('foreign_id', 'in', others)
      .where('attribute_id', 'in', db.selectFrom('attributes').select('id').where('target_table', '=', 'germinatebase'))
      .execute();

    // A preferred row whose parent is being merged into it would become its own parent.
    await db.updateTable('germinatebase').set({ entityparent_id: null }).where('id', '=', preferred).where('entityparent_id', 'in', others).execute();
    await db.updateTable('germinatebase').set({ entityparent_id: preferred }).where('entityparent_id', 'in', others).execute();

    // Synonyms: the preferred's own first, then per other its name, ACCENUMB, display name and synonyms.
    const rows = await db
      .selectFrom('germinatebase as g')
      .leftJoin('mcpd as m', 'm.germinatebase_id', 'g.id')
      .select(['g.id', 'g.name', 'g.display_name', 'm.accenumb'])
      .where('g.id', 'in', others)
      .execute();
    const synonymRows = await db
      .selectFrom('synonyms')
      .select(['id', 'foreign_id', 'synonyms'])
      .where('synonymtype_id', '=', 1)
      .where('foreign_id', 'in', [preferred, ...others])
      .orderBy('id')
      .execute();
    const listOf = (id: number) => synonymRows.filter((s) => s.foreign_id === id).flatMap((s) => synonymList(s.synonyms));
    const merged = new Set(listOf(preferred));
    for (const id of others) {
      const row = rows.find((r) => r.id === id);
      for (const name of [row?.name, row?.accenumb, row?.display_name, ...listOf(id)]) if (name) merged.add(name);
    }
    const json = JSON.stringify([...merged]);
    const own = synonymRows.find((s) => s.foreign_id === preferred);
    if (own) await db.updateTable('synonyms').set({ synonyms: json }).where('id', '=', own.id).execute();
    else await db.insertInto('synonyms').values({ foreign_id: preferred, synonymtype_id: 1, synonyms: json }).execute();

    await moveGermplasmLinks(trx as unknown as Kysely<unknown>, database.dialect, preferred, others);

    // synonyms.foreign_id has no foreign key, so the others' rows are deleted by hand; mcpd and
    // institution links go by cascade.
    await db.deleteFrom('synonyms').where('synonymtype_id', '=', 1).where('foreign_id', 'in', others).execute();
    await db.deleteFrom('germinatebase').where('id', 'in', others).execute();
    await updatePdci({ db: trx, dialect: database.dialect }, [preferred]);
  });
}

export function registerUnifyRoute(app: FastifyInstance): void {
  app.post('/germplasm/unify', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    const body = validate(UnificationRequest, request.body);
    const others = [...new Set(body.otherGermplasmIds)];
    if (others.length === 0) throw invalid('otherGermplasmIds must name at least one germplasm to merge');
    if (others.length > MAX_UNIFY_OTHERS) throw invalid(`otherGermplasmIds may name at most ${MAX_UNIFY_OTHERS} germplasm`);
    if (others.includes(body.preferredGermplasmId)) throw invalid('preferredGermplasmId must not be among otherGermplasmIds');
    const db = app.database.db.withTables<GermplasmTables>();
    const all = [body.preferredGermplasmId, ...others];
    const found = new Set((await db.selectFrom('germinatebase').select('id').where('id', 'in', all).execute()).map((r) => r.id));
    const missing = all.filter((id) => !found.has(id));
    if (missing.length > 0) throw invalid(`unknown germplasm ids: ${missing.join(', ')}`);
    await unifyGermplasm(app.database, body.preferredGermplasmId, others);
    return true;
  });
}
