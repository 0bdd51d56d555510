import type { MapFormat } from './export-request.js';

/**
 * A number as Java's Double.toString writes it, which map files carry: at least one digit after the point
 * (`12.0`), plain from 10^-3 up to 10^7, otherwise computerized scientific notation (`1.2345678E7`,
 * `5.0E-4`). The digits are the shortest that read back as the same double, JavaScript's and Java's alike.
 */
export function javaDouble(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    // JavaScript writes this range without an exponent too.
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** One definition as the map files write it. */
export interface MapFileRow {
  markerName: string;
  chromosome: string;
  start: number;
  end: number | null;
  featureType: string | null;
}

/** The text of a map file: its start, one piece per definition (in order), and its end. */
export interface MapFileWriter {
  header(): string;
  row(row: MapFileRow): string;
  footer(): string;
}

const CRLF = '\r\n';
const LF = '\n';

/**
 * The writer of one format for one map. Formats, after Germinate's writers:
 * - flapjack: `# fjFile = MAP`, then `marker⇥chromosome⇥start`; CRLF line ends.
 * - mapchart: `; <map name>`, an empty line, then `group <chromosome>` whenever the chromosome changes,
 *   and `marker⇥start`; LF line ends.
 * - strudel: `feature⇥<map name>⇥chromosome⇥marker⇥feature type⇥start⇥end⇥Imported from Germinate!`; LF
 *   line ends; with a client address, a last line `URL⇥<map name>⇥<client>/data/genotypes/maps/<id>` without
 *   a line end.
 * NULLs are empty text.
 */
export function mapFileWriter(format: MapFormat, map: { id: number; name: string }, clientUrl: string | null): MapFileWriter {
  const number = (value: number | null) => (value === null ? '' : javaDouble(value));
  const text = (value: string | null) => value ?? '';
  switch (format) {
    case 'flapjack':
      return {
        header: () => `# fjFile = MAP${CRLF}`,
        row: (r) => `${r.markerName}\t${r.chromosome}\t${number(r.start)}${CRLF}`,
        footer: () => '',
      };
    case 'mapchart': {
      // Germinate starts from no chromosome as '', so a first chromosome named '' gets no group line.
      let current = '';
      return {
        header: () => `; ${map.name}${LF}${LF}`,
        row: (r) => {
          const group = r.chromosome === current ? '' : `group ${r.chromosome}${LF}`;
          current = r.chromosome;
          return `${group}${r.markerName}\t${number(r.start)}${LF}`;
        },
        footer: () => '',
      };
    }
    case 'strudel':
      return {
        header: () => '',
        row: (r) => `feature\t${map.name}\t${r.chromosome}\t${r.markerName}\t${text(r.featureType)}\t${number(r.start)}\t${number(r.end)}\tImported from Germinate!${LF}`,
        footer: () => (clientUrl ? `URL\t${map.name}\t${clientUrl.replace(/\/+$/, '')}/data/genotypes/maps/${map.id}` : ''),
      };
  }
}
