const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A byte count in binary units with at most one decimal (`1.5 MiB`); the unit symbols read the same in every language. */
export function sizeText(bytes: number, format: (value: number, digits: number) => string = (v, d) => v.toFixed(d)): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${format(value, unit === 0 || value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}
