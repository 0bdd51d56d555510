/** The places of the map benchmark: the servers' germplasm and locations (bench/map-server.ts), the same every run. */
import type { MapPlace } from '../src/core/map-places.js';
import { seededRandom } from '../src/core/random.js';

/** The same places on every page and round, so rounds differ only by timing. */
const random = seededRandom;

const SITES = 300;
const SCATTER = 0.1;

/**
 * Germplasm as a genebank holds them: most collected around a few hundred sites (a few sites hold many
 * accessions, as in real collections), spread a few km to tens of km around each, the rest scattered.
 */
export function generatePlaces(count: number): MapPlace[] {
  const next = random(16);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const sites = Array.from({ length: SITES }, (_, i) => ({
    latitude: -40 + next() * 100,
    longitude: -120 + next() * 270,
    spread: 0.05 + next() * 0.6,
    // Zipf-like weights: site i holds about 1/(i+1) of the clustered share.
    weight: 1 / (i + 1),
  }));
  const total = sites.reduce((sum, site) => sum + site.weight, 0);
  const places: MapPlace[] = [];
  for (let id = 1; id <= count; id++) {
    let latitude: number;
    let longitude: number;
    if (next() < SCATTER) {
      latitude = -55 + next() * 125;
      longitude = -180 + next() * 360;
    } else {
      let pick = next() * total;
      let site = sites[0];
      for (const candidate of sites) {
        site = candidate;
        pick -= candidate.weight;
        if (pick <= 0) break;
      }
      latitude = Math.max(-85, Math.min(85, site.latitude + gauss() * site.spread));
      longitude = Math.max(-180, Math.min(180, site.longitude + gauss() * site.spread));
    }
    places.push({ id, latitude, longitude, label: `BENCH-${String(id).padStart(6, '0')}` });
  }
  return places;
}
