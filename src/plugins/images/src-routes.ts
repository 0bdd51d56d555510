import fs from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type } from 'arktype';
import { imageTokenUser } from '../../server/auth/image-token.js';
import { sendError } from '../../server/http/errors.js';
import { contentType, fileToSend, imageFile, isImageSourceType, type ImageSourceType } from './files.js';
import { imageIdOf, missingImage } from './image-id.js';
import type { ImagesTables } from './tables.js';

const SourceQuery = type({ 'type?': 'string <= 40', 'name?': 'string <= 1000', 'size?': 'string <= 40', 'token?': 'string <= 200' });
type SourceQuery = typeof SourceQuery.infer;

/** An SVG opened on its own is a document: scripts in an uploaded one must not run in our origin. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * Under FULL, whether the request's image token is a live session's (an <img> sends no Authorization
 * header, so the token rides in the query). Other modes need none.
 */
async function tokenAccepted(app: FastifyInstance, query: SourceQuery): Promise<boolean> {
  if (app.config.authMode !== 'FULL') return true;
  const token = query.token?.trim() ?? '';
  return token !== '' && (await imageTokenUser(app.database.db, token, app.clock.now())) !== null;
}

async function send(app: FastifyInstance, reply: FastifyReply, sourceType: ImageSourceType, name: string, size: string | undefined) {
  const file = await fileToSend(app.config.dataDir, sourceType, name, size);
  if (!file) return sendError(reply, 404, 'NOT_FOUND_ID', 'No such image file.');
  const typeOf = contentType(file);
  if (typeOf === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
  return reply.type(typeOf).header('cache-control', 'private, max-age=3600').send(fs.createReadStream(file));
}

function query(request: FastifyRequest, reply: FastifyReply): SourceQuery | null {
  const result = SourceQuery(request.query ?? {});
  if (result instanceof type.errors) {
    void sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', result.summary);
    return null;
  }
  return result;
}

/**
 * The image files: `image/src` by folder and name, `image/src/{name}` (the same; the
 * segment only makes URLs end in a file name) and `image/{imageId}/src` by an image row. `size` other than
 * `large` answers the thumbnail, made on first request (files.ts). The token is checked here, not by the
 * access hook, because Germinate waives it for template images and for traits' reference images.
 */
export const imageSourceRoutes: FastifyPluginAsync = async (app) => {
  const bySource = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = query(request, reply);
    if (!q) return reply;
    if (!isImageSourceType(q.type)) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'type must be one of climate, database, news, template, mapoverlay, storysteps, projects.');
    if (!q.name) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'name is required.');
    if (q.type !== 'template' && !(await tokenAccepted(app, q))) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    if (fileToSendEscapes(app, q.type, q.name)) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'The name leaves the images folder.');
    return send(app, reply, q.type, q.name, q.size);
  };
  app.get('/image/src', { config: { access: 'none' } }, bySource);
  app.get('/image/src/:name', { config: { access: 'none' } }, bySource);

  app.get<{ Params: { imageId: string } }>('/image/:imageId/src', { config: { access: 'none' } }, async (request, reply) => {
    const q = query(request, reply);
    if (!q) return reply;
    const id = imageIdOf(request.params.imageId);
    const image = await app.database.db
      .withTables<ImagesTables>()
      .selectFrom('images')
      .innerJoin('imagetypes', 'imagetypes.id', 'images.imagetype_id')
      .select(['images.path', 'images.is_reference', 'imagetypes.reference_table'])
      .where('images.id', '=', id)
      .executeTakeFirst();
    if (!image) throw missingImage(id);
    const referenceOfTrait = image.reference_table === 'phenotypes' && Number(image.is_reference) === 1;
    if (!referenceOfTrait && !(await tokenAccepted(app, q))) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    if (fileToSendEscapes(app, 'database', image.path)) return sendError(reply, 403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', 'The name leaves the images folder.');
    return send(app, reply, 'database', image.path, q.size);
  });
};

function fileToSendEscapes(app: FastifyInstance, sourceType: ImageSourceType, name: string): boolean {
  return imageFile(app.config.dataDir, sourceType, name) === null;
}
