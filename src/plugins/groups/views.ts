import { sql } from 'kysely';
import { groupVisibleSql } from '../../server/access/groups.js';
import type { DialectName } from '../../server/db/database.js';
import type { ColumnDef, TableView } from '../../server/table/view.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/**
 * Germinate's ViewTableGroups (`group/table`, `germplasm/{id}/group`): one row per group with its type's
 * target table, its creator and its number of members. Only the groups the caller sees: the view's own
 * condition for the table routes; callers of the view that add a condition of their own include
 * `groupVisibleSql('g', user)` in it, since an extra condition replaces the view's.
 */
export function groupView(dialect: DialectName): TableView {
  return {
    name: 'groups',
    from: sql.raw(`groups g
      JOIN grouptypes gt ON gt.id = g.grouptype_id
      LEFT JOIN users u ON u.id = g.created_by`),
    columns: {
      groupId: c('g.id', 'integer'),
      groupName: c('g.name', 'string'),
      groupDescription: c('g.description', 'string'),
      groupTypeId: c('gt.id', 'integer'),
      groupType: c('gt.target_table', 'string'),
      // Germinate asks Gatekeeper for the creator's full name and leaves '' when it knows none; here the
      // accounts are local, so the users table answers.
      userName: c("COALESCE(u.full_name, '')", 'string'),
      userId: c('g.created_by', 'integer'),
      // visibility is an integer column: PostgreSQL compares it with a boolean only as an expression.
      groupVisibility: c(dialect === 'postgres' ? '(g.visibility <> 0)' : 'g.visibility', 'boolean'),
      createdOn: c('g.created_on', 'date'),
      updatedOn: c('g.updated_on', 'date'),
      // Counted through the (group_id, foreign_id) index, for the rows of a page only.
      count: c('(SELECT COUNT(*) FROM groupmembers gmc WHERE gmc.group_id = g.id)', 'integer'),
    },
    idColumn: 'groupId',
    requestCondition: (_body, caller) => groupVisibleSql('g', caller.user),
  };
}
