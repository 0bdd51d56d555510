import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import { gateCaller } from '../../server/access/licences.js';
import { pathId } from '../../server/access/users.js';
import { sendError } from '../../server/http/errors.js';
import { logDatasetAccess } from '../../server/access/dataset-access-log.js';

/**
 * A genotype or allele-frequency dataset's original file: the genotype matrix under
 * DATA_DIR/data/genotypes/ (beside it an optional `transposed-` copy), the allele-frequency matrix under
 * DATA_DIR/data/allelefreq/, named by datasets.source_file. Only the file's base name is used, so a stored
 * name can never reach outside its folder.
 */
export function sourceFiles(dataDir: string, datasettypeId: number, sourceFile: string | null): string[] {
  if (!sourceFile) return [];
  const name = path.basename(sourceFile);
  if (name === '' || name === '.' || name === '..') return [];
  if (datasettypeId === 1) return [path.join(dataDir, 'data', 'genotypes', name), path.join(dataDir, 'data', 'genotypes', `transposed-${name}`)];
  if (datasettypeId === 4) return [path.join(dataDir, 'data', 'allelefreq', name)];
  return [];
}

/**
 * GET dataset/{id}/download-source (the dataset table's "download original file"): 404 unless the caller may
 * use the dataset (seen, licence accepted) and its file exists; 400 for types without such a file.
 */
export const sourceFileRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  app.get<{ Params: { id: string } }>('/dataset/:id/download-source', { config: { access: 'public' } }, async (request, reply) => {
    const id = pathId(request.params.id);
    if ((await allowedDatasetIds(db, gateCaller(request), [id])).length === 0) return sendError(reply, 404, 'NOT_FOUND_ID', 'No dataset you may use has this id.');
    const row = (await sql<{ datasettype_id: number; source_file: string | null }>`SELECT datasettype_id, source_file FROM datasets WHERE id = ${id}`.execute(db)).rows[0];
    const type = Number(row?.datasettype_id);
    if (type !== 1 && type !== 4) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', 'Only genotype and allele frequency datasets have a source file.');
    const file = sourceFiles(app.config.dataDir, type, row.source_file)[0];
    if (!file || !fs.existsSync(file)) return sendError(reply, 404, 'NOT_FOUND_ID', 'This dataset has no source file.');
    await logDatasetAccess(db, request.user, [id], app.clock.now());
    return reply
      .type(type === 1 ? 'application/x-hdf5' : 'text/plain')
      .header('cache-control', 'no-cache, max-age=0')
      .header('content-disposition', `attachment;filename= "${path.basename(file)}"`)
      .send(fs.createReadStream(file));
  });
};
