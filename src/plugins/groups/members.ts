import type { FastifyInstance } from 'fastify';
import { registerGroupMemberRoutes } from '../../server/groups/member-routes.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { groupGermplasmView, groupTraitView } from './member-views.js';
import { GROUP_TARGET } from './tables.js';

/**
 * The members of germplasm groups (Germinate's `group/{id}/germplasm`) and of trait groups (ours), each as a
 * table of the group the caller sees and a change of members by the group's creator or an administrator.
 * Trait groups need the trials domain's traits: without its tables those routes are not offered.
 */
export function registerGroupMembers(app: FastifyInstance, present: PresentTables): void {
  registerGroupMemberRoutes(app, { path: 'germplasm', target: GROUP_TARGET.germplasm, view: groupGermplasmView(), exportPrefix: 'germplasm-group-table' });
  if (present.has(GROUP_TARGET.traits)) registerGroupMemberRoutes(app, { path: 'trait', target: GROUP_TARGET.traits, view: groupTraitView() });
}
