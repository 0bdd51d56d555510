import { mapFileWriter } from '../maps/export-format.js';

/** The chosen map's definitions of the dataset's markers, in map order, as parallel columns (cheap to hand to a worker). */
export interface MapColumns {
  markers: string[];
  chromosomes: string[];
  starts: number[];
}

const BATCH = 10_000;

/**
 * The map file of a genotype export: `# fjFile = MAP`, then `marker⇥chromosome⇥position` per definition
 * (position as Java writes a double), CRLF line ends, no header row: the map export's Flapjack layout.
 */
export function* mapFile(map: MapColumns): Generator<Buffer> {
  // The map file carries no link to the map, so neither its id nor name nor a client address matter here.
  const writer = mapFileWriter('flapjack', { id: 0, name: '' }, null);
  yield Buffer.from(writer.header(), 'utf8');
  for (let from = 0; from < map.markers.length; from += BATCH) {
    let text = '';
    const to = Math.min(map.markers.length, from + BATCH);
    for (let i = from; i < to; i += 1) {
      text += writer.row({ markerName: map.markers[i], chromosome: map.chromosomes[i], start: map.starts[i], end: null, featureType: null });
    }
    yield Buffer.from(text, 'utf8');
  }
}
