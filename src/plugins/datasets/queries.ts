import { sql } from 'kysely';
import type { DialectName } from '../../server/db/database.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { TableView } from '../../server/table/view.js';
import { datasetRowColumns } from './row-columns.js';
import { licenceAcceptedSql } from '../../server/access/licences.js';

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/**
 * ViewTableDatasets plus datasetStateId. `present`: the other domains' tables that exist
 * (DATASET_DATA_TABLES); the keys over absent ones answer as for a dataset without such data. The view is
 * dataset-scoped: the shared engine keeps the caller's visible datasets only.
 */
export function datasetView(dialect: DialectName, present: PresentTables = new Set()): TableView {
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
      // is_external is an integer column: PostgreSQL compares it with a boolean only as an expression.
      isExternal: c(dialect === 'postgres' ? '(d.is_external <> 0)' : 'd.is_external', 'boolean'),
      ...datasetRowColumns(dialect, present),
      // How many collaborators the dataset credits (its datasetcollaborators rows).
      collaborators: c('(SELECT COUNT(*) FROM datasetcollaborators dcc WHERE dcc.dataset_id = d.id)', 'integer'),
    },
    idColumn: 'datasetId',
    // A listing: every visible dataset, licensed or not (acceptedBy tells the caller which they accepted).
    datasetColumn: 'datasetId',
    // Germinate's UnacceptedLicenseRequest: only datasets with a licence the caller has not accepted.
    requestCondition: (body, caller) =>
      body.justUnacceptedLicenses === true ? sql`(d.license_id IS NOT NULL AND NOT ${licenceAcceptedSql(sql`d.license_id`, caller)})` : null,
  };
}
