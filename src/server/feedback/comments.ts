import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../db/tables.js';
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

export async function commentTypeExists(db: Kysely<CoreTables>, id: number): Promise<boolean> {
  return (await db.selectFrom('commenttypes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
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
