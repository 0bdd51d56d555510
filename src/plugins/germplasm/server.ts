import { gateCaller } from '../../server/access/licences.js';
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ServerPlugin } from '../../server/plugin.js';
import { sendError } from '../../server/http/errors.js';
import { isoTimestamp, TableQuery } from '../../server/table/engine.js';
import { checkPaging, registerTableRoutes, restrictedPage } from '../../server/table/routes.js';
import { MAX_INTEGER, toSnakeCase } from '../../core/table-request.js';
import { germplasmMigrations } from './migrations.js';
import { germplasmAttributeView, germplasmInstitutionView, germplasmView, MCPD_KEYS } from './queries.js';
import { GERMPLASM_DATA_TABLES } from './data-flags.js';
import { presentTables } from '../../server/table/optional-tables.js';
import { trigramIndexMissing } from '../../server/table/trigram-index.js';
import type { GermplasmTables } from './tables.js';
import { mcpdImporter } from './import/mcpd-importer.js';
import { registerUnifyRoute } from './unify.js';
import { registerGermplasmGeoRoutes } from './geo-routes.js';
import { registerGermplasmLocationRoutes } from './location-routes.js';
import { registerEntityRoutes } from './entity-routes.js';

/** A path id, or null (→ 404) when it is not an integer the database can hold (Germinate's \d+ and int). */
function pathId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INTEGER ? id : null;
}

const routes: FastifyPluginAsync = async (app) => {
  const db = app.database.db.withTables<GermplasmTables>();
  const raw = app.database.db as unknown as Kysely<unknown>;
  // The images, trials, pedigree and genotype tables the row's flags read, as far as they exist.
  const present = await presentTables(raw, app.database.dialect, GERMPLASM_DATA_TABLES);
  if (await trigramIndexMissing(raw, app.database.dialect, 'germinatebase_name_trgm')) {
    app.log.warn('pg_trgm was not available when the germplasm indexes were made: contains filters read every row (install pg_trgm and create the *_trgm indexes of index-migrations.ts)');
  }
  const table = registerTableRoutes(app, { path: '/germplasm/table', view: (dialect) => germplasmView(dialect, present), access: 'public', exportPrefix: 'germplasm-table' });
  registerTableRoutes(app, { path: '/germplasm/attribute', view: () => germplasmAttributeView(), access: 'public', exportPrefix: 'germplasm-attributes-table' });
  const institutions = new TableQuery(germplasmInstitutionView(), app.database.dialect);
  registerUnifyRoute(app);
  registerGermplasmGeoRoutes(app, present);
  registerGermplasmLocationRoutes(app);
  registerEntityRoutes(app);

  app.get('/germplasm/table/columns', { config: { access: 'public' } }, async () =>
    (table.view.exportColumns ?? []).map(toSnakeCase),
  );

  // Germplasm per entity type, every type listed (zero included), as the home page's entity chart reads it.
  app.get('/stats/entitytype', { config: { access: 'public' } }, async () => {
    const rows = await db
      .selectFrom('entitytypes as et')
      .leftJoin('germinatebase as g', 'g.entitytype_id', 'et.id')
      .select((eb) => ['et.id as entityTypeId', 'et.name as entityTypeName', eb.fn.count<number>('g.id').as('count')])
      .groupBy(['et.id', 'et.name'])
      .orderBy('et.id')
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  });

  app.get<{ Params: { id: string } }>('/germplasm/:id', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) return sendError(reply, 404);
    // prevCount 0: one row is wanted, not the count.
    const page = await table.page(raw, { filter: [{ column: 'germplasmId', comparator: 'equals', values: [id] }], prevCount: 0 }, 1, null, gateCaller(request));
    return page.data[0] ?? sendError(reply, 404);
  });

  app.get<{ Params: { id: string } }>('/germplasm/:id/mcpd', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) return sendError(reply, 404);
    const row = await db.selectFrom('mcpd').selectAll().where('germinatebase_id', '=', id).executeTakeFirst();
    if (!row) return reply.code(204).send();
    const out: Record<string, unknown> = { id: row.germinatebase_id };
    for (const key of MCPD_KEYS) if (row[key] !== null && row[key] !== undefined) out[key] = row[key];
    return out;
  });

  app.post<{ Params: { id: string } }>('/germplasm/:id/institution/table', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) return sendError(reply, 404);
    return restrictedPage(app, institutions, request, sql`gi.germinatebase_id = ${id}`);
  });

  app.get<{ Querystring: { page?: string; limit?: string; prevCount?: string } }>(
    '/germplasm',
    { config: { access: 'public' } },
    async (request, reply) => {
      const page = Number(request.query.page ?? 0);
      const limit = Math.min(Number(request.query.limit ?? app.config.maxPageSize), app.config.maxPageSize);
      const prevCount = Number(request.query.prevCount ?? -1);
      if (![page, limit, prevCount].every(Number.isInteger) || page < 0 || limit < 0 || prevCount < -1) {
        return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'page, limit and prevCount must be integers');
      }
      checkPaging(page, prevCount);
      const rows = await db
        .selectFrom('germinatebase')
        .select([
          'id', 'general_identifier as generalIdentifier', 'number', 'name', 'display_name as displayName',
          'bank_number as bankNumber', 'taxonomy_id as taxonomyId', 'plant_passport as plantPassport',
          'location_id as locationId', 'entitytype_id as entitytypeId', 'entityparent_id as entityparentId', 'pdci',
          'created_on as createdOn', 'updated_on as updatedOn',
        ])
        .orderBy('id')
        .limit(limit)
        .offset(limit * page)
        .execute();
      const count = prevCount === -1 ? Number((await db.selectFrom('germinatebase').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) : prevCount;
      const json = (r: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(r)
            .filter(([, v]) => v !== null)
            .map(([k, v]) => [k, k === 'createdOn' || k === 'updatedOn' ? isoTimestamp(v) : v]),
        );
      return { data: rows.map(json), count };
    },
  );
};

export const germplasmServer: ServerPlugin = {
  id: 'germplasm',
  requires: [],
  migrations: germplasmMigrations,
  routes,
  importers: [mcpdImporter],
  demoFiles: [{ file: 'demo/germplasm/example-germplasm-mcpd.xlsx', type: 'mcpd' }],
  overviewCounts: {
    germplasm: async ({ db }) => Number((await db.withTables<GermplasmTables>().selectFrom('germinatebase').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    // Locations of every type (collecting sites today; dataset and trial sites come with their domains).
    locations: async ({ db }) => Number((await db.withTables<GermplasmTables>().selectFrom('locations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  },
};
