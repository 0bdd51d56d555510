import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { CoreTables } from '../db/tables.js';
import { tableExists } from '../db/table-exists.js';
import type { TableView } from '../table/view.js';

/** Longest comment accepted. */
export const MAX_COMMENT_LENGTH = 5000;

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/**
 * Germinate's ViewTableComments. userName is the author's full name, else the username (Germinate
 * fills it from Gatekeeper; ours are local accounts); a deleted author's comments keep an empty name.
 */
export function commentView(): TableView {
  return {
    name: 'comments',
    from: sql.raw(`comments cm
      JOIN commenttypes ct ON ct.id = cm.commenttype_id
      LEFT JOIN users u ON u.id = cm.user_id`),
    columns: {
      commentId: c('cm.id', 'integer'),
      commentTypeId: c('ct.id', 'integer'),
      commentType: c('ct.reference_table', 'string'),
      commentForeignId: c('cm.reference_id', 'integer'),
      userId: c('cm.user_id', 'integer'),
      userName: c(`COALESCE(NULLIF(u.full_name, ''), u.username, '')`, 'string'),
      commentContent: c('cm.description', 'string'),
      createdOn: c('cm.created_on', 'date'),
      updatedOn: c('cm.updated_on', 'date'),
    },
    idColumn: 'commentId',
  };
}

export interface NewComment {
  commentTypeId: number;
  userId: number;
  description: string;
  referenceId: number;
  visible: boolean;
}

/** The tables comments may point into (commenttypes.reference_table), each with its id column. */
const COMMENT_TARGETS: Readonly<Record<string, string>> = { germinatebase: 'id', locations: 'id' };

/**
 * What a new comment would point at: its comment type's table, and whether the item exists there. A type
 * naming another table, or a table whose domain is not installed, has no items. The table name comes from
 * the whitelist above, never from the request or the database text as such.
 */
export async function commentTarget(
  db: Kysely<CoreTables>,
  dialect: DialectName,
  commentTypeId: number,
  referenceId: number,
): Promise<{ table: string; exists: boolean } | undefined> {
  const type = await db.selectFrom('commenttypes').select('reference_table').where('id', '=', commentTypeId).executeTakeFirst();
  if (!type) return undefined;
  const table = Object.keys(COMMENT_TARGETS).find((name) => name === type.reference_table);
  if (!table || !(await tableExists(db, dialect, table))) return { table: type.reference_table, exists: false };
  const { rows } = await sql`SELECT 1 AS found FROM ${sql.table(table)} WHERE ${sql.ref(COMMENT_TARGETS[table])} = ${referenceId}`.execute(db);
  return { table, exists: rows.length > 0 };
}

/** Stores a comment; returns its id. */
export async function insertComment(db: Kysely<CoreTables>, comment: NewComment, now: number): Promise<number> {
  const stamp = new Date(now).toISOString();
  const row = await db
    .insertInto('comments')
    .values({
      commenttype_id: comment.commentTypeId,
      user_id: comment.userId,
      description: comment.description,
      reference_id: comment.referenceId,
      visibility: comment.visible ? 1 : 0,
      created_on: stamp,
      updated_on: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Deletes a comment: an author their own, an administrator any (`ownerId` null). Returns the deleted
 * comment's author, or undefined when nothing was deleted.
 */
export async function deleteComment(db: Kysely<CoreTables>, id: number, ownerId: number | null): Promise<{ userId: number | null } | undefined> {
  let query = db.deleteFrom('comments').where('id', '=', id);
  if (ownerId !== null) query = query.where('user_id', '=', ownerId);
  const row = await query.returning('user_id').executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}
