import { parseDecimal } from '../../../../server/import/values.js';
import type { MapReader, MapRecord } from '../genotype-source.js';
import { IssueLog } from './issues.js';
import { LineReader, ownText } from './lines.js';
import { RecordReader } from './record-reader.js';

/** The three fields of a map line, in the order of Flapjack's map file. */
const FIELDS = ['marker', 'chromosome', 'position'] as const;
type Field = (typeof FIELDS)[number];

/** Where each field is in a line (its 0-based column) and what the file calls it. */
type Layout = Record<Field, { index: number; name: string }>;

const FLAPJACK_LAYOUT: Layout = {
  marker: { index: 0, name: 'marker' },
  chromosome: { index: 1, name: 'chromosome' },
  position: { index: 2, name: 'position' },
};

/**
 * Which field a header cell names: the field's word, any case, alone or followed by something that is not a
 * letter (`Position_cM`, `position (bp)`, `Marker name`); `chrom` and `linkage group` also name the chromosome.
 */
function fieldOf(cell: string): Field | null {
  const text = cell.toLowerCase();
  const startsWord = (word: string) => text.startsWith(word) && !/[a-z]/.test(text.charAt(word.length));
  if (startsWord('marker')) return 'marker';
  if (startsWord('chromosome') || startsWord('chrom') || startsWord('linkage group')) return 'chromosome';
  if (startsWord('position')) return 'position';
  return null;
}

/** A cell without surrounding blanks and the double quotes a spreadsheet may put around it. */
function cleanField(cell: string | undefined): string {
  if (cell === undefined) return '';
  const text = cell.trim();
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).trim() : text;
}

/**
 * A genetic or physical map file: Flapjack's `.map` (`# fjFile = MAP` optional, then `marker TAB chromosome
 * TAB position` lines without a header), or a table with a header row naming `marker`, `chromosome` and
 * `position` in any order (tab- or comma-separated, such as a spreadsheet export). `#` lines and empty lines
 * are skipped. A line with a missing field or a position that is not a number is reported and not yielded.
 */
export async function openMapFile(file: string): Promise<MapReader> {
  const lines = await LineReader.open(file);
  return new MapFileReader(lines, new IssueLog([], null));
}

class MapFileReader extends RecordReader<string, MapRecord, LineReader> implements MapReader {
  /** Found on the first line that is read: from its header, or Flapjack's when it has none. */
  private layout: Layout | null = null;
  private separator = '\t';

  constructor(lines: LineReader, log: IssueLog) {
    super(lines, log, 'map file');
  }

  /** Empty and `#` lines are skipped; a header that lacks a field (reported) ends the reading. */
  protected record(text: string): MapRecord | null {
    if (text.trim() === '' || text.startsWith('#')) return null;
    if (!this.layout) {
      this.separator = text.includes('\t') || !text.includes(',') ? '\t' : ',';
      const cells = text.split(this.separator).map(cleanField);
      const found = this.headerLayout(cells, this.source.line);
      if (found === 'incomplete') {
        this.stopped = true;
        return null;
      }
      this.layout = found ?? FLAPJACK_LAYOUT;
      if (found) return null;
    }
    return this.mapRecord(text.split(this.separator), this.source.line, this.layout);
  }

  /**
   * The layout a header row gives; null when the line is not a header (it names fewer than two fields: a
   * marker may well be called `Marker1`); 'incomplete' (reported) when a header lacks a field.
   */
  private headerLayout(cells: string[], line: number): Layout | null | 'incomplete' {
    const found: Partial<Layout> = {};
    cells.forEach((cell, index) => {
      const field = fieldOf(cell);
      if (field && !found[field]) found[field] = { index, name: cell };
    });
    if (Object.keys(found).length < 2) return null;
    const { marker, chromosome, position } = found;
    if (marker && chromosome && position) return { marker, chromosome, position };
    for (const field of FIELDS) {
      if (!found[field]) this.log.add('GENERIC_MISSING_COLUMN', line, { column: field, message: field });
    }
    return 'incomplete';
  }

  private mapRecord(cells: string[], line: number, layout: Layout): MapRecord | null {
    const value = (field: Field) => cleanField(cells[layout[field].index]);
    const marker = value('marker');
    const chromosome = value('chromosome');
    const positionText = value('position');
    let ok = true;
    for (const [field, text] of [['marker', marker], ['chromosome', chromosome], ['position', positionText]] as const) {
      if (text !== '') continue;
      ok = false;
      this.log.add('GENERIC_MISSING_REQUIRED_VALUE', line, { column: layout[field].name, message: `${layout[field].name}: no value` });
    }
    const position = positionText === '' ? null : parseDecimal(positionText);
    if (positionText !== '' && position === null) {
      ok = false;
      this.log.add('GENERIC_INVALID_NUMBER', line, { column: layout.position.name, value: positionText });
    }
    return ok && position !== null ? { line, marker: ownText(marker), chromosome: ownText(chromosome), position } : null;
  }
}
