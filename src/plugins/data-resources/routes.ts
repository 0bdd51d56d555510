import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { recordAudit } from '../../server/audit.js';
import { pathId } from '../../server/access/users.js';
import { HttpError } from '../../server/http/errors.js';
import { validate } from '../../server/http/validate.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { TableQuery } from '../../server/table/engine.js';
import { restrictedIds, restrictedPage } from '../../server/table/routes.js';
import { gateCaller } from '../../server/access/licences.js';
import { allowedFor } from './access.js';
import { fileRoutes } from './file-routes.js';
import { resourceDatasetRoutes } from './dataset-table.js';
import { typeFolder } from './files.js';
import { accessibleSql, FILE_RESOURCE_OPTIONAL_TABLES, fileResourceView, keepDatasetIds, linkedToSql } from './queries.js';

const DatasetIds = type({ 'datasetIds?': type('number.integer').array().atMostLength(100_000).or('null') });
const NewType = type({ name: 'string <= 255', 'description?': 'string <= 65535 | null', 'id?': 'null' });

/** The two types Germinate's importers use: never deleted (matched by name and description, as Germinate). */
const BUILT_IN_TYPES = [
  { name: 'Trials Shapefile', description: 'Shapefile associated with trials dataset.' },
  { name: 'Trials GeoTIFF', description: 'GeoTIFF associated with trials dataset.' },
];

/**
 * File resources (Germinate's "data resources"): their tables, their types, and (file-routes.ts) their
 * files. A resource linked to datasets is the caller's only through one of them they may read (visible,
 * licence accepted); one linked to none is everyone's.
 */
export const dataResourceRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const present = await presentTables(db as unknown as Kysely<unknown>, app.database.dialect, FILE_RESOURCE_OPTIONAL_TABLES);
  const query = new TableQuery(fileResourceView(app.database.dialect, present), app.database.dialect);
  const id = sql`f.id`;
  const publicRoute = { config: { access: 'public' as const } };
  const curator = { config: { access: 'DATA_CURATOR' as const } };

  app.post('/fileresource/table', publicRoute, async (request) => {
    const allowed = await allowedFor(app, gateCaller(request));
    const page = await restrictedPage(app, query, request, accessibleSql(id, allowed));
    const keep = new Set(allowed);
    return { ...page, data: page.data.map((row) => keepDatasetIds(row, keep)) };
  });

  app.post('/fileresource/table/ids', publicRoute, async (request) => {
    const allowed = await allowedFor(app, gateCaller(request));
    return restrictedIds(app, query, request, accessibleSql(id, allowed));
  });

  // Germinate's PaginatedDatasetRequest: the resources of the requested datasets the caller may read.
  app.post('/dataset/fileresource', publicRoute, async (request) => {
    const { datasetIds } = validate(DatasetIds, request.body ?? {});
    const allowed = await allowedFor(app, gateCaller(request), datasetIds);
    if (allowed.length === 0) return { data: [], count: 0 };
    const page = await restrictedPage(app, query, request, linkedToSql(id, allowed));
    const keep = new Set(allowed);
    return { ...page, data: page.data.map((row) => keepDatasetIds(row, keep)) };
  });

  app.get('/fileresourcetype', publicRoute, async () => {
    const rows = await db
      .selectFrom('fileresourcetypes as t')
      .select(['t.id', 't.name', 't.description', 't.created_on', 't.updated_on'])
      .select((eb) => eb.selectFrom('fileresources as f').select(eb.fn.countAll().as('n')).whereRef('f.fileresourcetype_id', '=', 't.id').as('count'))
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      name: row.name,
      ...(row.description === null ? {} : { description: row.description }),
      createdOn: row.created_on,
      updatedOn: row.updated_on,
      count: Number(row.count ?? 0),
    }));
  });

  app.post('/fileresourcetype', curator, async (request) => {
    const body = validate(NewType, request.body ?? null);
    const name = body.name.trim();
    if (name === '') throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The type needs a name.');
    const now = app.clock.now();
    const stamp = new Date(now).toISOString();
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('fileresourcetypes')
        .values({ name, description: body.description?.trim() || null, created_on: stamp, updated_on: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, request.user, { action: 'fileresourcetype.create', target: `fileresourcetype ${row.id}`, details: { name } }, now);
      return Number(row.id);
    });
  });

  app.delete<{ Params: { id: string } }>('/fileresourcetype/:id', curator, async (request) => {
    const typeId = pathId(request.params.id, 'NOT_FOUND_ID');
    const found = await db.selectFrom('fileresourcetypes').select(['id', 'name', 'description']).where('id', '=', typeId).executeTakeFirst();
    if (!found || BUILT_IN_TYPES.some((t) => t.name === found.name && t.description === found.description)) return false;
    const now = app.clock.now();
    await db.transaction().execute(async (trx) => {
      // The type's resources and their dataset links go with it (foreign keys cascade).
      await trx.deleteFrom('fileresourcetypes').where('id', '=', typeId).execute();
      await recordAudit(trx, request.user, { action: 'fileresourcetype.delete', target: `fileresourcetype ${typeId}`, details: { name: found.name } }, now);
    });
    await fs.promises.rm(typeFolder(app.config.dataDir, typeId), { recursive: true, force: true });
    return true;
  });

  await app.register(fileRoutes);
  await app.register(resourceDatasetRoutes);
};
