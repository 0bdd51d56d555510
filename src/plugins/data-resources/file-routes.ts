import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { type } from 'arktype';
import { recordAudit } from '../../server/audit.js';
import { bearerToken } from '../../server/auth/access.js';
import { validateToken, type SessionUser } from '../../server/auth/tokens.js';
import { pathId } from '../../server/access/users.js';
import { HttpError, sendError } from '../../server/http/errors.js';
import { hasNul, malformedFormError, NUL_MESSAGE, validate } from '../../server/http/validate.js';
import { gateCaller } from '../../server/access/licences.js';
import { accessibleResource, allowedFor } from './access.js';
import { contentType, downloadName, fileIn, isFile, tempFolder, typeFolder } from './files.js';

const NewResource = type({
  fileresourcePath: 'string <= 255',
  fileresourcetypeId: 'number.integer',
  fileresourceName: 'string <= 255',
  'fileresourceDescription?': 'string <= 65535 | null',
  'datasetIds?': type('number.integer').array().atMostLength(10_000).or('null'),
  'fileresourceId?': 'null',
});

/** Largest chunk of a ranged stream request after its first byte (Germinate's 2 MiB). */
const STREAM_CHUNK = 2 * 1024 * 1024;

/** `12`, or `12.pdf` as Germinate's client asks for a resource by id with its extension. */
const ID_WITH_EXTENSION = /^(\d{1,10})(?:\.[A-Za-z0-9]{1,10})?$/;

