import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { gateCaller } from '../../../server/access/licences.js';
import { sendError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { presentTables } from '../../../server/table/optional-tables.js';
import { MEMBER_TYPE } from '../tables.js';
import { ExportJobs } from './export-job.js';
import { genotypeExportJob } from './genotype-job.js';
import { PHENOTYPE_TABLES, phenotypeChoice } from './phenotype-values.js';
import { GenotypeExportRequest, someIds } from './request.js';
import { chosenIds, genotypeDatasets, memberCount } from './selection.js';

/**
 * The genotype export: `dataset/export/genotype` starts one job per dataset (its zip later listed and served
 * by the datasets domain's `dataset/export/async` calls), and `dataset/export/genotype/summary` counts what a
 * selection holds in each dataset, for the client's choice among several.
 */
export const genotypeExportRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db as unknown as Kysely<unknown>;
  const jobs = new ExportJobs(app, genotypeExportJob);
  // The trials domain's tables, for the phenotype file: without them a request's traits are ignored.
  const present = await presentTables(db, app.database.dialect, PHENOTYPE_TABLES);
  // Before the database closes: running exports end, and their jobs say they failed.
  app.addHook('preClose', async () => jobs.stop());

  app.post('/dataset/export/genotype', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(GenotypeExportRequest, request.body ?? null);
    const requested = someIds(body.datasetIds);
    if (!requested) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetIds must name at least one dataset.');
    const caller = gateCaller(request);
    const datasets = await genotypeDatasets(db, caller, requested);
    const user = request.user ?? null;
    // Resolved here, where the caller's accepted licences are known, once for all the request's jobs.
    const job = { ...body, phenotypes: datasets.length > 0 ? await phenotypeChoice(db, present, caller, body) : null };
    const started: { status: 'waiting'; uuid: string }[] = [];
    for (const dataset of datasets) started.push({ status: 'waiting', uuid: await jobs.start(dataset, job, user) });
    return started;
  });

  // Counts among each dataset's members: germplasm (dataObjectCount) chosen by yIds/yGroupIds, markers
  // (dataPointCount) by xIds/xGroupIds; the map is not applied, as in Germinate.
  app.post('/dataset/export/genotype/summary', { config: { access: 'public' } }, async (request, reply) => {
    const body = validate(GenotypeExportRequest, request.body ?? null);
    const requested = someIds(body.datasetIds);
    if (!requested) return sendError(reply, 400, 'BAD_REQUEST_MISSING_FIELDS', 'datasetIds must name at least one dataset.');
    const datasets = await genotypeDatasets(db, gateCaller(request), requested);
    if (datasets.length === 0) return { data: [], count: 0 };
    const user = request.user ?? null;
    const germplasm = await chosenIds(db, user, body.yIds, body.yGroupIds, 'germinatebase');
    const markers = await chosenIds(db, user, body.xIds, body.xGroupIds, 'markers');
    const { dialect } = app.database;
    const data = [];
    for (const dataset of datasets) {
      data.push({
        datasetId: dataset.id,
        datasetName: dataset.name,
        ...(dataset.description === null ? {} : { datasetDescription: dataset.description }),
        dataObjectCount: { value: await memberCount(db, dialect, dataset.id, MEMBER_TYPE.germplasm, germplasm) },
        dataPointCount: { value: await memberCount(db, dialect, dataset.id, MEMBER_TYPE.markers, markers) },
      });
    }
    return { data, count: data.length };
  });
};
