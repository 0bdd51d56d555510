import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { registerTableRoutes } from '../../server/table/routes.js';
import type { ColumnDef, ColumnType, TableView } from '../../server/table/view.js';
import { PEDIGREE_DATASET_TYPE } from './tables.js';

/**
 * Germinate's pedigree tables: `pedigree/table` (ViewTablePedigrees, one row per child ← parent edge) and
 * `pedigreedefinition/table` (ViewTablePedigreedefinitions), each with its `/ids` and `/export`. Both read
 * only the pedigree datasets whose licence the caller accepted (the licence gate), as Germinate does; its
 * `pedigree/export` reads the whole view, ours is gated like the table.
 */

const c = (expression: string, type: ColumnType): ColumnDef => ({ sql: sql.raw(expression), type });

/** The germplasm keys of one side of an edge (parent or child), over germinatebase alias `alias`. */
const side = (prefix: 'parent' | 'child', alias: string): Record<string, ColumnDef> => ({
  [`${prefix}Id`]: c(`${alias}.id`, 'integer'),
  [`${prefix}Gid`]: c(`${alias}.general_identifier`, 'string'),
  [`${prefix}Name`]: c(`${alias}.name`, 'string'),
  [`${prefix}DisplayName`]: c(`${alias}.display_name`, 'string'),
  [`${prefix}Number`]: c(`${alias}.number`, 'string'),
});

export function pedigreeView(): TableView {
  return {
    name: 'pedigrees',
    from: sql.raw(`pedigrees pe
      JOIN germinatebase gp ON gp.id = pe.parent_id
      JOIN germinatebase gc ON gc.id = pe.germinatebase_id
      JOIN datasets d ON d.id = pe.dataset_id
      LEFT JOIN experiments e ON e.id = d.experiment_id
      LEFT JOIN pedigreedescriptions pd ON pd.id = pe.pedigreedescription_id`),
    where: sql`d.datasettype_id = ${sql.lit(PEDIGREE_DATASET_TYPE)}`,
    columns: {
      ...side('parent', 'gp'),
      ...side('child', 'gc'),
      datasetId: c('d.id', 'integer'),
      datasetName: c('d.name', 'string'),
      experimentId: c('e.id', 'integer'),
      experimentName: c('e.experiment_name', 'string'),
      relationshipType: c('pe.relationship_type', 'string'),
      relationshipDescription: c('pe.relationship_description', 'string'),
      pedigreeDescription: c('pd.name', 'string'),
      pedigreeAuthor: c('pd.author', 'string'),
      // Not a key of Germinate's view: the edge's id, which ids and exports page by.
      pedigreeId: c('pe.id', 'integer'),
    },
    idColumn: 'pedigreeId',
    // Germinate's keys, without the edge id.
    exportColumns: [
      'parentId', 'parentGid', 'parentName', 'parentDisplayName', 'parentNumber', 'childId', 'childGid', 'childName', 'childDisplayName',
      'childNumber', 'datasetId', 'datasetName', 'experimentId', 'experimentName', 'relationshipType', 'relationshipDescription',
      'pedigreeDescription', 'pedigreeAuthor',
    ],
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}

export function pedigreeDefinitionView(): TableView {
  return {
    name: 'pedigreedefinitions',
    from: sql.raw(`pedigreedefinitions pf
      JOIN germinatebase g ON g.id = pf.germinatebase_id
      JOIN datasets d ON d.id = pf.dataset_id
      LEFT JOIN pedigreenotations pn ON pn.id = pf.pedigreenotation_id
      LEFT JOIN pedigreedescriptions pd ON pd.id = pf.pedigreedescription_id`),
    where: sql`d.datasettype_id = ${sql.lit(PEDIGREE_DATASET_TYPE)}`,
    columns: {
      germplasmId: c('g.id', 'integer'),
      germplasmName: c('g.name', 'string'),
      germplasmDisplayName: c('g.display_name', 'string'),
      pedigreeNotationName: c('pn.name', 'string'),
      pedigreeNotationDescription: c('pn.description', 'string'),
      pedigreeNotationUrl: c('pn.reference_url', 'string'),
      datasetId: c('d.id', 'integer'),
      datasetName: c('d.name', 'string'),
      definitionId: c('pf.id', 'integer'),
      definition: c('pf.definition', 'string'),
      pedigreeDescriptionName: c('pd.name', 'string'),
      pedigreeDescriptionDescription: c('pd.description', 'string'),
      pedigreeDescriptionAuthor: c('pd.author', 'string'),
      createdOn: c('pf.created_on', 'date'),
    },
    idColumn: 'definitionId',
    datasetColumn: 'datasetId',
    licenceGated: true,
  };
}

export const pedigreeTableRoutes: FastifyPluginAsync = async (app) => {
  registerTableRoutes(app, { path: '/pedigree/table', view: pedigreeView, access: 'public', exportPrefix: 'pedigree-table' });
  registerTableRoutes(app, { path: '/pedigreedefinition/table', view: pedigreeDefinitionView, access: 'public', exportPrefix: 'pedigreedefinition-table' });
};