/**
 * A file resource's files: the two-step creation (upload to the temp folder, then PUT with its details),
 * deletion, and the downloads. Downloads check who asks and what they may read on every request: a
 * resource linked to datasets only through one the caller sees and whose licence they accepted.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const maxBytes = app.config.maxUploadBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, parts: 10, fields: 8, fieldSize: 1024, headerPairs: 100 } });
  const curator = { config: { access: 'DATA_CURATOR' as const } };

  // Step 1: the file alone, kept in DATA_DIR/temp under a new name that step 2 refers to.
  app.post('/fileresource', curator, async (request, reply) => {
    const folder = tempFolder(app.config.dataDir);
    let stored: string | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          continue;
        }
        if (hasNul(part.filename ?? '')) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', NUL_MESSAGE);
        const extension = path.extname(path.basename(part.filename || '')).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 11);
        stored = `${randomUUID()}${extension.length > 1 ? extension : ''}`;
        await fs.promises.mkdir(folder, { recursive: true });
        await pipeline(part.file, fs.createWriteStream(path.join(folder, stored)));
        if (part.file.truncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes.`);
      }
    } catch (error) {
      if (stored) await fs.promises.rm(path.join(folder, stored), { force: true });
      throw uploadError(error, maxBytes);
    }
    if (!stored) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The form has no file "file".');
    // Germinate answers the temp file's name as a JSON string.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(stored));
  });

  // Step 2: the uploaded file becomes a resource of a type, linked to the given datasets the caller may read.
  app.put('/fileresource', curator, async (request) => {
    const body = validate(NewResource, request.body ?? null);
    const name = body.fileresourceName.trim();
    if (name === '') throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The resource needs a name.');
    const source = fileIn(tempFolder(app.config.dataDir), body.fileresourcePath);
    if (!source || !(await isFile(source))) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'No uploaded file of that name: upload it first (POST fileresource).');
    const typeRow = await db.selectFrom('fileresourcetypes').select('id').where('id', '=', body.fileresourcetypeId).executeTakeFirst();
    if (!typeRow) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `No file resource type ${body.fileresourcetypeId}.`);
    // Only datasets named in the request; none named links none (allowedFor would read "all").
    const requested = body.datasetIds ?? [];
    const links = requested.length > 0 ? await allowedFor(app, gateCaller(request), requested) : [];
    const stored = path.basename(source);
    const target = path.join(typeFolder(app.config.dataDir, body.fileresourcetypeId), stored);
    const size = (await fs.promises.stat(source)).size;
    const now = app.clock.now();
    const stamp = new Date(now).toISOString();
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('fileresources')
        .values({ name, path: stored, description: body.fileresourceDescription?.trim() || null, filesize: size, fileresourcetype_id: body.fileresourcetypeId, project_id: null, created_on: stamp, updated_on: stamp })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const datasetId of links) {
        await trx.insertInto('datasetfileresources').values({ dataset_id: datasetId, fileresource_id: row.id, created_on: stamp, updated_on: stamp }).execute();
      }
      await recordAudit(trx, request.user, { action: 'fileresource.create', target: `fileresource ${row.id}`, details: { name, datasetIds: links } }, now);
      // Last: a failed move rolls the row back, and a committed row always has its file.
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(source, target);
    });
    return true;
  });

  app.delete<{ Params: { id: string } }>('/fileresource/:id', curator, async (request) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const row = await db.selectFrom('fileresources').select(['id', 'name', 'path', 'fileresourcetype_id']).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    const now = app.clock.now();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('fileresources').where('id', '=', id).execute();
      await recordAudit(trx, request.user, { action: 'fileresource.delete', target: `fileresource ${id}`, details: { name: row.name } }, now);
    });
    const file = fileIn(typeFolder(app.config.dataDir, Number(row.fileresourcetype_id)), row.path);
    if (file) await fs.promises.rm(file, { force: true });
    return true;
  });

  /** Sends a resource's file if the caller may read it; 404 otherwise (as Germinate: nothing tells why). */
  async function send(request: FastifyRequest, reply: FastifyReply, user: SessionUser | null, id: number) {
    // The caller's accepted-licenses cookie counts when they are anonymous, as on every licence-gated call.
    const resource = await accessibleResource(app, gateCaller({ headers: request.headers, user }), id);
    const file = resource ? fileIn(typeFolder(app.config.dataDir, resource.typeId), resource.path) : null;
    if (!resource || !file || !(await isFile(file))) return sendError(reply, 404, 'NOT_FOUND_ID');
    const { size } = await fs.promises.stat(file);
    return reply
      .type(contentType(file))
      .header('content-length', size)
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment;filename= "${downloadName(resource.name, file)}"`)
      .send(fs.createReadStream(file));
  }

  // A link the browser follows carries no Authorization header: the main token comes in the query, and
  // the check is made here (the route is unauthenticated for the central hook, as Germinate's).
  app.get<{ Params: { id: string } }>('/fileresource/:id/download', { config: { access: 'none' } }, async (request, reply) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const user = await downloadUser(request);
    // Under FULL nothing is anybody's without a login: 404, as for anything else the caller may not read.
    if (user === 'login required') return sendError(reply, 404, 'NOT_FOUND_ID');
    return send(request, reply, user, id);
  });

  app.get<{ Params: { file: string } }>('/fileresource/:file', { config: { access: 'public' } }, async (request, reply) => {
    const match = ID_WITH_EXTENSION.exec(request.params.file);
    if (!match) return sendError(reply, 404, 'NOT_FOUND_ID');
    return send(request, reply, request.user, pathId(match[1], 'NOT_FOUND_ID'));
  });

  // For audio and video players (Germinate's stream): the whole file, or with `Range: bytes=<from>-` a
  // chunk of at most 2 MiB from there (the requested end is ignored, as in Germinate).
  app.get<{ Params: { id: string } }>('/fileresource/:id/stream', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id, 'NOT_FOUND_ID');
    const resource = await accessibleResource(app, gateCaller(request), id);
    const file = resource ? fileIn(typeFolder(app.config.dataDir, resource.typeId), resource.path) : null;
    if (!resource || !file || !(await isFile(file))) return sendError(reply, 404, 'NOT_FOUND_ID');
    const stat = await fs.promises.stat(file);
    reply.type(contentType(file)).header('accept-ranges', 'bytes').header('last-modified', stat.mtime.toUTCString());
    const range = /^bytes=(\d{1,15})-/.exec(String(request.headers.range ?? ''));
    if (!range) return reply.header('content-length', stat.size).send(fs.createReadStream(file));
    const from = Number(range[1]);
    if (from >= stat.size) return reply.code(416).header('content-range', `bytes */${stat.size}`).send();
    const to = Math.min(stat.size - 1, from + STREAM_CHUNK);
    return reply
      .code(206)
      .header('content-range', `bytes ${from}-${to}/${stat.size}`)
      .header('content-length', to - from + 1)
      .send(fs.createReadStream(file, { start: from, end: to }));
  });

  /**
   * The caller of a download link: `?token=` or the Authorization header. A token that is not a live
   * session counts as anonymous (Germinate's rule), except under FULL, where data needs a login.
   */
  async function downloadUser(request: FastifyRequest): Promise<SessionUser | null | 'login required'> {
    const mode = app.config.authMode;
    if (mode === 'NONE') return null;
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = typeof query?.token === 'string' ? query.token.trim() : '';
    const token = fromQuery || bearerToken(request);
    const user = token ? await validateToken(db, token, app.clock.now()) : null;
    return user ?? (mode === 'FULL' ? 'login required' : null);
  }
};

function uploadError(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxBytes} bytes.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too many form parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The file must be sent as multipart/form-data.');
  return malformedFormError(error);
}
