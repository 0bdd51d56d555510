import type { ImportIssue } from '../../../../server/import/importer.js';
import { parseDecimal } from '../../../../server/import/values.js';
import type { GenotypeHeader, GenotypeReader, GenotypeRecord } from '../genotype-source.js';
import { HapmapCalls } from './calls.js';
import { IssueLog } from './issues.js';
import { LineReader, ownText } from './lines.js';
import { emptyReader, GenotypeRecords } from './record-reader.js';

/** HapMap's eleven fixed columns; germplasm follow from the twelfth. */
export const HAPMAP_COLUMNS = [
  'rs#', 'alleles', 'chrom', 'pos', 'strand', 'assembly#', 'center', 'protLSID', 'assayLSID', 'panelLSID', 'QCcode',
] as const;
const FIXED = HAPMAP_COLUMNS.length;
const CHROM = 2;
const POS = 3;

/** TASSEL, the usual HapMap writer, names the tenth column `panel`; the names are compared without case. */
function fixedColumnMatches(found: string, index: number): boolean {
  const name = found.trim().toLowerCase();
  return name === HAPMAP_COLUMNS[index].toLowerCase() || (index === 9 && name === 'panel');
}

/**
 * A HapMap file (`.hapmap`, `.hmp.txt`; marker-rows): line 1 is the eleven fixed columns then the germplasm;
 * each further line a marker: its name, chromosome (`chrom`) and position (`pos`), then one call per
 * germplasm, converted by the call convention (`AG` → `A/G`, `AA` → `A`, `NN` → '', IUPAC codes).
 */
export async function openHapmap(file: string): Promise<GenotypeReader> {
  const lines = await LineReader.open(file);
  try {
    const issues: ImportIssue[] = [];
    const log = new IssueLog(issues, null);
    const first = await lines.next();
    const cells = first === null ? [] : first.split('\t');
    const wrong = HAPMAP_COLUMNS.findIndex((_, i) => cells[i] === undefined || !fixedColumnMatches(cells[i], i));
    if (wrong >= 0) {
      log.add('GENOTYPE_HAPMAP_INCORRECT_HEADER', 1, {
        column: HAPMAP_COLUMNS[wrong],
        value: cells[wrong] ?? null,
        message: `Column ${wrong + 1} of the header must be ${HAPMAP_COLUMNS[wrong]}`,
      });
    }
    const header: GenotypeHeader = {
      orientation: 'marker-rows',
      columns: cells.slice(FIXED).map((name) => name.trim()),
      meta: {},
      headerLine: 1,
    };
    // Without the fixed columns the lines below cannot be read by position.
    if (cells.length < FIXED) {
      await lines.close();
      return emptyReader(header, issues);
    }
    header.columns.forEach((name, i) => {
      if (name === '') log.add('GENERIC_MISSING_REQUIRED_VALUE', 1, { column: String(FIXED + i + 1), message: `The germplasm name of column ${FIXED + i + 1} is empty` });
    });
    return new HapmapReader(header, lines, log);
  } catch (error) {
    await lines.close();
    throw error;
  }
}

class HapmapReader extends GenotypeRecords<string, LineReader> {
  private readonly calls = new HapmapCalls();
  /** The header line's number of cells: every marker line's. */
  private readonly fields = FIXED + this.header.columns.length;

  /** One marker line as a record; null for an empty line, or when the line has a problem (reported). */
  protected record(text: string): GenotypeRecord | null {
    if (text === '') return null;
    const line = this.source.line;
    const cells = text.split('\t');
    const name = cells[0].trim();
    if (cells.length !== this.fields) {
      this.log.add('GENOTYPE_HAPMAP_INCORRECT_ROW_LENGTH', line, {
        column: String(Math.min(cells.length, this.fields) + 1),
        message: name,
      });
      return null;
    }
    if (name === '') {
      this.log.add('GENERIC_MISSING_REQUIRED_VALUE', line, { column: HAPMAP_COLUMNS[0], message: `${HAPMAP_COLUMNS[0]}: the marker name is empty` });
      return null;
    }
    const positionText = cells[POS].trim();
    const position = positionText === '' ? null : parseDecimal(positionText);
    if (position === null && positionText !== '') {
      this.log.add('GENERIC_INVALID_NUMBER', line, { column: HAPMAP_COLUMNS[POS], value: positionText });
      return null;
    }
    const chromosome = cells[CHROM].trim();
    const count = this.fields - FIXED;
    const calls = new Array<string>(count);
    for (let i = 0; i < count; i += 1) calls[i] = this.calls.call(cells[FIXED + i]);
    return { line, name: ownText(name), calls, chromosome: chromosome === '' ? null : ownText(chromosome), position };
  }
}
