import type { ImportDb, ImportOptions, ImportStats } from '../../../server/import/importer.js';
import { groupsDb, loadResolvers } from './groups-items.js';
import { existingGroups, groupKey } from './groups-existing.js';
import type { GroupSheet, MemberKind } from './groups-sheet.js';

// Two bound values per member row: far below both databases' parameter limits.
const MEMBER_BATCH = 1_000;

/**
 * Writes checked group sheets inside the caller's transaction: one `groups` row per named column, then
 * its members, each item once per group even when the file lists it twice. Germinate always adds new
 * groups; here update mode takes the importing user's group of the same type and name instead (see
 * groups-existing.ts), with the file's description, visibility and members.
 */
export async function writeGroups(sheets: GroupSheet[], target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db = groupsDb(target);
  const now = options.now.toISOString();
  const resolvers = await loadResolvers(target, new Set(sheets.map((s) => s.kind)));
  const distinct: Record<MemberKind, Set<number>> = { germplasm: new Set(), markers: new Set(), locations: new Set() };
  let groups = 0;
  let members = 0;
  let updated = 0;
  const total = sheets.reduce((n, s) => n + s.columns.length, 0);
  const existing = options.update ? await existingGroups(target, sheets, options.userId ?? null) : new Map<string, number>();

  for (const sheet of sheets) {
    const resolver = resolvers.get(sheet.kind);
    if (!resolver?.available) continue;
    const ids = new Map<number, number>();
    for (const member of sheet.members) {
      if (member.identifier === null) continue;
      const match = resolver.resolve(member.identifier);
      if ('id' in match) ids.set(member.row, match.id);
    }
    for (const column of sheet.columns) {
      options.signal?.throwIfAborted();
      if (column.name === null) continue;
      const details = {
        name: column.name,
        description: column.description,
        visibility: column.visibility === 'public' ? 1 : 0,
        updated_on: now,
      };
      const known = existing.get(groupKey(sheet.grouptypeId, column.name));
      let group: { id: number };
      if (known !== undefined) {
        await db.updateTable('groups').set(details).where('id', '=', known).execute();
        await db.deleteFrom('groupmembers').where('group_id', '=', known).execute();
        group = { id: known };
        updated += 1;
      } else {
        group = await db
          .insertInto('groups')
          .values({ ...details, grouptype_id: sheet.grouptypeId, created_by: options.userId ?? null, created_on: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
      const memberIds = new Set<number>();
      for (const member of sheet.members) {
        const id = ids.get(member.row);
        if (member.cells[column.index] === 'x' && id !== undefined) memberIds.add(id);
      }
      const rows = [...memberIds].map((foreign_id) => ({ foreign_id, group_id: group.id, created_on: now, updated_on: now }));
      for (let i = 0; i < rows.length; i += MEMBER_BATCH) await db.insertInto('groupmembers').values(rows.slice(i, i + MEMBER_BATCH)).execute();
      for (const id of memberIds) distinct[sheet.kind].add(id);
      groups += 1;
      members += rows.length;
      options.progress?.(groups / Math.max(total, 1));
    }
  }
  return {
    groups: groups - updated,
    updated,
    groupMembers: members,
    germplasm: distinct.germplasm.size,
    markers: distinct.markers.size,
    locations: distinct.locations.size,
  };
}
