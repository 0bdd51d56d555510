import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { HttpError } from '../../../server/http/errors.js';
import { malformedFormError } from '../../../server/http/validate.js';
import type { PresentTables } from '../../../server/table/optional-tables.js';
import { isUploadName, MAX_UPLOAD_BYTES, UPLOAD_FILE, uploadPageName } from './limits.js';
import { matchNames, MAX_NAMES, MAX_WILDCARDS, UPLOAD_TARGETS, uploadNames, type UploadReport, type UploadTarget } from './match.js';

const TOO_LARGE = `The file is larger than the limit of ${MAX_UPLOAD_BYTES} bytes.`;

/** The file's text: UTF-8 when it is valid UTF-8 (a BOM dropped), else Latin-1, which every byte sequence is. */
export function decodeText(bytes: Buffer): { text: string; encoding: 'utf-8' | 'latin1' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: bytes.toString('latin1'), encoding: 'latin1' };
  }
}

function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too many form parts.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The file must be sent as multipart/form-data.');
  return malformedFormError(error);
}

/** What the upload page reads back: the report and how the file was read. */
export type StoredUpload = UploadReport & { encoding: 'utf-8' | 'latin1' };

/**
 * Group upload (Germinate's `POST group/upload`, used by Flapjack and CurlyWhirly and by the drop-file box of
 * the groups page): the `textfile` part, one name per line, is matched against the items of a group type
 * (`?type=`, germplasm by default as in Germinate); the matched ids are written one per line to DATA_DIR/temp
 * under a new name, which is the answer (a JSON string) and the `:file` of `/groups/upload/:file`. Beside it
 * a report lists the names that matched nothing or several; `GET group/upload/{file}` (ours) answers it. The
 * name is an unguessable uuid and temp files expire, so the report is readable by whoever holds the link,
 * as Flapjack's preview link is opened in a browser that may not be signed in.
 */
export function registerGroupUpload(app: FastifyInstance, present: PresentTables): void {
  const db = app.database.db as unknown as Kysely<unknown>;
  const folder = path.join(app.config.dataDir, 'temp');

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, parts: 4, fields: 2, fieldSize: 256, headerPairs: 100 } });

    scope.post<{ Querystring: { type?: string } }>('/group/upload', { config: { access: 'AUTH_USER' } }, async (request, reply) => {
      const type = request.query.type ?? 'germinatebase';
      if (!UPLOAD_TARGETS.includes(type as UploadTarget)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `type must be one of ${UPLOAD_TARGETS.join(', ')}`);
      const target = type as UploadTarget;
      if (!present.has(target)) throw new HttpError(404, 'NOT_FOUND', `This database holds no ${target}.`);
      let bytes: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'textfile' || bytes) {
            part.file.resume();
            continue;
          }
          if (!isUploadName(part.filename ?? '')) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only .txt files are accepted.');
          bytes = await part.toBuffer();
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (!bytes) throw new HttpError(400, 'BAD_REQUEST_MISSING_FIELDS', 'The form has no file "textfile".');
      if (bytes.includes(0)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a text file.');
      const { text, encoding } = decodeText(bytes);
      const names = uploadNames(text);
      if (names.length > MAX_NAMES) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `The file names ${names.length} items; at most ${MAX_NAMES} are matched at once.`);
      const wildcards = names.filter((name) => name.includes('%')).length;
      if (wildcards > MAX_WILDCARDS) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', `The file has ${wildcards} names with %; at most ${MAX_WILDCARDS} are matched at once.`);
      const report = await matchNames(db, target, names, present.has('synonyms'));
      const file = `${randomUUID()}.txt`;
      await fs.promises.mkdir(folder, { recursive: true });
      // Germinate's file: the matched ids, one per line; ours beside it: the whole report.
      await fs.promises.writeFile(path.join(folder, file), report.ids.map((id) => `${id}\n`).join(''));
      const stored: StoredUpload = { ...report, encoding };
      await fs.promises.writeFile(path.join(folder, `${file}.json`), JSON.stringify(stored));
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(file));
    });
  });

  app.get<{ Params: { file: string } }>('/group/upload/:file', { config: { access: 'public' } }, async (request) => {
    const { file } = request.params;
    if (!UPLOAD_FILE.test(file)) throw new HttpError(404, 'NOT_FOUND', 'No such upload.');
    try {
      return JSON.parse(await fs.promises.readFile(path.join(folder, `${uploadPageName(file)}.txt.json`), 'utf8')) as StoredUpload;
    } catch {
      throw new HttpError(404, 'NOT_FOUND', 'This upload has expired or never existed.');
    }
  });
}
