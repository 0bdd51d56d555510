/** Binary units, as Germinate shows file sizes. */
export const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;
export type BinaryUnit = (typeof BINARY_UNITS)[number];

/**
 * `bytes` as a value below 1024 of the largest unit that fits (negative counts as 0), unrounded: each caller
 * rounds and formats it as its screen needs. `index` is the unit's place in BINARY_UNITS (0 = bytes).
 */
export function binaryUnits(bytes: number): { value: number; unit: BinaryUnit; index: number } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < BINARY_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  return { value, unit: BINARY_UNITS[index], index };
}
