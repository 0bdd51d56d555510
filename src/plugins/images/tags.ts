import type { Kysely } from 'kysely';
import type { CoreTables } from '../../server/db/tables.js';
import type { ImageTag } from './schema.js';
import type { ImagesTables } from './tables.js';

type Db = Kysely<CoreTables & ImagesTables>;

/** Tags no image carries any more go (Germinate's rule after every tag change). */
export async function deleteOrphanTags(db: Db): Promise<void> {
  await db
    .deleteFrom('imagetags')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('image_to_tags').select('image_to_tags.image_id').whereRef('image_to_tags.imagetag_id', '=', 'imagetags.id'))))
    .execute();
}

/**
 * Replaces an image's tags with `names` (already normalised): missing tags are created, the image's links
 * set to exactly these, orphan tags removed. Tag names compare lower-cased, as they are stored.
 */
export async function replaceImageTags(db: Db, imageId: number, names: readonly string[], now: string): Promise<void> {
  const stamp = { created_on: now, updated_on: now };
  const ids: number[] = [];
  for (const name of names) {
    const found = await db.selectFrom('imagetags').select('id').where((eb) => eb(eb.fn('lower', ['tag_name']), '=', name)).orderBy('id').executeTakeFirst();
    ids.push(found ? Number(found.id) : Number((await db.insertInto('imagetags').values({ tag_name: name, ...stamp }).returning('id').executeTakeFirstOrThrow()).id));
  }
  await db.deleteFrom('image_to_tags').where('image_id', '=', imageId).execute();
  if (ids.length > 0) await db.insertInto('image_to_tags').values([...new Set(ids)].map((imagetag_id) => ({ image_id: imageId, imagetag_id, ...stamp }))).execute();
  await deleteOrphanTags(db);
}

/** A page of tags in name order, with the count of all (Germinate's PaginatedResult<ImageTag>). */
export async function tagPage(
  db: Db,
  where: { referenceTable?: string; foreignId?: number },
  paging: { page: number; limit: number; prevCount: number },
): Promise<{ data: ImageTag[]; count: number }> {
  let query = db.selectFrom('imagetags as t');
  if (where.referenceTable !== undefined) {
    const { referenceTable, foreignId } = where;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('image_to_tags as x')
          .innerJoin('images as i', 'i.id', 'x.image_id')
          .innerJoin('imagetypes as it', 'it.id', 'i.imagetype_id')
          .select('x.image_id')
          .whereRef('x.imagetag_id', '=', 't.id')
          .where('it.reference_table', '=', referenceTable)
          .$if(foreignId !== undefined, (q) => q.where('i.foreign_id', '=', foreignId ?? 0)),
      ),
    );
  }
  const rows = await query.select(['t.id', 't.tag_name']).orderBy('t.tag_name').orderBy('t.id').limit(paging.limit).offset(paging.page * paging.limit).execute();
  const count = paging.prevCount >= 0 ? paging.prevCount : Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { data: rows.map((r) => ({ tagId: Number(r.id), tagName: r.tag_name })), count };
}
