import { issue, type ImportDb, type ImportIssue } from '../../../server/import/importer.js';
import { groupsDb } from './groups-items.js';
import type { GroupSheet } from './groups-sheet.js';

/**
 * A groups template imported again must not silently double its groups. A group of the file "exists" when
 * the importing user (or, for an import without a user, nobody) already has a group of the same type and
 * name. The check says so for each one; the curator then chooses: update mode replaces those groups'
 * details and members with the file's, the default mode creates new groups beside them.
 */

/** `<grouptype id>\n<name>`: names compare case-sensitively, as the groups table stores them. */
export const groupKey = (grouptypeId: number, name: string) => `${grouptypeId}\n${name}`;

/** The importing user's groups of the file's types and names, by key: the lowest id when several share one. */
export async function existingGroups(target: ImportDb, sheets: readonly GroupSheet[], userId: number | null): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const names = [...new Set(sheets.flatMap((sheet) => sheet.columns.flatMap((column) => (column.name === null ? [] : [column.name]))))];
  if (names.length === 0) return found;
  const types = [...new Set(sheets.map((sheet) => sheet.grouptypeId))];
  const db = groupsDb(target);
  for (let i = 0; i < names.length; i += 500) {
    let query = db
      .selectFrom('groups')
      .select(['id', 'grouptype_id', 'name'])
      .where('grouptype_id', 'in', types)
      .where('name', 'in', names.slice(i, i + 500));
    query = userId === null ? query.where('created_by', 'is', null) : query.where('created_by', '=', userId);
    for (const row of await query.orderBy('id', 'desc').execute()) found.set(groupKey(row.grouptype_id, row.name ?? ''), Number(row.id));
  }
  return found;
}

/** One warning per group of the file that exists, saying what the chosen mode does with it. */
export function existingIssues(sheets: readonly GroupSheet[], existing: ReadonlyMap<string, number>, update: boolean): ImportIssue[] {
  const issues: ImportIssue[] = [];
  for (const sheet of sheets) {
    for (const column of sheet.columns) {
      if (column.name === null) continue;
      const id = existing.get(groupKey(sheet.grouptypeId, column.name));
      if (id === undefined) continue;
      const message = update
        ? `Group '${column.name}' (${id}) already exists and will be updated: its members are replaced by the file's.`
        : `Group '${column.name}' (${id}) already exists: a second group of that name will be created. Import in update mode to update it instead.`;
      issues.push(issue(update ? 'GROUP_EXISTS_UPDATE' : 'GROUP_EXISTS_NEW', 3, { sheet: sheet.name, column: column.letter, value: column.name, message, type: 'WARNING' }));
    }
  }
  return issues;
}
