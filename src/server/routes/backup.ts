import fs from 'node:fs';
import { type } from 'arktype';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hasRole, roleOf } from '../../core/roles.js';
import { recordAudit } from '../audit.js';
import { bearerToken } from '../auth/access.js';
import { validateToken } from '../auth/tokens.js';
import { createBackup } from '../backup/create.js';
import { listBackups, resolveBackup } from '../backup/names.js';
import { sendError } from '../http/errors.js';
import { validate } from '../http/validate.js';
import type { SessionUser } from '../auth/tokens.js';

/** `DELETE backup` takes a BackupResult; only its file name is used (as in Germinate). */
const DeleteRequest = type({ filename: 'string <= 200' });
const DownloadQuery = type({ filename: 'string <= 200', 'token?': 'string <= 200' });

/**
 * Database backups (administrators only). Stricter than Germinate on purpose: deleting needs an
 * administrator (Germinate checks nobody), and so does the download (Germinate lets any valid token, or
 * anyone outside FULL mode, download the whole database). File names never resolve outside
 * DATA_DIR/backups.
 */
export const backupRoutes: FastifyPluginAsync = async (app) => {
  const admin = { config: { access: 'ADMIN' as const } };

  app.get('/backup', admin, async () => listBackups(app.config.dataDir));

  // Answers once the archive exists, as Germinate does; the dump itself runs off the event loop.
  app.put('/backup', admin, async (request, reply) => {
    const now = app.clock.now();
    try {
      const backup = await createBackup(app.database, app.config.dataDir, { type: 'MANUAL', now: new Date(now) });
      await recordAudit(app.database.db, request.user, { action: 'backup.create', target: backup.filename, details: { filesize: backup.filesize } }, now);
      return true;
    } catch (error) {
      request.log.error({ err: error }, 'backup failed');
      return sendError(reply, 500, 'INTERNAL_SERVER_ERROR', `The backup failed: ${(error as Error).message}`);
    }
  });

  app.delete('/backup', admin, async (request, reply) => {
    const { filename } = validate(DeleteRequest, request.body);
    const file = resolveBackup(app.config.dataDir, filename);
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such backup.');
    await fs.promises.rm(file, { force: true });
    await recordAudit(app.database.db, request.user, { action: 'backup.delete', target: filename }, app.clock.now());
    return true;
  });

  // A download link carries the main token in the query (a browser download sends no Authorization
  // header), so the check is made here: the route itself is unauthenticated for the central hook.
  app.get('/backup/download', { config: { access: 'none' } }, async (request, reply) => {
    // The query's shape first (400 without a file name, as in Germinate): it tells nothing about the files.
    const { filename } = validate(DownloadQuery, request.query);
    const user = await downloadUser(request);
    if (user === 'missing') return sendError(reply, 401, 'UNAUTHORIZED');
    if (user === 'invalid' || !hasRole(roleOf(user.userType), 'ADMIN')) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    const file = resolveBackup(app.config.dataDir, filename);
    if (!file) return sendError(reply, 404, 'NOT_FOUND', 'No such backup.');
    const stat = await fs.promises.stat(file);
    return reply
      .type('application/zip')
      .header('content-length', stat.size)
      .header('content-disposition', `attachment;filename= "${filename}"`)
      .send(fs.createReadStream(file));
  });

  /** The caller from `?token=` or the Authorization header: absent, not a live session, or the user. */
  async function downloadUser(request: FastifyRequest): Promise<'missing' | 'invalid' | SessionUser> {
    // No accounts are used in NONE mode: nobody is an administrator.
    if (app.config.authMode === 'NONE') return 'invalid';
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = typeof query?.token === 'string' ? query.token.trim() : '';
    const token = fromQuery || bearerToken(request);
    if (!token) return 'missing';
    return (await validateToken(app.database.db, token, app.clock.now())) ?? 'invalid';
  }
};
