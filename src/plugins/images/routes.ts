import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { type } from 'arktype';
import { recordAudit } from '../../server/audit.js';
import { gateCaller } from '../../server/access/licences.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { ExportRequest } from '../../core/table-request.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { checkPaging, registerTableRoutes, withReader } from '../../server/table/routes.js';
import { startImageExport } from './export.js';
import { removeImageFiles } from './files.js';
import { imageIdOf, missingImage } from './image-id.js';
import { IMAGE_VIEW_TABLES, imageView } from './queries.js';
import { ImagePatch, normaliseTags, TagList } from './schema.js';
import { replaceImageTags, deleteOrphanTags, tagPage } from './tags.js';
import type { ImagesTables } from './tables.js';

const ListQuery = type({ 'page?': 'string.digits', 'limit?': 'string.digits', 'prevCount?': /^-?\d{1,19}$/ });

/** page, limit (at most the server's page size) and prevCount of a GET listing's query, or a 400. */
function listPaging(query: unknown, maxPageSize: number) {
  const result = ListQuery(query ?? {});
  if (result instanceof type.errors) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'page and limit must be whole numbers ≥ 0, prevCount one ≥ -1');
  const page = Number(result.page ?? 0);
  const prevCount = Number(result.prevCount ?? -1);
  checkPaging(page, prevCount);
  return { page, limit: Math.min(Number(result.limit ?? maxPageSize), maxPageSize), prevCount };
}

/**
 * The images and their tags, as Germinate's calls: the public table (page, ids, and the export as a job of the
 * image files), the tag lists for the gallery's chips, and the curators' changes: tags, description and
 * reference flag, and deletion (row and files).
 */
export const imageRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db.withTables<ImagesTables>();
  const present = await presentTables(app.database.db as unknown as Kysely<unknown>, app.database.dialect, IMAGE_VIEW_TABLES);
  const query = registerTableRoutes(app, { path: '/image/table', view: (dialect) => imageView(dialect, present), access: 'public' });

  app.post('/image/table/export', { config: { access: 'public' } }, async (request) => {
    const body = validate(ExportRequest, request.body ?? {});
    const ids = await withReader(app, request, (source) => query.ids(source, body.filter, null, gateCaller(request)));
    return [await startImageExport(app, ids, request.user)];
  });

  app.get('/imagetag', { config: { access: 'public' } }, async (request) => tagPage(db, {}, listPaging(request.query, app.config.maxPageSize)));
  app.get<{ Params: { referenceTable: string } }>('/imagetag/:referenceTable', { config: { access: 'public' } }, async (request) =>
    tagPage(db, { referenceTable: request.params.referenceTable }, listPaging(request.query, app.config.maxPageSize)),
  );
  app.get<{ Params: { referenceTable: string; foreignId: string } }>('/imagetag/:referenceTable/:foreignId', { config: { access: 'public' } }, async (request) => {
    const foreignId = Number(request.params.foreignId);
    if (!/^\d{1,10}$/.test(request.params.foreignId)) throw new HttpError(404, 'NOT_FOUND_ID', 'foreignId must be a whole number.');
    return tagPage(db, { referenceTable: request.params.referenceTable, foreignId }, listPaging(request.query, app.config.maxPageSize));
  });

  // Imagetags rows of one image (id, tagName, createdOn, updatedOn).
  app.get<{ Params: { imageId: string } }>('/image/:imageId/tag', { config: { access: 'public' } }, async (request) => {
    const id = await existingImage(imageIdOf(request.params.imageId));
    const paging = listPaging(request.query, app.config.maxPageSize);
    const tagged = db.selectFrom('imagetags as t').innerJoin('image_to_tags as x', 'x.imagetag_id', 't.id').where('x.image_id', '=', id);
    const rows = await tagged.select(['t.id', 't.tag_name', 't.created_on', 't.updated_on']).orderBy('t.tag_name').limit(paging.limit).offset(paging.page * paging.limit).execute();
    const count = paging.prevCount >= 0 ? paging.prevCount : Number((await tagged.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { data: rows.map((r) => ({ id: Number(r.id), tagName: r.tag_name, createdOn: r.created_on, updatedOn: r.updated_on })), count };
  });

  app.put<{ Params: { imageId: string } }>('/image/:imageId/tag', { config: { access: 'DATA_CURATOR' } }, async (request, reply) => {
    const id = imageIdOf(request.params.imageId);
    const tags = normaliseTags(validate(TagList, request.body ?? null));
    const now = app.clock.now();
    await app.database.db.transaction().execute(async (trx) => {
      if (!(await trx.withTables<ImagesTables>().selectFrom('images').select('id').where('id', '=', id).executeTakeFirst())) throw missingImage(id);
      await replaceImageTags(trx.withTables<ImagesTables>(), id, tags, new Date(now).toISOString());
      await recordAudit(trx, request.user, { action: 'image.tags', target: `image ${id}`, details: { tags } }, now);
    });
    return reply.code(204).send();
  });

  app.patch<{ Params: { imageId: string } }>('/image/:imageId', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    const id = imageIdOf(request.params.imageId);
    const body = validate(ImagePatch, request.body ?? null);
    if (body.imageId !== id) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'imageId must be the id in the path.');
    const now = app.clock.now();
    // As Germinate: both fields are written; null (or absent) clears them.
    const change = { description: body.imageDescription ?? '', is_reference: body.imageIsReference === true ? 1 : 0, updated_on: new Date(now).toISOString() };
    await app.database.db.transaction().execute(async (trx) => {
      const result = await trx.withTables<ImagesTables>().updateTable('images').set(change).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw missingImage(id);
      await recordAudit(trx, request.user, { action: 'image.update', target: `image ${id}`, details: change }, now);
    });
    return true;
  });

  app.delete<{ Params: { imageId: string } }>('/image/:imageId', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    const id = imageIdOf(request.params.imageId);
    const now = app.clock.now();
    const image = await app.database.db.transaction().execute(async (trx) => {
      const images = trx.withTables<ImagesTables>();
      const row = await images.selectFrom('images').select(['id', 'path', 'description']).where('id', '=', id).executeTakeFirst();
      if (!row) throw missingImage(id);
      await images.deleteFrom('image_to_tags').where('image_id', '=', id).execute();
      await images.deleteFrom('images').where('id', '=', id).execute();
      await deleteOrphanTags(images);
      await recordAudit(trx, request.user, { action: 'image.delete', target: `image ${id}`, details: { path: row.path, description: row.description } }, now);
      return row;
    });
    // After the commit: a failed delete keeps its file.
    removeImageFiles(app.config.dataDir, image.path);
    return true;
  });

  async function existingImage(id: number): Promise<number> {
    if (!(await db.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst())) throw missingImage(id);
    return id;
  }
};
