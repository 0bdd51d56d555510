import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { gateCaller } from '../../../server/access/licences.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { ExportJobs } from '../export/export-job.js';
import { someIds } from '../export/request.js';
import { chosenIds, germplasmMembers, markerChoice } from '../export/selection.js';
import { checkBinning, HISTOGRAM_BUCKETS } from './binning.js';
import { allelefreqExportJob } from './export-job.js';
import { allelefreqFolder } from './frequency-file.js';
import { AlleleFrequencyRequest, binningOf } from './request.js';
import { firstAllelefreqDataset } from './selection.js';
import { subsetHistogram } from './subset-lines.js';

const NO_DATASETS = 'datasetIds must name at least one dataset.';

/**
 * The allele-frequency export: `dataset/export/allelefreq` starts one job for the first allele-frequency
 * dataset of the request the caller may use (its zip listed and served by the datasets domain's
 * `dataset/export/async` calls); `dataset/export/allelefreq/histogram` answers the 200-bucket histogram of
 * the same subset's frequencies, which the export page shows before the binning is chosen.
 */
export const allelefreqExportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const jobs = new ExportJobs(app, allelefreqExportJob);
  // Before the database closes: running exports end, and their jobs say they failed.
  app.addHook('preClose', async () => jobs.stop());

  app.post('/dataset/export/allelefreq', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(AlleleFrequencyRequest, request.body ?? null);
    const requested = someIds(body.datasetIds);
    if (!requested) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', NO_DATASETS);
    // Nothing to export answers 404 whatever the binning, as Germinate looks at the datasets first.
    const dataset = await firstAllelefreqDataset(db, gateCaller(request), requested);
    if (!dataset) return sendError(reply, 404, 'NOT_FOUND_ID', 'No allele frequency dataset you may export is among these.');
    const binning = binningOf(body);
    if (!binning) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'config must say how to bin the frequencies.');
    const problem = checkBinning(binning);
    if (problem) return sendError(reply, 400, 'BAD_REQUEST_INVALID_PAYLOAD', problem);
    return { status: 'waiting', uuid: await jobs.start(dataset, { ...body, binning }, request.user ?? null) };
  });

  app.post('/dataset/export/allelefreq/histogram', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(AlleleFrequencyRequest, request.body ?? null);
    const requested = someIds(body.datasetIds);
    if (!requested) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', NO_DATASETS);
    const dataset = await firstAllelefreqDataset(db, gateCaller(request), requested);
    if (!dataset) return sendError(reply, 404, 'NOT_FOUND_ID', 'No allele frequency dataset you may export is among these.');
    const file = dataset.sourceFile ? path.join(allelefreqFolder(app.config.dataDir), path.basename(dataset.sourceFile)) : null;
    if (!file || !fs.existsSync(file)) return sendError(reply, 404, 'NOT_FOUND_ID', 'This dataset has no allele frequency file.');
    const user = request.user ?? null;
    const germplasm = await germplasmMembers(db, dataset.id, await chosenIds(db, user, body.yIds, body.yGroupIds, 'germinatebase'));
    const markers = await markerChoice(db, app.database.dialect, user, dataset.id, await chosenIds(db, user, body.xIds, body.xGroupIds, 'markers'), body.mapId ?? null);
    const histogram = await subsetHistogram(file, { germplasm, markers: markers.markers }, HISTOGRAM_BUCKETS);
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="allelefreq-histogram-${dataset.id}-${crypto.randomUUID()}.txt"`)
      .send(histogram.text());
  });
};
