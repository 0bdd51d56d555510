import { toCreationDetails, type DesignedPlot, type LayoutPlot, type TrialCreationDetails } from '../../design/plot.js';

/**
 * Saving a layout: the request of `POST dataset/data/trial`, the checks made before it is sent, what a
 * refusal means in words, and the data-collection app's link to the saved trial.
 */

/** The trials dataset type (datasettypes 3). */
export const TRIALS_DATASET_TYPE_ID = 3;
/** Dataset states of a new dataset (datasetstates). */
export const DATASET_STATE_IDS = { public: 1, private: 2, hidden: 3 } as const;
export type DatasetStateName = keyof typeof DATASET_STATE_IDS;

export const DEFAULT_GRIDSCORE_URL = 'https://gridscore.hutton.ac.uk';
export const DEFAULT_FIELDHUB_URL = 'https://ics.hutton.ac.uk/fieldhub/';

export function trialRequest(datasetId: number, plots: readonly (DesignedPlot | LayoutPlot)[]): TrialCreationDetails {
  return toCreationDetails(datasetId, plots);
}

/** What a refused save shows: a message key (with values) and the server's own words, which name the items. */
export interface SaveProblem {
  key: string;
  /** The cells the server names (cells in use), to list in the user's language. */
  cells: { row: number; column: number }[];
  detail: string | null;
}

/** A failed call as the api client reports it. */
export interface FailedCall {
  status: number | null;
  reasonPhrase: string | null;
  message: string;
}

/**
 * A refused `POST dataset/data/trial` (or `POST dataset`) in words: the reason by its phrase or status,
 * and the server's message, which names the unknown germplasm or the cells in use.
 */
export function saveProblem(error: FailedCall): SaveProblem {
  const detail = error.message && !/^HTTP \d+$/.test(error.message) ? error.message : null;
  const none = { cells: [], detail };
  if (error.reasonPhrase === 'TRIALS_ROW_COL_MISMATCH') {
    const cells = cellsNamed(detail ?? '');
    // Cells the wizard can list itself need no server text beside them.
    return { key: 'trials.creation.save.cellsInUse', cells, detail: cells.length > 0 ? null : detail };
  }
  if (error.reasonPhrase === 'GENERIC_INVALID_GERMPLASM') return { key: 'trials.creation.save.unknownGermplasm', ...none };
  if (error.status === 403) return { key: 'trials.creation.save.forbidden', ...none };
  if (error.status === 404) return { key: 'trials.creation.save.notFound', ...none };
  if (error.status === 400) return { key: 'trials.creation.save.invalid', ...none };
  return { key: 'trials.creation.save.failed', ...none };
}

/** The cells a refusal names ("row 3, column 4"), each once, in the order named. */
export function cellsNamed(text: string): { row: number; column: number }[] {
  const seen = new Set<string>();
  const cells: { row: number; column: number }[] = [];
  for (const match of text.matchAll(/row (\d+), column (\d+)/g)) {
    const key = `${match[1]}:${match[2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    cells.push({ row: Number(match[1]), column: Number(match[2]) });
  }
  return cells;
}

/** The setting's URL, or the default when it is unset or blank; without a trailing slash. */
function baseOf(setting: unknown, fallback: string): string {
  const text = typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : fallback;
  return text.replace(/\/+$/, '');
}

/** The field-design tool's address: the `fieldhubUrl` setting or its default. */
export function fieldhubUrl(setting: unknown): string {
  return typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : DEFAULT_FIELDHUB_URL;
}

/**
 * The data-collection app's link to a saved trial, as Germinate builds it: the app's trial setup, given
 * the dataset and the BrAPI endpoint of this server with the session's token, as URL-encoded JSON.
 * `apiBase` is the absolute address of the API (ending in a slash).
 */
export function gridscoreLink(options: { gridscoreUrl: unknown; datasetId: number; token: string; apiBase: string }): string {
  const config = { datasetId: options.datasetId, brapiConfig: { token: options.token, url: `${options.apiBase}brapi/v2/` } };
  return `${baseOf(options.gridscoreUrl, DEFAULT_GRIDSCORE_URL)}/#/trial-setup?germinateConfig=${encodeURIComponent(JSON.stringify(config))}`;
}

/** The API's absolute address, from its relative base and the page's base address. */
export function absoluteApiBase(relativeBase: string, documentBase: string): string {
  const url = new URL(relativeBase, documentBase);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** Germplasm names one per line, for the external field-design tool's entry list. */
export function entryListText(names: readonly string[]): string {
  return names.join('\r\n') + '\r\n';
}
