import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_INTEGER } from '../../core/table-request.js';
import { recordAudit } from '../audit.js';
import type { FeedbackSeverity, FeedbackType } from '../db/tables.js';
import { loginRateLimits } from '../auth/rate-limit.js';
import { HttpError, sendError } from '../http/errors.js';
import { hasNul, malformedFormError, NUL_MESSAGE } from '../http/validate.js';
import { registerTableRoutes } from '../table/routes.js';
import { captchaPng, captchaText, consumeCaptcha, storeCaptcha } from '../feedback/captcha.js';
import {
  deleteFeedback, FEEDBACK_SEVERITIES, FEEDBACK_TYPES, feedbackImage, feedbackView, imageKind, insertFeedback, isEmail, isWebUrl,
  markFeedbackRead, MAX_SCREENSHOT_BYTES,
} from '../feedback/feedback.js';
import { imageTokenHasRole } from '../auth/image-token.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REQUIRED = ['captcha', 'content', 'pageUrl', 'contactEmail', 'feedbackType', 'severity'] as const;
type FormField = (typeof REQUIRED)[number];
/** Longest accepted text per field (the form's content can be long; the others are short). */
const MAX_LENGTH: Record<FormField, number> = { captcha: 64, content: 10_000, pageUrl: 2048, contactEmail: 254, feedbackType: 32, severity: 16 };

/** A path id, or null (→ 404) when it is not an integer the database can hold. */
function pathId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_INTEGER ? id : null;
}

interface FeedbackForm {
  fields: Partial<Record<FormField, string>>;
  image: Buffer | null;
}

/** Multipart's own limit errors, as our reason phrases. */
function formError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The screenshot may be at most 5 MB.');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too many form fields or files.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The form must be sent as multipart/form-data.');
  return malformedFormError(error);
}

/** Reads the whole form: known text fields, and the `image` file (other files are read and dropped). */
async function readForm(request: FastifyRequest): Promise<FeedbackForm> {
  const form: FeedbackForm = { fields: {}, image: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // An empty file input still sends a part (filename ""): that is no screenshot.
        if (part.fieldname === 'image' && bytes.length > 0) form.image = bytes;
      } else if ((REQUIRED as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${part.fieldname} is too long.`);
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // Stored as text: NUL has no place in it (and PostgreSQL cannot hold it).
        if (hasNul(value)) throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', NUL_MESSAGE);
        form.fields[part.fieldname as FormField] = value;
      }
    }
  } catch (error) {
    throw formError(error);
  }
  return form;
}

/** User feedback: captcha, form, and the administrators' review (contract C). */
export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  // Only these routes take multipart bodies, so the parser is registered in this scope alone.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 12, fileSize: MAX_SCREENSHOT_BYTES, files: 1, parts: 16, headerPairs: 100 },
  });
  const db = app.database.db;

  registerTableRoutes(app, { path: '/feedback/table', view: feedbackView, access: 'ADMIN' });

  // Captcha images cost a render and forms a captcha check: both count against one per-client budget.
  const { feedbackPerClient } = await loginRateLimits(app);
  const limited = { config: { access: 'public' as const }, onRequest: feedbackPerClient };
  app.get<{ Params: { uuid: string } }>('/feedback/:uuid', limited, async (request, reply) => {
    const { uuid } = request.params;
    if (!UUID.test(uuid)) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The captcha id must be a UUID.');
    const text = captchaText();
    await storeCaptcha(db, uuid.toLowerCase(), text, app.clock.now());
    return reply.type('image/png').header('cache-control', 'no-store').send(await captchaPng(text));
  });

  app.post<{ Params: { uuid: string } }>('/feedback/:uuid', limited, async (request, reply) => {
    const { uuid } = request.params;
    if (!UUID.test(uuid)) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'The captcha id must be a UUID.');
    const { fields, image } = await readForm(request);
    const value = (name: FormField) => (fields[name] ?? '').trim();
    const missing = REQUIRED.filter((name) => value(name) === '');
    if (missing.length > 0) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', `Missing: ${missing.join(', ')}`);
    const tooLong = REQUIRED.filter((name) => value(name).length > MAX_LENGTH[name]);
    if (tooLong.length > 0) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', `Too long: ${tooLong.join(', ')}`);
    const feedbackType = value('feedbackType') as FeedbackType;
    const severity = value('severity') as FeedbackSeverity;
    if (!FEEDBACK_TYPES.includes(feedbackType) || !FEEDBACK_SEVERITIES.includes(severity)) {
      return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', `feedbackType must be one of ${FEEDBACK_TYPES.join(', ')}; severity one of ${FEEDBACK_SEVERITIES.join(', ')}`);
    }
    if (!isEmail(value('contactEmail'))) return sendError(reply, 400, 'BAD_REQUEST_INVALID_EMAIL');
    // The administrators' pane links to it: only web addresses, never javascript: or data: URLs.
    if (!isWebUrl(value('pageUrl'))) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'pageUrl must be an http(s) address.');
    if (image && !imageKind(image)) return sendError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'The screenshot must be a PNG or JPEG image.');
    // The form is complete: now the captcha is used up, right or wrong.
    const now = app.clock.now();
    if (!(await consumeCaptcha(db, uuid.toLowerCase(), value('captcha'), now))) return sendError(reply, 404, 'NOT_FOUND_CAPTCHA');
    await insertFeedback(
      db,
      {
        content: value('content'),
        pageUrl: value('pageUrl'),
        contactEmail: value('contactEmail'),
        feedbackType,
        severity,
        image,
        userId: request.user?.id ?? null,
      },
      now,
    );
    return reply.code(200).send();
  });

  // The image is shown in an <img>, which sends no Authorization header: the image token in the query
  // stands in for it, and only an administrator's live session passes.
  app.get<{ Params: { id: string }; Querystring: { size?: string; token?: string } }>(
    '/feedback/:id/img',
    { config: { access: 'none' } },
    async (request, reply) => {
      const token = request.query.token?.trim();
      if (!token) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'token is required');
      if (!(await imageTokenHasRole(db, token, 'ADMIN', app.clock.now()))) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
      const id = pathId(request.params.id);
      const image = id === null ? null : await feedbackImage(db, id, request.query.size === 'small');
      if (!image) return sendError(reply, 404);
      return reply.type(image.type).header('cache-control', 'private, no-store').send(image.bytes);
    },
  );

  app.get<{ Params: { id: string } }>('/feedback/:id/mark', { config: { access: 'ADMIN' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const now = app.clock.now();
    const marked =
      id !== null &&
      (await db.transaction().execute(async (trx) => {
        if (!(await markFeedbackRead(trx, id, now))) return false;
        await recordAudit(trx, request.user, { action: 'feedback.read', target: `feedback ${id}` }, now);
        return true;
      }));
    if (!marked) return sendError(reply, 404, 'NOT_FOUND_ID');
    return reply.code(200).send();
  });

  app.delete<{ Params: { id: string } }>('/feedback/:id', { config: { access: 'ADMIN' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    const now = app.clock.now();
    const deleted =
      id !== null &&
      (await db.transaction().execute(async (trx) => {
        if (!(await deleteFeedback(trx, id))) return false;
        await recordAudit(trx, request.user, { action: 'feedback.delete', target: `feedback ${id}` }, now);
        return true;
      }));
    if (!deleted) return sendError(reply, 404, 'NOT_FOUND_ID');
    return true;
  });
};
