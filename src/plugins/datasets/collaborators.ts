import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { pathId } from '../../server/access/users.js';
import { restrictedPage } from '../../server/table/routes.js';
import { TableQuery } from '../../server/table/engine.js';
import type { TableView } from '../../server/table/view.js';

const c = (expression: string, kind: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type: kind });

/**
 * Germinate's ViewTableCollaborators: one row per collaborator and dataset that credits them, with the
 * collaborator's institution and its country. Dataset-scoped: a caller sees the links of the datasets they
 * may see. (Project links come with projects.)
 */
export function datasetCollaboratorView(): TableView {
  return {
    name: 'datasetcollaborators',
    from: sql.raw(`datasetcollaborators dc
      JOIN collaborators co ON co.id = dc.collaborator_id
      LEFT JOIN institutions i ON i.id = co.institution_id
      LEFT JOIN countries ct ON ct.id = i.country_id`),
    // Nothing keeps a collaborator from being listed twice in a dataset: rows may share an id.
    sharedIds: true,
    columns: {
      collaboratorId: c('co.id', 'integer'),
      collaboratorFirstName: c('co.first_name', 'string'),
      collaboratorLastName: c('co.last_name', 'string'),
      collaboratorExternalId: c('co.external_id', 'string'),
      collaboratorEmail: c('co.email', 'string'),
      collaboratorPhone: c('co.phone', 'string'),
      collaboratorRoles: c('dc.collaborator_roles', 'string'),
      institutionId: c('i.id', 'integer'),
      institutionName: c('i.name', 'string'),
      institutionAddress: c('i.address', 'string'),
      datasetId: c('dc.dataset_id', 'integer'),
      countryId: c('ct.id', 'integer'),
      countryName: c('ct.country_name', 'string'),
      countryCode2: c('ct.country_code2', 'string'),
      countryCode3: c('ct.country_code3', 'string'),
    },
    idColumn: 'collaboratorId',
    datasetColumn: 'datasetId',
  };
}

/**
 * POST dataset/{datasetId}/collaborator: the collaborators of one dataset, a page of the view above. A
 * dataset the caller may not see (or that does not exist) answers an empty page, as Germinate does.
 */
export const collaboratorRoutes: FastifyPluginAsync = async (app) => {
  const query = new TableQuery(datasetCollaboratorView(), app.database.dialect);
  app.post<{ Params: { id: string } }>('/dataset/:id/collaborator', { config: { access: 'public' } }, async (request) => {
    const datasetId = pathId(request.params.id);
    // The body (a PaginatedRequest) is validated by restrictedPage.
    return restrictedPage(app, query, request, sql`dc.dataset_id = ${datasetId}`);
  });
};
