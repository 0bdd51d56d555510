import type { FastifyInstance } from 'fastify';
import { registerGroupMemberRoutes } from '../../../server/groups/member-routes.js';
import { MARKER_GROUP_TARGET } from './listings.js';
import { groupMarkerView, type MarkerIndexes } from './view.js';

/**
 * The members of marker groups (`group/{groupId}/marker`, its `/ids` and `/export`) for a caller who sees the
 * group, and `PATCH group/{groupId}/marker` ({ids, addition}) by the group's creator or an administrator,
 * on the terms of the germplasm groups' members: a group the caller does not see, or of another kind, is a
 * 404; changing another's group a 403; only ids of existing markers are added.
 */
export function registerGroupMarkers(app: FastifyInstance, indexes: MarkerIndexes): void {
  registerGroupMemberRoutes(app, {
    path: 'marker',
    target: MARKER_GROUP_TARGET,
    view: groupMarkerView(indexes, { withGroupName: false }),
    exportView: groupMarkerView(indexes, { withGroupName: true }),
    exportPrefix: 'marker-group-table',
  });
}
