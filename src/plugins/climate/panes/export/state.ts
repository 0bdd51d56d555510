/**
 * The climate export page's view state: the chosen climates and locations, the tab and the data table's
 * own view, kept under one key (`climate`) of the export pane's state so that the URL replays the page.
 * The URL can be edited by hand, so every value read back is checked and falls back to its default.
 */

export const STATE_KEY = 'climate';

/** Tabs in Germinate's order. */
export const TABS = ['overview', 'matrix', 'table', 'export'] as const;
export type TabId = (typeof TABS)[number];

/** Which locations: all of the datasets', the marked ones, or the members of chosen location groups. */
export const LOCATION_MODES = ['all', 'marked', 'groups'] as const;
export type LocationMode = (typeof LOCATION_MODES)[number];

/** The spec's counts: the matrix takes 2 to 10 climates, box plots and the download at least 1. */
export const MATRIX_MIN = 2;
export const MATRIX_MAX = 10;

export interface ClimateExportState {
  climates: number[];
  locations: LocationMode;
  groups: number[];
  tab: TabId;
  table: Record<string, unknown>;
}

export const DEFAULT_STATE: ClimateExportState = { climates: [], locations: 'all', groups: [], tab: 'overview', table: {} };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function idList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0))];
}

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

export function readState(paneState: Record<string, unknown> | undefined): ClimateExportState {
  const raw = paneState?.[STATE_KEY];
  if (!isRecord(raw)) return { ...DEFAULT_STATE };
  return {
    climates: idList(raw.climates),
    locations: oneOf(LOCATION_MODES, raw.locations, 'all'),
    groups: idList(raw.groups),
    tab: oneOf(TABS, raw.tab, 'overview'),
    table: isRecord(raw.table) ? raw.table : {},
  };
}

/** The export pane's state with this page's part replaced; defaults are left out to keep the address short. */
export function writeState(paneState: Record<string, unknown> | undefined, state: ClimateExportState): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_STATE) as (keyof ClimateExportState)[]) {
    if (JSON.stringify(state[key]) !== JSON.stringify(DEFAULT_STATE[key])) part[key] = state[key];
  }
  const rest = { ...(paneState ?? {}) };
  delete rest[STATE_KEY];
  return Object.keys(part).length > 0 ? { ...rest, [STATE_KEY]: part } : rest;
}

/** The locations a choice selects, as Germinate's yIds / yGroupIds; `ok` false (with why) while it selects nothing. */
export type LocationChoice = { ok: true; yIds: number[] | null; yGroupIds: number[] | null } | { ok: false; reason: 'noMarked' | 'noGroups' };

export function locationChoice(state: Pick<ClimateExportState, 'locations' | 'groups'>, marked: readonly number[]): LocationChoice {
  if (state.locations === 'marked') return marked.length > 0 ? { ok: true, yIds: [...marked], yGroupIds: null } : { ok: false, reason: 'noMarked' };
  if (state.locations === 'groups') return state.groups.length > 0 ? { ok: true, yIds: null, yGroupIds: [...state.groups] } : { ok: false, reason: 'noGroups' };
  return { ok: true, yIds: null, yGroupIds: null };
}

/** Germinate's SubsettedDatasetRequest of the page: the datasets, the climates (none: all) and the locations. */
export function subsetRequest(datasetIds: readonly number[], climates: readonly number[], choice: { yIds: number[] | null; yGroupIds: number[] | null }) {
  return { datasetIds: [...datasetIds], xIds: climates.length > 0 ? [...climates] : null, xGroupIds: null, yIds: choice.yIds, yGroupIds: choice.yGroupIds };
}

/** The download's file name, as Germinate's page saves it. */
export const downloadName = (datasetIds: readonly number[]) => `climate-dataset-${datasetIds.join('-')}.txt`;

/** 'Please select at least {n} items.' / 'Please select at most {n} items.' keys, or null within the limits. */
export function countProblem(count: number, min: number, max?: number): { key: string; n: number } | null {
  if (count < min) return { key: 'climate.export.atLeast', n: min };
  if (max !== undefined && count > max) return { key: 'climate.export.atMost', n: max };
  return null;
}
