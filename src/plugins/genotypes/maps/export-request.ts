import { type } from 'arktype';
import { HttpError } from '../../../server/http/errors.js';
import { validate } from '../../../server/http/validate.js';
import { javaInt } from '../markers/schema.js';

/** The file formats of a map export; any other non-empty name gets Flapjack's, as in Germinate. */
export type MapFormat = 'flapjack' | 'mapchart' | 'strudel';

/** A region of one chromosome: definitions starting at `start` or later and ending at `end` or earlier. */
export interface MapRegion {
  chromosome: string;
  start: number;
  end: number;
}

/**
 * What a map export asks for, checked: every definition, those of some chromosomes, of some regions
 * (OR-ed), between two markers, or within a distance of one marker.
 */
export type MapSubset =
  | { method: 'all' }
  | { method: 'chromosomes'; chromosomes: string[] }
  | { method: 'regions'; regions: MapRegion[] }
  | { method: 'markeridinterval'; markerIds: [number, number] }
  | { method: 'radius'; markerId: number; left: number; right: number };

const TEXT = 'string <= 255';
const finite = 'number';

/** Germinate's MapExportRequest. Keys not named here are ignored; each method's own keys are checked below. */
const MapExportRequest = type({
  'format?': 'string <= 100 | null',
  'method?': 'string <= 100 | null',
  'chromosomes?': type(TEXT).array().atMostLength(100_000).or('null'),
  'regions?': type({ 'chromosome?': `${TEXT} | null`, 'start?': `${finite} | null`, 'end?': `${finite} | null`, '+': 'ignore' }).array().atMostLength(10_000).or('null'),
  'markerIdInterval?': type(javaInt).array().atMostLength(100).or('null'),
  'radius?': type({ 'markerId?': `${javaInt} | null`, 'left?': `${finite} | null`, 'right?': `${finite} | null`, '+': 'ignore' }).or('null'),
  '+': 'ignore',
});

const invalid = (message: string) => new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', message);

/** The format of a request: required (a 400 without it); names compared without regard to case. */
function formatOf(format: string | null | undefined): MapFormat {
  const name = (format ?? '').trim().toLowerCase();
  if (name === '') throw invalid('format is required: flapjack, mapchart or strudel');
  return name === 'mapchart' || name === 'strudel' ? name : 'flapjack';
}

/** A map export request as its format and subset, or a 400 that says what is wrong with it. */
export function mapExportRequest(body: unknown): { format: MapFormat; subset: MapSubset } {
  const request = validate(MapExportRequest, body ?? null);
  const format = formatOf(request.format);
  // The method is matched without regard to case: Germinate's client sends 'markerIdInterval'.
  const method = (request.method ?? '').trim().toLowerCase();
  switch (method) {
    case '':
      return { format, subset: { method: 'all' } };
    case 'chromosomes': {
      const chromosomes = request.chromosomes ?? [];
      if (chromosomes.length === 0) throw invalid('method chromosomes needs chromosomes: a list of at least one chromosome');
      return { format, subset: { method, chromosomes } };
    }
    case 'regions': {
      const regions = request.regions ?? [];
      if (regions.length === 0) throw invalid('method regions needs regions: a list of at least one {chromosome, start, end}');
      const checked = regions.map((region, i): MapRegion => {
        const { chromosome, start, end } = region;
        if (chromosome === undefined || chromosome === null || start === undefined || start === null || end === undefined || end === null) {
          throw invalid(`regions[${i}] needs a chromosome, a start and an end`);
        }
        if (start > end) throw invalid(`regions[${i}]: start (${start}) is after end (${end})`);
        return { chromosome, start, end };
      });
      return { format, subset: { method, regions: checked } };
    }
    case 'markeridinterval': {
      const ids = request.markerIdInterval ?? [];
      if (ids.length !== 2) throw invalid('method markerIdInterval needs markerIdInterval: two marker ids');
      return { format, subset: { method, markerIds: [ids[0], ids[1]] } };
    }
    case 'radius': {
      const radius = request.radius;
      const { markerId, left, right } = radius ?? {};
      if (markerId === undefined || markerId === null || left === undefined || left === null || right === undefined || right === null) {
        throw invalid('method radius needs radius: {markerId, left, right}');
      }
      if (left < 0 || right < 0) throw invalid('radius: left and right are distances and must not be negative');
      return { format, subset: { method, markerId, left, right } };
    }
    default:
      throw invalid(`Unknown method ${JSON.stringify(method.slice(0, 40))}: chromosomes, regions, markerIdInterval or radius`);
  }
}
