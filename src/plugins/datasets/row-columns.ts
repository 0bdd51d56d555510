import { sql, type RawBuilder } from 'kysely';
import { licenceAcceptedSql } from '../../server/access/licences.js';
import type { QueryCaller } from '../../server/table/engine.js';
import type { DialectName } from '../../server/db/database.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { ColumnDef } from '../../server/table/view.js';

/** The tables the dataset row reads when they exist: its data, attributes, collaborators, publications, projects. */
export const DATASET_DATA_TABLES = [
  'trialsetup', 'phenotypedata', 'climatedata', 'pedigrees', 'pedigreedefinitions', 'datasetmembers', 'attributes', 'attributedata',
  'datasetlocations', 'locations', 'countries', 'collaborators', 'datasetcollaborators', 'institutions', 'publicationdata', 'projects',
] as const;

/** Germinate's id of the anonymous caller in acceptedBy. */
const ANONYMOUS_CALLER_ID = -1000;

const raw = (text: string, type: ColumnDef['type'], extra: Partial<ColumnDef> = {}): ColumnDef => ({ sql: sql.raw(text), type, ...extra });

/** Germinate sends these counts as jOOQ ULongs, which its client reads as `{ value: n }`. */
const ulong = (value: unknown): unknown => ({ value: Number(value) });

/** A JSON array of objects of one dataset's rows, NULL when there are none; null keys left out, as Gson does. */
function objectArray(dialect: DialectName, pairs: [string, string][], from: string, orderBy: string): string {
  if (dialect === 'postgres') {
    const object = `json_strip_nulls(json_build_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(', ')}))`;
    return `(SELECT json_agg(${object} ORDER BY ${orderBy}) FROM ${from})`;
  }
  // json_patch onto {} drops the members whose value is null (a merge patch removes them).
  const object = `json_patch('{}', json_object(${pairs.map(([k, v]) => `'${k}', ${v}`).join(', ')}))`;
  return `(SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE json_group_array(json(${object}) ORDER BY ${orderBy}) END FROM ${from})`;
}

/**
 * The data counts of a dataset, as Germinate's background task keeps them for datasets that hold their data
 * here (external ones only link out: no counts). Data objects: germplasm members, germplasm with trials data,
 * locations with climate data, germplasm in pedigrees and pedigree definitions. Data points: markers ×
 * germplasm members, trials values, pedigree rows and definitions (climate values are not data points).
 * Each part counts one dataset's rows through an index on dataset_id.
 */
function dataCounts(present: PresentTables): { objects: string; points: string } {
  const has = (...tables: string[]) => tables.every((t) => present.has(t));
  const objects: string[] = [];
  const points: string[] = [];
  if (has('datasetmembers')) {
    const members = (type: number) => `(SELECT COUNT(*) FROM datasetmembers dm WHERE dm.dataset_id = d.id AND dm.datasetmembertype_id = ${type})`;
    objects.push(members(2));
    points.push(`${members(1)} * ${members(2)}`);
  }
  if (has('trialsetup', 'phenotypedata')) {
    objects.push('(SELECT COUNT(DISTINCT ts.germinatebase_id) FROM trialsetup ts WHERE ts.dataset_id = d.id)');
    points.push('(SELECT COUNT(*) FROM trialsetup ts JOIN phenotypedata pd ON pd.trialsetup_id = ts.id WHERE ts.dataset_id = d.id)');
  }
  if (has('climatedata')) objects.push('(SELECT COUNT(DISTINCT cd.location_id) FROM climatedata cd WHERE cd.dataset_id = d.id)');
  if (has('pedigrees')) {
    objects.push('(SELECT COUNT(DISTINCT pe.germinatebase_id) FROM pedigrees pe WHERE pe.dataset_id = d.id)');
    points.push('(SELECT COUNT(*) FROM pedigrees pe WHERE pe.dataset_id = d.id)');
  }
  if (has('pedigreedefinitions')) {
    objects.push('(SELECT COUNT(DISTINCT pf.germinatebase_id) FROM pedigreedefinitions pf WHERE pf.dataset_id = d.id)');
    points.push('(SELECT COUNT(*) FROM pedigreedefinitions pf WHERE pf.dataset_id = d.id)');
  }
  const sum = (parts: string[]) => `(CASE WHEN d.is_external = 1 THEN NULL ELSE ${parts.length ? parts.join(' + ') : '0'} END)`;
  return { objects: sum(objects), points: sum(points) };
}

