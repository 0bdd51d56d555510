import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipPassThrough } from 'fflate';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../server/auth/tokens.js';
import { appendJobLog, createExportJob, iso, jobFolder } from '../../server/jobs/store.js';
import { imageFile } from './files.js';
import type { ImagesTables } from './tables.js';

/** Date-time in file names, as Germinate writes it (yyyy-MM-dd-HH-mm-ss, UTC). */
const stamp = (ms: number) => iso(ms).slice(0, 19).replace(/[T:]/g, '-');

/**
 * Starts the images export (`image/table/export`): an export job (datatype `images`, `jobConfig.yIds` the
 * image ids) run in this process right after the answer, whose zip holds the image files under their
 * stored names. The jobs panel lists and downloads it through `dataset/export/async`. The row is created
 * running (never waiting, which the import runner would claim), as the pedigree exports do.
 */
export async function startImageExport(app: FastifyInstance, ids: readonly number[], user: SessionUser | null): Promise<{ status: 'waiting'; uuid: string }> {
  const uuid = crypto.randomUUID();
  const jobId = await createExportJob(app.database.db, { uuid, userId: user?.id ?? null, datatype: 'images', config: { yIds: ids } }, app.clock.now());
  settling.set(uuid, new Promise((resolve) => setImmediate(() => void runExport(app, jobId, uuid, ids).finally(() => {
    settling.delete(uuid);
    resolve();
  }))));
  return { status: 'waiting', uuid };
}

/** Each running export of this process until it has settled, by uuid. */
const settling = new Map<string, Promise<void>>();

/** Resolves once the images export `uuid` of this process has settled (at once for any other uuid). */
export function imageExportSettled(uuid: string): Promise<void> {
  return settling.get(uuid) ?? Promise.resolve();
}

async function runExport(app: FastifyInstance, jobId: number, uuid: string, ids: readonly number[]): Promise<void> {
  const db = app.database.db;
  const finish = async (status: 'completed' | 'failed', resultSize?: number) => {
    const now = iso(app.clock.now());
    const config = JSON.stringify(resultSize === undefined ? { yIds: ids } : { yIds: ids, resultSize });
    // A job deleted (cancelled) meanwhile stays so.
    await db.updateTable('async_jobs').set({ status, job_config: config, progress: 1, finished_on: now, updated_on: now }).where('id', '=', jobId).where('status', '=', 'running').execute();
  };
  try {
    const folder = jobFolder(app.config.dataDir, uuid);
    fs.mkdirSync(folder, { recursive: true });
    const rows = [];
    // Chunks keep the IN list within both databases' parameter limits.
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      rows.push(...(await db.withTables<ImagesTables>().selectFrom('images').select(['id', 'path']).where('id', 'in', chunk).execute()));
    }
    const zipFile = path.join(folder, `images-${stamp(app.clock.now())}.zip`);
    await writeZip(zipFile, rows.map((r) => ({ name: r.path, file: imageFile(app.config.dataDir, 'database', r.path) })));
    await finish('completed', fs.statSync(zipFile).size);
  } catch (error) {
    appendJobLog(app.config.dataDir, uuid, `FAILED: ${error instanceof Error ? error.message : String(error)}`, app.clock.now());
    await finish('failed').catch(() => undefined);
  }
}

/** The files into one zip, stored as they are (images are compressed already); missing files are left out. */
function writeZip(target: string, files: { name: string; file: string | null }[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(target);
    out.on('error', reject);
    out.on('finish', () => resolve());
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      out.write(chunk);
      if (final) out.end();
    });
    const used = new Set<string>();
    for (const { name, file } of files) {
      if (!file || !fs.existsSync(file)) continue;
      const entryName = used.has(name) ? `${used.size}-${name}` : name;
      used.add(entryName);
      const entry = new ZipPassThrough(entryName);
      zip.add(entry);
      entry.push(new Uint8Array(fs.readFileSync(file)), true);
    }
    zip.end();
  });
}
