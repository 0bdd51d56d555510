import type { FastifyPluginAsync } from 'fastify';
import { type } from 'arktype';
import { hasRole, roleOf } from '../../core/roles.js';
import { MAX_INTEGER } from '../../core/table-request.js';
import { recordAudit } from '../audit.js';
import { sendError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import { registerTableRoutes } from '../table/routes.js';
import { commentTarget, commentView, deleteComment, insertComment, MAX_COMMENT_LENGTH } from '../feedback/comments.js';

const id = `0 < number.integer <= ${MAX_INTEGER}` as const;

/** How a comment's target is named in messages. */
const TARGET_NAMES: Readonly<Record<string, string>> = { germinatebase: 'germplasm', locations: 'location' };

/** Germinate's Comments POJO; `id` must be absent on creation, unknown keys are ignored. */
const NewCommentBody = type({
  commenttypeId: id,
  userId: id,
  description: 'string',
  referenceId: id,
  'visibility?': 'boolean | 0 | 1 | null',
  'id?': 'null',
});

/** Comments on items (passports first): visible to everyone, written by logged-in users (contract C). */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  registerTableRoutes(app, { path: '/comment/table', view: commentView, access: 'public' });

  app.put('/comment', { config: { access: 'AUTH_USER' } }, async (request, reply) => {
    if (!(await app.settings.read()).commentsEnabled) return sendError(reply, 503, 'UNAVAILABLE_COMMENTS');
    const body = validate(NewCommentBody, request.body ?? {});
    const user = request.user;
    if (!user || body.userId !== user.id) return sendError(reply, 403, 'FORBIDDEN_ACCESS_TO_OTHER_USER');
    const description = body.description.trim();
    if (description === '' || description.length > MAX_COMMENT_LENGTH) {
      return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', `description must have 1 to ${MAX_COMMENT_LENGTH} characters`);
    }
    const target = await commentTarget(db, app.database.dialect, body.commenttypeId, body.referenceId);
    if (!target) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Unknown commenttypeId');
    // A comment belongs to an item: none for an id that names nothing.
    if (!target.exists) return sendError(reply, 404, 'NOT_FOUND_ID', `No ${TARGET_NAMES[target.table] ?? 'item'} with id ${body.referenceId}.`);
    const visible = body.visibility === undefined || body.visibility === null ? true : Boolean(body.visibility);
    return insertComment(db, { commentTypeId: body.commenttypeId, userId: user.id, description, referenceId: body.referenceId, visible }, app.clock.now());
  });

  app.delete<{ Params: { id: string } }>('/comment/:id', { config: { access: 'AUTH_USER' } }, async (request, reply) => {
    const user = request.user;
    const text = request.params.id;
    const commentId = /^\d{1,10}$/.test(text) && Number(text) <= MAX_INTEGER ? Number(text) : null;
    if (!user || commentId === null) return sendError(reply, 404, 'NOT_FOUND_ID');
    const isAdmin = hasRole(roleOf(user.userType), 'ADMIN');
    const now = app.clock.now();
    const deleted = await db.transaction().execute(async (trx) => {
      const row = await deleteComment(trx, commentId, isAdmin ? null : user.id);
      // An administrator removing someone else's comment is moderation: recorded like other admin changes.
      if (row && row.userId !== user.id) await recordAudit(trx, user, { action: 'comment.delete', target: `comment ${commentId}`, details: { authorId: row.userId } }, now);
      return row !== undefined;
    });
    if (!deleted) return sendError(reply, 404, 'NOT_FOUND_ID');
    return true;
  });
};
