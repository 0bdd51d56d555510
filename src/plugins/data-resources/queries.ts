import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../server/db/database.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { ColumnDef, TableView } from '../../server/table/view.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/** Tables of other domains the row reads when they exist. */
export const FILE_RESOURCE_OPTIONAL_TABLES = ['projects'] as const;

/**
 * Germinate's ViewTableFileresources: a file resource with its type, project and the ids of the datasets
 * it is linked to (all of them here; the routes keep only those the caller may read).
 */
export function fileResourceView(dialect: DialectName, present: PresentTables = new Set()): TableView {
  const datasetIds =
    dialect === 'postgres'
      ? '(SELECT json_agg(dfr.dataset_id ORDER BY dfr.dataset_id) FROM datasetfileresources dfr WHERE dfr.fileresource_id = f.id)'
      : '(SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE json_group_array(dfr.dataset_id ORDER BY dfr.dataset_id) END FROM datasetfileresources dfr WHERE dfr.fileresource_id = f.id)';
  const project = (column: string) =>
    present.has('projects') ? c(`(SELECT p.${column} FROM projects p WHERE p.id = f.project_id)`, 'string') : c('(CAST(NULL AS TEXT))', 'string');
  return {
    name: 'fileresources',
    from: sql.raw('fileresources f JOIN fileresourcetypes ft ON ft.id = f.fileresourcetype_id'),
    columns: {
      fileresourceId: c('f.id', 'integer'),
      fileresourceName: c('f.name', 'string'),
      fileresourcePath: c('f.path', 'string'),
      fileresourceDescription: c('f.description', 'string'),
      fileresourceSize: c('f.filesize', 'integer'),
      fileresourceCreatedOn: c('f.created_on', 'date'),
      fileresourceUpdatedOn: c('f.updated_on', 'date'),
      projectId: c('f.project_id', 'integer'),
      projectName: project('name'),
      projectDescription: project('description'),
      fileresourcetypeId: c('ft.id', 'integer'),
      fileresourcetypeName: c('ft.name', 'string'),
      fileresourcetypeDescription: c('ft.description', 'string'),
      datasetIds: c(datasetIds, 'json'),
    },
    idColumn: 'fileresourceId',
  };
}

/** `id IN (…)` over a list of ids as bound parameters; an empty list matches nothing. */
export function inIds(column: RawBuilder<unknown>, ids: readonly number[]): RawBuilder<unknown> {
  if (ids.length === 0) return sql`(1 = 0)`;
  return sql`(${column} IN (${sql.join(ids.map((id) => sql`${id}`))}))`;
}

/**
 * Germinate's "accessible" file resource, for a file resource id expression: linked to no dataset, or to
 * at least one of `allowed` (the caller's visible datasets whose licence they accepted).
 */
export function accessibleSql(fileResourceId: RawBuilder<unknown>, allowed: readonly number[]): RawBuilder<unknown> {
  return sql`(NOT EXISTS (SELECT 1 FROM datasetfileresources al WHERE al.fileresource_id = ${fileResourceId})
    OR EXISTS (SELECT 1 FROM datasetfileresources al WHERE al.fileresource_id = ${fileResourceId} AND ${inIds(sql`al.dataset_id`, allowed)}))`;
}

/** Linked to at least one of `datasets` (dataset/fileresource). */
export function linkedToSql(fileResourceId: RawBuilder<unknown>, datasets: readonly number[]): RawBuilder<unknown> {
  return sql`EXISTS (SELECT 1 FROM datasetfileresources lk WHERE lk.fileresource_id = ${fileResourceId} AND ${inIds(sql`lk.dataset_id`, datasets)})`;
}

/** A row's datasetIds cut down to `keep` (Germinate intersects after paging); absent when none remain. */
export function keepDatasetIds(row: Record<string, unknown>, keep: ReadonlySet<number>): Record<string, unknown> {
  const ids = Array.isArray(row.datasetIds) ? row.datasetIds.map(Number).filter((id) => keep.has(id)) : [];
  const { datasetIds: _dropped, ...rest } = row;
  return ids.length > 0 ? { ...rest, datasetIds: ids } : rest;
}
