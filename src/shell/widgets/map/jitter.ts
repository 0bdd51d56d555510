/**
 * Germplasm drawn on a map are shifted slightly at random, so that accessions collected at the same site
 * do not hide each other. The shift is drawn from the item's id (the same item lands on the same spot on
 * every render and reload) and applies to the drawing only: stored coordinates and exports never see it.
 */

/** At most this many degrees either way: about 1 km at the equator, invisible at country zoom. */
export const JITTER_DEGREES = 0.01;

/** Two numbers in [-1, 1) from an integer, well spread for neighbouring ids (an integer hash, then a split). */
function spread(id: number): [number, number] {
  let h = Math.imul(id ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  const a = (h & 0xffff) / 0x8000 - 1;
  const b = ((h >>> 16) & 0xffff) / 0x8000 - 1;
  return [a, b];
}

/** The drawn position of an item: its coordinates shifted by at most JITTER_DEGREES, kept within the map's range. */
export function jittered(id: number, latitude: number, longitude: number): { latitude: number; longitude: number } {
  const [a, b] = spread(id);
  return {
    latitude: Math.max(-85, Math.min(85, latitude + a * JITTER_DEGREES)),
    longitude: Math.max(-180, Math.min(180, longitude + b * JITTER_DEGREES)),
  };
}
