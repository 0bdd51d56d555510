import { sql } from 'kysely';
import type { DialectName } from '../../../../server/db/database.js';
import type { TableView } from '../../../../server/table/view.js';
import { acceptedByColumn } from '../../row-columns.js';

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/** A licence's texts as one JSON object, locale name → content (`{"en_GB": "<p>…"}`), `{}` when it has none. */
export function licenceContentSql(dialect: DialectName, licenseIdSql: string): string {
  return dialect === 'postgres'
    ? `(SELECT COALESCE(json_object_agg(ld.locale, ld.content ORDER BY ld.locale), '{}'::json) FROM licensedata ld WHERE ld.license_id = ${licenseIdSql})`
    : `(SELECT json_group_object(ld.locale, ld.content) FROM (SELECT ld0.locale, ld0.content FROM licensedata ld0 WHERE ld0.license_id = ${licenseIdSql} ORDER BY ld0.locale) ld)`;
}

/**
 * Germinate's ViewTableLicenses (`license/table`): one row per licence and dataset using it, a licence that
 * no dataset uses once (datasetId null). Rows of datasets the caller does not see are left out (a licence
 * without a dataset is everyone's); acceptedBy is rewritten for the caller as on the dataset table.
 */
export function licenceView(dialect: DialectName): TableView {
  return {
    name: 'licenses',
    from: sql.raw('licenses l LEFT JOIN datasets d ON d.license_id = l.id'),
    columns: {
      licenseId: c('l.id', 'integer'),
      licenseName: c('l.name', 'string'),
      licenseDescription: c('l.description', 'string'),
      licenseContent: c(licenceContentSql(dialect, 'l.id'), 'json'),
      datasetId: c('d.id', 'integer'),
      createdOn: c('l.created_on', 'date'),
      updatedOn: c('l.updated_on', 'date'),
      acceptedBy: acceptedByColumn(sql`l.id`),
    },
    idColumn: 'licenseId',
    // A licence used by two datasets is two rows with its id.
    sharedIds: true,
    datasetColumn: 'datasetId',
    datasetlessPublic: true,
  };
}