/**
 * acceptedBy, as Germinate rewrites it for the caller: `[caller id]` when they accepted the row's licence (a
 * licenselogs row), `[-1000]` for an anonymous caller whose accepted-licenses cookie holds it, else `[]`;
 * always `[]` for a dataset without a licence. Also the rows of `license/table` (licence alias `l`).
 */
export function acceptedByColumn(licenseIdSql: RawBuilder<unknown>): ColumnDef {
  const forGate = (caller: QueryCaller): RawBuilder<unknown> => {
    const id = caller.user ? caller.user.id : ANONYMOUS_CALLER_ID;
    return sql`(CASE WHEN ${licenseIdSql} IS NOT NULL AND ${licenceAcceptedSql(licenseIdSql, caller)} THEN ${JSON.stringify([id])} ELSE '[]' END)`;
  };
  return { sql: forGate({ user: null }), type: 'json', forGate };
}

/**
 * The ViewTableDatasets keys beyond the dataset's own columns: its data counts, licence acceptance,
 * attributes, publications, file resources, locations, collaborators' institutions and project. Over
 * domains not installed (or not built yet) they answer as for a dataset without such data.
 */
export function datasetRowColumns(dialect: DialectName, present: PresentTables): Record<string, ColumnDef> {
  const has = (...tables: string[]) => tables.every((t) => present.has(t));
  const counts = dataCounts(present);
  const ids =
    dialect === 'postgres'
      ? '(SELECT json_agg(dfr.fileresource_id ORDER BY dfr.fileresource_id) FROM datasetfileresources dfr WHERE dfr.dataset_id = d.id)'
      : '(SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE json_group_array(dfr.fileresource_id ORDER BY dfr.fileresource_id) END FROM datasetfileresources dfr WHERE dfr.dataset_id = d.id)';
  const locations = objectArray(
    dialect,
    [['locationId', 'lo.id'], ['locationName', 'lo.site_name'], ['locationLatitude', 'lo.latitude'], ['locationLongitude', 'lo.longitude'], ['countryId', 'lo.country_id']],
    'datasetlocations dl JOIN locations lo ON lo.id = dl.location_id WHERE dl.dataset_id = d.id',
    'lo.id',
  );
  // Germinate fills countryName with the alpha-2 code here (its client shows the flag from it).
  const institutions = objectArray(
    dialect,
    [['institutionId', 'i.id'], ['institutionName', 'i.name'], ['institutionCode', 'i.code'], ['countryId', 'co.id'], ['countryName', 'co.country_code2']],
    `institutions i LEFT JOIN countries co ON co.id = i.country_id
      WHERE i.id IN (SELECT c.institution_id FROM datasetcollaborators dc JOIN collaborators c ON c.id = dc.collaborator_id WHERE dc.dataset_id = d.id)`,
    'i.id',
  );
  const none = (type: ColumnDef['type']) => raw(type === 'integer' ? '0' : 'NULL', type);
  return {
    projectName: has('projects') ? raw('(SELECT p.name FROM projects p WHERE p.id = e.project_id)', 'string') : raw('(CAST(NULL AS TEXT))', 'string'),
    projectDescription: has('projects') ? raw('(SELECT p.description FROM projects p WHERE p.id = e.project_id)', 'string') : raw('(CAST(NULL AS TEXT))', 'string'),
    locations: has('datasetlocations', 'locations') ? raw(locations, 'json') : none('json'),
    institutions: has('datasetcollaborators', 'collaborators', 'institutions', 'countries') ? raw(institutions, 'json') : none('json'),
    dataObjectCount: raw(counts.objects, 'integer', { toJson: ulong }),
    dataPointCount: raw(counts.points, 'integer', { toJson: ulong }),
    publications: has('publicationdata')
      ? raw("(SELECT COUNT(*) FROM publicationdata pb WHERE pb.reference_type = 'dataset' AND pb.foreign_id = d.id)", 'integer')
      : none('integer'),
    fileresourceIds: raw(ids, 'json'),
    attributes: has('attributes', 'attributedata')
      ? raw("(SELECT COUNT(*) FROM attributedata ad JOIN attributes a ON a.id = ad.attribute_id WHERE a.target_table = 'datasets' AND ad.foreign_id = d.id)", 'integer')
      : none('integer'),
    acceptedBy: acceptedByColumn(sql`d.license_id`),
  };
}
