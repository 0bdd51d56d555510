import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerGroupMemberRoutes } from '../../server/groups/member-routes.js';
import type { TableView } from '../../server/table/view.js';
import { locationView } from './queries.js';

/** Groups of locations are those whose type targets this table (Germinate's group type 1, Collectingsites). */
const LOCATION_GROUP_TARGET = 'locations';

/** ViewTableGroupLocations: `groupId` and the location row; the export's adds the group's name. */
function groupLocationView(withGroupName: boolean): TableView {
  const locations = locationView();
  return {
    name: 'groupLocations',
    from: sql.raw(`groupmembers gm
      JOIN groups grp ON grp.id = gm.group_id
      JOIN locations l ON l.id = gm.foreign_id
      LEFT JOIN countries c ON c.id = l.country_id
      LEFT JOIN locationtypes lt ON lt.id = l.locationtype_id`),
    columns: {
      groupId: { sql: sql.raw('gm.group_id'), type: 'integer' },
      ...(withGroupName ? { groupName: { sql: sql.raw('grp.name'), type: 'string' as const } } : {}),
      // The location columns without their join declarations: this view's FROM is one fixed clause.
      ...Object.fromEntries(Object.entries(locations.columns).map(([key, def]) => [key, { sql: def.sql, type: def.type }])),
    },
    idColumn: 'locationId',
  };
}

/**
 * `group/{groupId}/location` (+ `/ids`, `/export`, and `PATCH` of its members) on the terms of every group's
 * members (server/groups/member-routes.ts). The export keeps Germinate's file name, `marker-group-table-…`.
 */
export function registerGroupLocations(app: FastifyInstance): void {
  registerGroupMemberRoutes(app, {
    path: 'location',
    target: LOCATION_GROUP_TARGET,
    view: groupLocationView(false),
    exportView: groupLocationView(true),
    exportPrefix: 'marker-group-table',
  });
}
