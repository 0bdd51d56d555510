import { ApiError, type ApiClient, type ErrorHandler } from '../../../../core/api-client.js';
import type { DesignedPlot, LayoutPlot } from '../../design/plot.js';
import { lookUpNames } from './germplasm-reads.js';
import { distinctNames } from './name-lookup.js';
import { saveProblem, trialRequest, type SaveProblem } from './save.js';

/**
 * Sending a layout to `POST dataset/data/trial`. A refusal is the wizard's to explain (which germplasm,
 * which cells): it is kept from the api client's toast, and a 403 here means "not this dataset", not an
 * ended session, so it must not log the curator out.
 */
export const QUIET: ErrorHandler[] = [{ codes: [400, 403, 404, 409], callback: () => undefined }];

export type SaveOutcome =
  | { ok: true; plots: number }
  | { ok: false; unknown: { missing: string[]; ambiguous: string[] } }
  | { ok: false; problem: SaveProblem };

/** A failed call in words; an error that is no ApiError (a bug) as a failed save. */
export function problemOf(error: unknown): SaveProblem {
  if (error instanceof ApiError) return saveProblem({ status: error.status, reasonPhrase: error.reasonPhrase, message: error.message });
  return saveProblem({ status: null, reasonPhrase: null, message: '' });
}

/**
 * Saves plots to a dataset. With `checkNames` the germplasm names are looked up first (a layout file's or
 * a fieldbook's: the designer's names are those of chosen germplasm), and unknown names stop the save
 * before anything is written.
 */
export async function savePlots(
  api: ApiClient,
  datasetId: number,
  plots: readonly (DesignedPlot | LayoutPlot)[],
  checkNames: boolean,
): Promise<SaveOutcome> {
  try {
    if (checkNames) {
      const lookup = await lookUpNames(api, distinctNames(plots.map((p) => p.germplasm)));
      if (lookup.missing.length > 0 || lookup.ambiguous.length > 0) return { ok: false, unknown: { missing: lookup.missing, ambiguous: lookup.ambiguous } };
    }
    await api.post('dataset/data/trial', { body: trialRequest(datasetId, plots), handlers: QUIET });
    return { ok: true, plots: plots.length };
  } catch (error) {
    return { ok: false, problem: problemOf(error) };
  }
}
