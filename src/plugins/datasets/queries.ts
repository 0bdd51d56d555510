import { sql } from 'kysely';
import type { TableView } from '../../server/table/view.js';

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/**
 * ViewTableDatasets (views.md §2), the keys this server has data for so far (locations, institutions,
 * counts, licence acceptance and file resources come with their domains), plus datasetStateId. The view is
 * dataset-scoped: the shared engine keeps the caller's visible datasets only.
 */
export function datasetView(): TableView {
  return {
    name: 'datasets',
    from: sql.raw(`datasets d
      JOIN experiments e ON e.id = d.experiment_id
      LEFT JOIN datasettypes dt ON dt.id = d.datasettype_id
      LEFT JOIN datasetstates ds ON ds.id = d.dataset_state_id
      LEFT JOIN licenses l ON l.id = d.license_id`),
    columns: {
      datasetId: c('d.id', 'integer'),
      datasetName: c('d.name', 'string'),
      datasetDescription: c('d.description', 'string'),
      hyperlink: c('d.hyperlink', 'string'),
      sourceFile: c('d.source_file', 'string'),
      version: c('d.version', 'string'),
      datasetType: c('dt.description', 'string'),
      experimentId: c('e.id', 'integer'),
      experimentName: c('e.experiment_name', 'string'),
      experimentDescription: c('e.description', 'string'),
      projectId: c('e.project_id', 'integer'),
      datatype: c('d.datatype', 'string'),
      datasetState: c('ds.name', 'string'),
      datasetStateId: c('d.dataset_state_id', 'integer'),
      licenseId: c('l.id', 'integer'),
      licenseName: c('l.name', 'string'),
      contact: c('d.contact', 'string'),
      startDate: c('d.date_start', 'date'),
      endDate: c('d.date_end', 'date'),
      dublinCore: c('d.dublin_core', 'json'),
      createdOn: c('d.created_on', 'date'),
      updatedOn: c('d.updated_on', 'date'),
      isExternal: c('d.is_external', 'boolean'),
      // How many collaborators the dataset credits (its datasetcollaborators rows).
      collaborators: c('(SELECT COUNT(*) FROM datasetcollaborators dcc WHERE dcc.dataset_id = d.id)', 'integer'),
    },
    idColumn: 'datasetId',
    datasetColumn: 'datasetId',
  };
}
