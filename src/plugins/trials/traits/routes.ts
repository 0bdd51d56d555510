import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { presentTables } from '../../../server/table/optional-tables.js';
import { registerTableRoutes } from '../../../server/table/routes.js';
import { registerTraitEdit } from './edit.js';
import { registerTraitReads } from './reads.js';
import { registerTraitUnify, UNIFY_OPTIONAL_TABLES } from './unify.js';
import { traitAttributeView, traitView } from './view.js';

/**
 * Traits: the trait table (with the datasets and values the caller may read), trait attributes, categories,
 * a trait's recorded values, the traits of datasets, editing and unification (administrators).
 */
export const traitRoutes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/trait/table', view: traitView, access: 'public', exportPrefix: 'trait-table' });
  // '/trait/attribute/ids' and '/trait/attribute/export' sit beside it; no other trait route uses those paths.
  registerTableRoutes(app, { path: '/trait/attribute', view: () => traitAttributeView(), access: 'public', exportPrefix: 'trait-attributes-table' });
  registerTraitReads(app);
  registerTraitEdit(app);
  const present = await presentTables(app.database.db as unknown as Kysely<unknown>, app.database.dialect, UNIFY_OPTIONAL_TABLES);
  registerTraitUnify(app, present);
};
