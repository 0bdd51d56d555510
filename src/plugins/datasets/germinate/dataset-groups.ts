import { type } from 'arktype';
import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { datasetLicensedSql } from '../../../server/access/datasets.js';
import { gateCaller } from '../../../server/access/licences.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { isoTimestamp } from '../../../server/table/engine.js';
import { presentTables } from '../../../server/table/optional-tables.js';
import { groupVisibleSql } from '../../../server/access/groups.js';

/** Germinate's DatasetGroupRequest; other keys of the export page's request are ignored. */
const DatasetGroupRequest = type({
  'datasetIds?': 'number.integer[] | null',
  'datasetType?': 'string | null',
  'groupType?': 'string | null',
});

/** The tables a group's "has data in the dataset" test reads; each domain's only when it is installed. */
const TABLES = ['groups', 'groupmembers', 'grouptypes', 'trialsetup', 'climatedata', 'datasetmembers'] as const;

/** A group target table and the datasets' members of that kind, as `(dataset_id, member_id)` rows. */
type MemberSource = { target: string; table: (typeof TABLES)[number]; rows: RawBuilder<unknown> };

/**
 * Which members count as "having data" for a dataset type: germplasm of a trial's plots,
 * locations of climate values, and a genotype or allele frequency dataset's germplasm (member type 2) or
 * markers (member type 1). Other types have no groups; a group type the data type has not, none either.
 */
function memberSource(datasetType: string, groupType: string | null): MemberSource | null {
  const wanted = (target: string) => groupType === null || groupType === target;
  if (datasetType === 'trials') {
    return wanted('germinatebase') ? { target: 'germinatebase', table: 'trialsetup', rows: sql`SELECT ts.dataset_id, ts.germinatebase_id AS member_id FROM trialsetup ts` } : null;
  }
  if (datasetType === 'climate') {
    return wanted('locations') ? { target: 'locations', table: 'climatedata', rows: sql`SELECT cd.dataset_id, cd.location_id AS member_id FROM climatedata cd` } : null;
  }
  if (datasetType === 'genotype' || datasetType === 'allelefreq') {
    // Germinate's export pages always name the kind; without one, germplasm groups (the y axis).
    const [target, memberType] = groupType === 'markers' ? ['markers', 1] : ['germinatebase', 2];
    return wanted(target)
      ? { target, table: 'datasetmembers', rows: sql`SELECT dm.dataset_id, dm.foreign_id AS member_id FROM datasetmembers dm WHERE dm.datasetmembertype_id = ${memberType}` }
      : null;
  }
  return null;
}

interface GroupRow {
  groupId: number;
  groupName: string | null;
  groupDescription: string | null;
  groupTypeId: number;
  groupType: string;
  userId: number | null;
  groupVisibility: number | boolean | null;
  createdOn: unknown;
  updatedOn: unknown;
  count: number | string;
}

/** ViewTableGroups' subset as Gson writes it: nulls omitted, visibility a boolean, timestamps ISO. */
function toGerminate(row: GroupRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    groupId: Number(row.groupId),
    groupName: row.groupName,
    groupDescription: row.groupDescription,
    groupTypeId: Number(row.groupTypeId),
    groupType: row.groupType,
    userId: row.userId === null ? null : Number(row.userId),
    groupVisibility: row.groupVisibility === null ? null : row.groupVisibility === true || Number(row.groupVisibility) === 1,
    createdOn: isoTimestamp(row.createdOn),
    updatedOn: isoTimestamp(row.updatedOn),
    count: Number(row.count),
  };
  for (const key of Object.keys(out)) if (out[key] === null || out[key] === undefined) delete out[key];
  return out;
}

/**
 * POST dataset/group: the groups an export page offers for its datasets. Of the requested
 * datasets (all when none are named) only those of the request's type that the caller sees and whose licence
 * they accepted count; of the groups, those the caller sees (public or their own) with at least one member
 * that has data in one of them. `count` is the group's number of distinct members. Ordered by name.
 */
export const datasetGroupRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const present = await presentTables(db, app.database.dialect, TABLES);

  app.post('/dataset/group', { config: { access: 'public' } }, async (request) => {
    const body = validate(DatasetGroupRequest, request.body ?? null);
    const datasetType = body.datasetType?.trim() ?? '';
    if (datasetType === '') throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetType is required.');
    const requested = body.datasetIds ?? [];
    const groupType = body.groupType?.trim() || null;
    const source = memberSource(datasetType, groupType);
    if (!source || !present.has(source.table) || !present.has('groups') || !present.has('groupmembers')) return [];

    const caller = gateCaller(request);
    const user = caller.user;
    const allowed = sql`SELECT d.id FROM datasets d JOIN datasettypes dt ON dt.id = d.datasettype_id
      WHERE dt.description = ${datasetType} AND ${datasetLicensedSql(sql`d.id`, caller)}
      ${requested.length > 0 ? sql`AND d.id IN (${sql.join(requested)})` : sql``}`;
    const visible = groupVisibleSql('g', user);
    const withData = sql`gt.target_table = ${source.target} AND EXISTS (SELECT 1 FROM (${source.rows}) src
      JOIN groupmembers hit ON hit.foreign_id = src.member_id
      WHERE hit.group_id = g.id AND src.dataset_id IN (${allowed}))`;
    const result = await sql<GroupRow>`SELECT g.id AS "groupId", g.name AS "groupName", g.description AS "groupDescription",
        gt.id AS "groupTypeId", gt.target_table AS "groupType", g.created_by AS "userId", g.visibility AS "groupVisibility",
        g.created_on AS "createdOn", g.updated_on AS "updatedOn",
        (SELECT COUNT(DISTINCT gm.foreign_id) FROM groupmembers gm WHERE gm.group_id = g.id) AS "count"
      FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id
      WHERE ${visible} AND (${withData})
      ORDER BY g.name, g.id`.execute(db);
    return result.rows.map(toGerminate);
  });
};
