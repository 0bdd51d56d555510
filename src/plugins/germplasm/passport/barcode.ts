/**
 * Code 128 (code set B) as bars, for the passport's barcode labels: printable ASCII (space … ~), the
 * set every accession number and PUID is written in. Drawn by the passport as SVG; no library is needed
 * for one symbology. Widths are in modules; a symbol is start B, the data, the check symbol and stop.
 */

/** Bar/space widths of the symbols 0…105 (six elements, 11 modules each) and of stop (seven, 13 modules). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232',
] as const;
export const CODE128_PATTERNS: readonly string[] = PATTERNS;
const STOP = '2331112';
const START_B = 104;
/** Quiet zone each side, in modules (the standard asks for at least 10). */
export const QUIET_ZONE = 10;

export interface Barcode {
  /** Symbol values: start, data, check, stop (106). */
  symbols: number[];
  /** Bars as [x, width] in modules, x counted from the quiet zone's start. */
  bars: [number, number][];
  /** Total width in modules, quiet zones included. */
  width: number;
}

/** Whether Code 128-B can write the text (printable ASCII, not empty). */
export function encodable(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

/** The symbol of `text`, or null when it holds characters code set B does not have. */
export function code128(text: string): Barcode | null {
  if (!encodable(text)) return null;
  const data = [...text].map((ch) => ch.charCodeAt(0) - 32);
  const check = data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % 103;
  const symbols = [START_B, ...data, check, 106];
  const bars: [number, number][] = [];
  let x = QUIET_ZONE;
  for (const symbol of symbols) {
    const widths = symbol === 106 ? STOP : PATTERNS[symbol];
    [...widths].forEach((w, index) => {
      const width = Number(w);
      // Elements alternate bar, space, bar…, starting with a bar.
      if (index % 2 === 0) bars.push([x, width]);
      x += width;
    });
  }
  return { symbols, bars, width: x + QUIET_ZONE };
}
