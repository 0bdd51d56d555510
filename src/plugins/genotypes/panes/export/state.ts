import { GERMPLASM_MODES, type GermplasmSelection } from '../../../../shell/export/germplasm-choice.js';
import { nameList } from '../../../../shell/export/names.js';

/**
 * The genotype export page's choices, kept under one key (`genotype`) of the export pane's state so that
 * the address replays the page: the germplasm (the export pages' shared choice), the markers, the map, the
 * files to write and, of several datasets, those left out. The address can be edited by hand, so every
 * value read back is checked and falls back to its default.
 */

/** The export pane of genotype datasets (the datasets plugin's shared export pane, by its type id). */
export const EXPORT_PANE = 'datasets:export-genotype';

/** The key of this page's part of the export pane's state. */
export const STATE_KEY = 'genotype';

/** How the markers are chosen: all markers of the datasets, the marked markers, or marker groups. */
export const MARKER_MODES = ['all', 'marked', 'groups'] as const;
export type MarkerMode = (typeof MARKER_MODES)[number];

/**
 * The files the page offers: the Flapjack flat file (Germinate's default), HapMap and VCF (this server's
 * addition). A Flapjack project is not among them: this server cannot write one (see formats.tsx).
 */
export const FORMATS = ['flatFile', 'hapMap', 'vcf'] as const;
export type Format = (typeof FORMATS)[number];

/** The map: one by id, none at all, or (null) the map of the datasets with the most markers. */
export type MapChoice = number | 'none' | null;

/** The germplasm, markers and map: what the allele-frequency export page chooses the same way. */
export interface GenotypeSelection extends GermplasmSelection {
  markers: MarkerMode;
  markerGroups: number[];
  map: MapChoice;
}

export interface GenotypeExportState extends GenotypeSelection {
  formats: Format[];
  /** Of several datasets, those the user unticked in the summary (all are ticked at first). */
  unticked: number[];
  /** Trials datasets and their traits (in the order ticked) for the Flapjack phenotype file; none = no file. */
  phenotypeDatasets: number[];
  phenotypeTraits: number[];
}

export const DEFAULT_STATE: GenotypeExportState = {
  germplasm: 'all',
  groups: [],
  names: [],
  markers: 'all',
  markerGroups: [],
  map: null,
  formats: ['flatFile'],
  unticked: [],
  phenotypeDatasets: [],
  phenotypeTraits: [],
};

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf<T extends string>(options: readonly T[], value: unknown, fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/** Positive integer ids, each once, in their order. */
export function idList(value: unknown): number[] {
  return Array.isArray(value) ? [...new Set(value.filter(isId))] : [];
}

/** The formats in the page's order, each once; an address that names none of them keeps none. */
function formatList(value: unknown): Format[] {
  if (!Array.isArray(value)) return [...DEFAULT_STATE.formats];
  return FORMATS.filter((format) => value.includes(format));
}

/** The germplasm, markers and map out of a page's stored part (defaults where a value does not fit). */
export function readSelection(raw: Record<string, unknown>): GenotypeSelection {
  return {
    germplasm: oneOf(GERMPLASM_MODES, raw.germplasm, DEFAULT_STATE.germplasm),
    groups: idList(raw.groups),
    names: Array.isArray(raw.names) ? nameList(raw.names) : [],
    markers: oneOf(MARKER_MODES, raw.markers, DEFAULT_STATE.markers),
    markerGroups: idList(raw.markerGroups),
    map: raw.map === 'none' ? 'none' : isId(raw.map) ? raw.map : null,
  };
}

/** The page's state out of the export pane's state (any shape; defaults where a value does not fit). */
export function readState(paneState: Record<string, unknown> | undefined): GenotypeExportState {
  const raw = paneState?.[STATE_KEY];
  if (!isRecord(raw)) return { ...DEFAULT_STATE };
  return {
    ...readSelection(raw),
    formats: formatList(raw.formats),
    unticked: idList(raw.unticked),
    phenotypeDatasets: idList(raw.phenotypeDatasets),
    phenotypeTraits: idList(raw.phenotypeTraits),
  };
}

/**
 * The export pane's state with a page's part (under `key`) replaced. Values equal to their defaults are left
 * out, so that the address of a page nobody has touched stays short.
 */
export function writePart<T extends object>(paneState: Record<string, unknown> | undefined, key: string, state: T, defaults: T): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    if (JSON.stringify(state[name]) !== JSON.stringify(defaults[name])) part[name] = state[name];
  }
  const rest = { ...(paneState ?? {}) };
  delete rest[key];
  return Object.keys(part).length > 0 ? { ...rest, [key]: part } : rest;
}

/** The export pane's state with this page's part replaced (defaults left out). */
export function writeState(paneState: Record<string, unknown> | undefined, state: GenotypeExportState): Record<string, unknown> {
  return writePart(paneState, STATE_KEY, state, DEFAULT_STATE);
}
