import { binaryUnits } from '../../core/binary-size.js';

/** A byte count in binary units with at most one decimal (`1.5 MiB`); the unit symbols read the same in every language. */
export function sizeText(bytes: number, format: (value: number, digits: number) => string = (v, d) => v.toFixed(d)): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const { value, unit, index } = binaryUnits(bytes);
  return `${format(value, index === 0 || value >= 100 ? 0 : 1)} ${unit}`;
}
