/**
 * The map export form: what the user chose (kept in the pane's state, so it is in the URL), read back
 * defensively, and the request it makes. Incomplete input makes no request: it names what is missing.
 */

/** The map-viewer file formats of a map export. */
export const MAP_FORMATS = ['flapjack', 'mapchart', 'strudel'] as const;
export type MapFormat = (typeof MAP_FORMATS)[number];

/** What part of the map goes into the file; one method at a time. */
export const SUBSET_METHODS = ['all', 'chromosomes', 'regions', 'markerIdInterval', 'radius'] as const;
export type SubsetMethod = (typeof SUBSET_METHODS)[number];

/** A marker chosen in the form: its id is sent, its name and place shown. */
export interface PickedMarker {
  id: number;
  name: string;
  chromosome?: string;
  position?: number;
}

/** A region as typed: numbers stay text until the request is made. */
export interface RegionInput {
  chromosome: string;
  start: string;
  end: string;
}

export interface MapExportForm {
  format: MapFormat;
  method: SubsetMethod;
  chromosomes: string[];
  regions: RegionInput[];
  interval: [PickedMarker | null, PickedMarker | null];
  radius: { marker: PickedMarker | null; left: string; right: string };
}

export const EMPTY_REGION: RegionInput = { chromosome: '', start: '', end: '' };

export const EMPTY_FORM: MapExportForm = {
  format: 'flapjack',
  method: 'all',
  chromosomes: [],
  regions: [EMPTY_REGION],
  interval: [null, null],
  radius: { marker: null, left: '', right: '' },
};

/** Germinate's MapExportRequest as this form sends it. */
export type MapExportBody =
  | { format: MapFormat }
  | { format: MapFormat; method: 'chromosomes'; chromosomes: string[] }
  | { format: MapFormat; method: 'regions'; regions: { chromosome: string; start: number; end: number }[] }
  | { format: MapFormat; method: 'markerIdInterval'; markerIdInterval: [number, number] }
  | { format: MapFormat; method: 'radius'; radius: { markerId: number; left: number; right: number } };

/** Why the form makes no request yet: a message key. */
export type ExportProblem =
  | 'genotypes.export.problem.noChromosome'
  | 'genotypes.export.problem.noRegion'
  | 'genotypes.export.problem.regionIncomplete'
  | 'genotypes.export.problem.regionOrder'
  | 'genotypes.export.problem.twoMarkers'
  | 'genotypes.export.problem.radiusMarker'
  | 'genotypes.export.problem.radiusDistances';

export type ExportOutcome = { body: MapExportBody; problem?: undefined } | { body?: undefined; problem: ExportProblem };

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function readMarker(value: unknown): PickedMarker | null {
  const raw = record(value);
  const id = raw.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  const marker: PickedMarker = { id, name: text(raw.name) || String(id) };
  if (typeof raw.chromosome === 'string') marker.chromosome = raw.chromosome;
  if (typeof raw.position === 'number' && Number.isFinite(raw.position)) marker.position = raw.position;
  return marker;
}

/** The form from the pane's state; anything missing or malformed (an old or edited link) is the default. */
export function readExportForm(raw: unknown): MapExportForm {
  const state = record(raw);
  const format = MAP_FORMATS.find((f) => f === state.format) ?? EMPTY_FORM.format;
  const method = SUBSET_METHODS.find((m) => m === state.method) ?? EMPTY_FORM.method;
  const chromosomes = Array.isArray(state.chromosomes) ? state.chromosomes.filter((c): c is string => typeof c === 'string') : [];
  const regions = Array.isArray(state.regions)
    ? state.regions.map((r) => {
        const region = record(r);
        return { chromosome: text(region.chromosome), start: text(region.start), end: text(region.end) };
      })
    : [];
  const interval = Array.isArray(state.interval) ? state.interval : [];
  const radius = record(state.radius);
  return {
    format,
    method,
    chromosomes,
    regions: regions.length > 0 ? regions : [EMPTY_REGION],
    interval: [readMarker(interval[0]), readMarker(interval[1])],
    radius: { marker: readMarker(radius.marker), left: text(radius.left), right: text(radius.right) },
  };
}

/** A typed number, or null when the text is empty or not a finite number. */
export function typedNumber(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}

function regionsRequest(form: MapExportForm): ExportOutcome {
  // Rows left wholly empty are ignored; a row partly filled in is a mistake to show, not to drop.
  const filled = form.regions.filter((r) => r.chromosome.trim() !== '' || r.start.trim() !== '' || r.end.trim() !== '');
  if (filled.length === 0) return { problem: 'genotypes.export.problem.noRegion' };
  const regions: { chromosome: string; start: number; end: number }[] = [];
  for (const region of filled) {
    const start = typedNumber(region.start);
    const end = typedNumber(region.end);
    if (region.chromosome.trim() === '' || start === null || end === null) return { problem: 'genotypes.export.problem.regionIncomplete' };
    if (start > end) return { problem: 'genotypes.export.problem.regionOrder' };
    regions.push({ chromosome: region.chromosome, start, end });
  }
  return { body: { format: form.format, method: 'regions', regions } };
}

/** The request of the form's method, or why there is none. */
export function mapExportRequest(form: MapExportForm): ExportOutcome {
  const { format } = form;
  switch (form.method) {
    case 'all':
      return { body: { format } };
    case 'chromosomes':
      return form.chromosomes.length > 0 ? { body: { format, method: 'chromosomes', chromosomes: [...form.chromosomes] } } : { problem: 'genotypes.export.problem.noChromosome' };
    case 'regions':
      return regionsRequest(form);
    case 'markerIdInterval': {
      const [first, second] = form.interval;
      if (!first || !second) return { problem: 'genotypes.export.problem.twoMarkers' };
      return { body: { format, method: 'markerIdInterval', markerIdInterval: [first.id, second.id] } };
    }
    case 'radius': {
      const { marker } = form.radius;
      if (!marker) return { problem: 'genotypes.export.problem.radiusMarker' };
      const left = typedNumber(form.radius.left);
      const right = typedNumber(form.radius.right);
      if (left === null || right === null || left < 0 || right < 0) return { problem: 'genotypes.export.problem.radiusDistances' };
      return { body: { format, method: 'radius', radius: { markerId: marker.id, left, right } } };
    }
  }
}

/** File endings by format: Flapjack's map files end in .map; Strudel's in .strudel; MapChart reads plain text. */
const EXTENSIONS: Record<MapFormat, string> = { flapjack: 'map', mapchart: 'txt', strudel: 'strudel' };

/** The name the download is saved under (`map-<id>.map`). */
export function exportFileName(mapId: number, format: MapFormat): string {
  return `map-${mapId}.${EXTENSIONS[format]}`;
}
