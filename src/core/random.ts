/**
 * A seeded pseudo-random source: the same seed always gives the same numbers, in every browser, on the
 * server and in the benchmarks, so a field design, a generated data set or a fuzz case can be reproduced
 * from its seed.
 *
 * The generator is mulberry32 (32-bit state, period 2^32): well spread and plenty for shuffling a few
 * thousand plots or generating test data, and not for anything where randomness must be unpredictable.
 * The seed is taken modulo 2^32.
 */
export type Random = () => number;

/** A generator of numbers in [0, 1) from a whole-number seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A shuffled copy (Fisher–Yates): every order equally likely for a uniform source. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
