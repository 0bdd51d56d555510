import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { datasetVisibleSql } from '../../../server/access/datasets.js';
import { recordAudit } from '../../../server/audit.js';
import { bulkInsert, type BulkValue } from '../../../server/import/bulk.js';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { TRIALS_DATASET_TYPE } from '../dataset-scope.js';
import { findCellClashes } from '../design/plot.js';
import { cellsInUse, type Cell } from './existing-cells.js';
import { resolveGermplasmNames } from './germplasm-names.js';
import { normalisePlots, TrialCreationBody } from './schema.js';

/** Items named in one message; the rest are counted. */
const NAMED = 20;

const INVALID = 'BAD_REQUEST_INVALID_PAYLOAD';

/** A readable list of at most NAMED items, then how many more there are. */
function listed(items: readonly string[], total = items.length): string {
  const shown = items.slice(0, NAMED).join('; ');
  return total > NAMED ? `${shown}; and ${total - NAMED} more` : shown;
}

const cellText = (cell: Cell) => `row ${cell.row}, column ${cell.column}`;

const PLOT_COLUMNS = [
  { name: 'germinatebase_id', type: 'integer' },
  { name: 'dataset_id', type: 'integer' },
  { name: 'block', type: 'text' },
  { name: 'rep', type: 'text' },
  { name: 'trial_row', type: 'integer' },
  { name: 'trial_column', type: 'integer' },
  { name: 'created_on', type: 'text' },
  { name: 'updated_on', type: 'text' },
] as const;

/**
 * `POST dataset/data/trial` (Germinate's TrialResource): the plots of a trial layout become trialsetup
 * rows of a trials dataset the caller sees. Refused, with nothing written: a dataset that does not exist
 * (404), that the caller does not see (403) or that is not a trials dataset; two plots on one cell or a
 * plot on a cell the dataset already uses (TRIALS_ROW_COL_MISMATCH, naming the cells); a germplasm name
 * that matches none (GENERIC_INVALID_GERMPLASM, naming them). Otherwise every plot is written in one
 * transaction with its audit record, and the answer is the number of plots.
 */
export const trialCreationRoutes: FastifyPluginAsync = async (app) => {
  const database = app.database;

  app.post('/dataset/data/trial', { config: { access: 'DATA_CURATOR' } }, async (request) => {
    const body = validate(TrialCreationBody, request.body ?? null);
    const { plots, unnamed } = normalisePlots(body);
    if (unnamed.length > 0) throw new HttpError(400, INVALID, `Every plot needs a germplasm; plots without one: ${listed(unnamed.map(String))}.`);
    const datasetId = body.datasetId;
    const db = database.db as unknown as Kysely<unknown>;

    const dataset = (
      await sql<{ type: number; visible: number }>`SELECT d.datasettype_id AS type,
        CASE WHEN ${datasetVisibleSql(sql`d.id`, request.user)} THEN 1 ELSE 0 END AS visible
        FROM datasets d WHERE d.id = ${datasetId}`.execute(db)
    ).rows[0];
    if (!dataset) throw new HttpError(404, 'NOT_FOUND_ID', `No dataset ${datasetId}.`);
    if (Number(dataset.visible) !== 1) throw new HttpError(403, 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', `You may not use dataset ${datasetId}.`);
    if (Number(dataset.type) !== TRIALS_DATASET_TYPE) throw new HttpError(400, INVALID, `Dataset ${datasetId} is not a trials dataset.`);

    const clashes = findCellClashes(plots);
    if (clashes.length > 0) {
      const texts = clashes.map((c) => `${cellText(c)} (plots ${c.indexes.map((i) => i + 1).join(', ')})`);
      throw new HttpError(400, 'TRIALS_ROW_COL_MISMATCH', `Plots share a cell: ${listed(texts)}.`);
    }

    const germplasm = await resolveGermplasmNames(db, database.dialect, plots.map((p) => p.germplasm));
    if (germplasm.unknown.length > 0 || germplasm.ambiguous.length > 0) {
      const parts = [
        ...(germplasm.unknown.length > 0 ? [`Unknown germplasm: ${listed(germplasm.unknown)}.`] : []),
        ...(germplasm.ambiguous.length > 0 ? [`Display name of several germplasm (use their names): ${listed(germplasm.ambiguous)}.`] : []),
      ];
      throw new HttpError(400, 'GENERIC_INVALID_GERMPLASM', parts.join(' '));
    }

    const now = app.clock.now();
    const stamp = new Date(now).toISOString();
    const rows: BulkValue[][] = plots.map((p) => {
      const id = germplasm.ids.get(p.germplasm.toLowerCase());
      if (id === undefined) throw new Error(`Germplasm ${p.germplasm} was resolved but has no id.`);
      return [id, datasetId, p.block, p.rep, p.row, p.column, stamp, stamp];
    });
    const cells = plots.flatMap((p) => (p.row !== null && p.column !== null ? [{ row: p.row, column: p.column }] : []));

    await database.db.transaction().execute(async (trx) => {
      // Two creations in one dataset wait for each other, so that both cannot take a free cell.
      if (database.dialect === 'postgres') await sql`SELECT id FROM datasets WHERE id = ${datasetId} FOR UPDATE`.execute(trx);
      const inUse = await cellsInUse(trx as unknown as Kysely<unknown>, database.dialect, datasetId, cells, NAMED + 1);
      if (inUse.length > 0) {
        const more = inUse.length > NAMED ? '; and more' : '';
        throw new HttpError(400, 'TRIALS_ROW_COL_MISMATCH', `The dataset already has plots at: ${inUse.slice(0, NAMED).map(cellText).join('; ')}${more}.`);
      }
      await bulkInsert({ db: trx, dialect: database.dialect }, 'trialsetup', PLOT_COLUMNS, rows);
      const details = { datasetId, plots: plots.length, germplasm: new Set(rows.map((r) => r[0])).size };
      await recordAudit(trx, request.user, { action: 'trial.create', target: `dataset ${datasetId}`, details }, now);
    });
    return plots.length;
  });
};
