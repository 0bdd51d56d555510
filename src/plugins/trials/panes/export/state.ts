import { GERMPLASM_MODES, type GermplasmMode } from '../../../../shell/export/germplasm-choice.js';
import { nameList } from '../../../../shell/export/names.js';

/**
 * The trials export page's view state: the chosen traits, germplasm and colouring, the tab and the data
 * table's own view, kept under one key (`trials`) of the export pane's state so that the URL replays the
 * page. The URL can be edited by hand, so every value read back is checked and falls back to its default.
 */

/** The export pane of trials datasets (the datasets plugin's shared export pane, by its type id). */
export const EXPORT_PANE = 'datasets:export-trials';

/** The key of this page's part of the export pane's state. */
export const STATE_KEY = 'trials';

/** Tabs always shown, in Germinate's order; locations and timeline are inserted before the last one. */
export const BASE_TABS = ['overview', 'matrix', 'comparison', 'table', 'export'] as const;
export const OPTIONAL_TABS = ['locations', 'timeline'] as const;
export type TabId = (typeof BASE_TABS)[number] | (typeof OPTIONAL_TABS)[number];
const TAB_IDS: readonly string[] = [...BASE_TABS, ...OPTIONAL_TABS];

/**
 * What points and lines are coloured by: a column of the data rows. `entityType` and `entityParentName`
 * are germplasm columns; `year` is the year of the recording date.
 */
export const COLOUR_BY = ['none', 'dataset', 'treatment', 'group', 'location', 'rep', 'year', 'entityType', 'entityParentName'] as const;
export type ColourBy = (typeof COLOUR_BY)[number];

/** The comparison draws each germplasm across the datasets or across the treatments. */
export const COMPARE_BY = ['dataset', 'treatment'] as const;
export type CompareBy = (typeof COMPARE_BY)[number];

/** Trait counts: the matrix takes 2 to 7 traits (the spec's limits), box plots and downloads at least 1. */
export const MATRIX_MIN = 2;
export const MATRIX_MAX = 7;

export interface ExportState {
  traits: number[];
  germplasm: GermplasmMode;
  groups: number[];
  names: string[];
  colourBy: ColourBy;
  /** null: across the datasets when there are several, else across the treatments. */
  compareBy: CompareBy | null;
  /** The numeric trait of the timeline; null: the first numeric trait chosen (or of the datasets). */
  timelineTrait: number | null;
  tab: TabId;
  /** The data table's view state (filters, sort, page, cursor), as the shared table writes it. */
  table: Record<string, unknown>;
}

export const DEFAULT_STATE: ExportState = {
  traits: [],
  germplasm: 'all',
  groups: [],
  names: [],
  colourBy: 'none',
  compareBy: null,
  timelineTrait: null,
  tab: 'overview',
  table: {},
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Positive integer ids, each once, in their order. */
export function idList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0);
  return [...new Set(ids)];
}

/** The page's state out of the export pane's state (any shape; defaults where a value does not fit). */
export function readState(paneState: Record<string, unknown> | undefined): ExportState {
  const raw = paneState?.[STATE_KEY];
  if (!isRecord(raw)) return { ...DEFAULT_STATE };
  const timeline = raw.timelineTrait;
  return {
    traits: idList(raw.traits),
    germplasm: oneOf(GERMPLASM_MODES, raw.germplasm, DEFAULT_STATE.germplasm),
    groups: idList(raw.groups),
    names: Array.isArray(raw.names) ? nameList(raw.names) : [],
    colourBy: oneOf(COLOUR_BY, raw.colourBy, DEFAULT_STATE.colourBy),
    compareBy: COMPARE_BY.find((by) => by === raw.compareBy) ?? null,
    timelineTrait: typeof timeline === 'number' && Number.isSafeInteger(timeline) && timeline > 0 ? timeline : null,
    tab: oneOf(TAB_IDS as readonly TabId[], raw.tab, DEFAULT_STATE.tab),
    table: isRecord(raw.table) ? raw.table : {},
  };
}

/**
 * The export pane's state with this page's part replaced. Defaults are left out, so that the address of
 * a page nobody has touched stays short.
 */
export function writeState(paneState: Record<string, unknown> | undefined, state: ExportState): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(DEFAULT_STATE) as (keyof ExportState)[]) {
    const value = state[key];
    const fallback = DEFAULT_STATE[key];
    if (JSON.stringify(value) !== JSON.stringify(fallback)) part[key] = value;
  }
  const rest = { ...(paneState ?? {}) };
  delete rest[STATE_KEY];
  return Object.keys(part).length > 0 ? { ...rest, [STATE_KEY]: part } : rest;
}

/** The data table's view state at its first page and row (a new selection), its filters and sort kept. */
export function restartTable(table: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...table };
  delete rest.page;
  delete rest.cursor;
  return rest;
}

/** The tabs to show: locations when plots have positions, timeline when data were recorded on several days. */
export function tabsFor(hasLocations: boolean, hasTimeline: boolean): TabId[] {
  const extra: TabId[] = [...(hasLocations ? (['locations'] as const) : []), ...(hasTimeline ? (['timeline'] as const) : [])];
  const tabs: TabId[] = [...BASE_TABS];
  tabs.splice(tabs.length - 1, 0, ...extra);
  return tabs;
}

/** The tab `step` places after (or before, when negative) the current one, round the end. */
export function stepTab(tabs: readonly TabId[], current: TabId, step: 1 | -1): TabId {
  if (tabs.length === 0) return current;
  const index = tabs.indexOf(current);
  if (index < 0) return tabs[0];
  return tabs[(index + step + tabs.length) % tabs.length];
}
