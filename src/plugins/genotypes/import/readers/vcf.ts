import type { ImportIssue } from '../../../../server/import/importer.js';
import { parseDecimal } from '../../../../server/import/values.js';
import type { GenotypeHeader, GenotypeReader, GenotypeRecord } from '../genotype-source.js';
import { IssueLog } from './issues.js';
import { LineReader, ownText } from './lines.js';
import { emptyReader, GenotypeRecords } from './record-reader.js';
import { GtCache } from './vcf-calls.js';

/** The fixed columns of a VCF's `#CHROM` line; samples (germplasm) follow FORMAT. */
export const VCF_COLUMNS = ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT'] as const;
const FIXED = VCF_COLUMNS.length;
const TAB = '\t';
const COLON = ':';
const COLON_CODE = 0x3a;

/**
 * A VCF file (4.0–4.3; marker-rows): `##` meta lines, the `#CHROM` line whose samples are the germplasm, then
 * one line per variant. The marker is ID, or `CHROM_POS` when ID is `.`; only GT is read (FORMAT must begin
 * with it), each GT turned into alleles of REF and ALT by the call convention.
 */
export async function openVcf(file: string): Promise<GenotypeReader> {
  const lines = await LineReader.open(file);
  try {
    const issues: ImportIssue[] = [];
    const log = new IssueLog(issues, null);
    const header = await readHeader(lines, log);
    if (!header) {
      await lines.close();
      return emptyReader({ orientation: 'marker-rows', columns: [], meta: {}, headerLine: -1 }, issues);
    }
    return new VcfReader(header, lines, log);
  } catch (error) {
    await lines.close();
    throw error;
  }
}

/** Reads up to the `#CHROM` line; null (reported) when it is missing or has no samples. */
async function readHeader(lines: LineReader, log: IssueLog): Promise<GenotypeHeader | null> {
  let text = await lines.next();
  while (text !== null && (text.startsWith('##') || text === '')) text = await lines.next();
  if (text === null || !text.startsWith('#')) {
    log.add('GENOTYPE_MISSING_ROW', text === null ? -1 : lines.line, { column: VCF_COLUMNS[0], message: 'The #CHROM header line is missing' });
    return null;
  }
  const line = lines.line;
  const cells = text.split(TAB);
  let usable = true;
  VCF_COLUMNS.forEach((name, i) => {
    const found = cells[i];
    if (found !== undefined && found.trim().toUpperCase() === name) return;
    usable = false;
    log.add('GENERIC_MISSING_COLUMN', line, { column: name, value: found ?? null, message: name });
  });
  const samples = cells.slice(FIXED).map((name) => name.trim());
  if (usable && samples.length === 0) {
    log.add('GENERIC_MISSING_COLUMN', line, { column: 'samples', message: 'The VCF has no samples (no germplasm after FORMAT)' });
    usable = false;
  }
  samples.forEach((name, i) => {
    if (name === '') log.add('GENERIC_MISSING_REQUIRED_VALUE', line, { column: String(FIXED + i + 1), message: `The sample name of column ${FIXED + i + 1} is empty` });
  });
  return usable ? { orientation: 'marker-rows', columns: samples, meta: {}, headerLine: line } : null;
}

class VcfReader extends GenotypeRecords<string, LineReader> {
  private readonly cache = new GtCache();
  /** Tab offsets of the fixed columns of the current line. */
  private readonly tabs = new Int32Array(FIXED);

  /** One variant line as a record; null for an empty line, or when the line has a problem (reported). */
  protected record(text: string): GenotypeRecord | null {
    if (text === '') return null;
    const line = this.source.line;
    const tabs = this.tabs;
    let from = 0;
    for (let k = 0; k < FIXED; k += 1) {
      const tab = text.indexOf(TAB, from);
      if (tab < 0) return this.wrongLength(text, line);
      tabs[k] = tab;
      from = tab + 1;
    }
    const chromosome = text.slice(0, tabs[0]);
    const positionText = text.slice(tabs[0] + 1, tabs[1]);
    const id = text.slice(tabs[1] + 1, tabs[2]);
    const name = id === '.' ? `${chromosome}_${positionText}` : id;
    const position = parseDecimal(positionText);
    if (position === null) {
      this.log.add('GENERIC_INVALID_NUMBER', line, { column: 'POS', value: positionText });
      return null;
    }
    // FORMAT must begin with GT (alone, or followed by a colon and other fields).
    const formatStart = tabs[7] + 1;
    if (!text.startsWith('GT', formatStart) || !(tabs[8] === formatStart + 2 || text[formatStart + 2] === COLON)) {
      this.log.add('GENERIC_MISSING_REQUIRED_VALUE', line, {
        column: 'FORMAT',
        value: text.slice(formatStart, tabs[8]),
        message: `FORMAT: ${text.slice(formatStart, tabs[8])} (the first FORMAT field must be GT)`,
      });
      return null;
    }
    const alt = text.slice(tabs[3] + 1, tabs[4]);
    const ref = text.slice(tabs[2] + 1, tabs[3]);
    // Alleles become calls the importer may keep: they must not hold on to the line.
    this.cache.startRecord(alt === '.' ? [ownText(ref)] : [ownText(ref), ...alt.split(',').map(ownText)]);

    const samples = this.header.columns;
    const count = samples.length;
    const calls = new Array<string>(count);
    const end = text.length;
    let at = tabs[8] + 1;
    let bad = false;
    for (let s = 0; s < count; s += 1) {
      if (at > end) return this.wrongLength(text, line);
      const start = at;
      const call = this.cache.read(text, at, end);
      const gtEnd = this.cache.end;
      // The other FORMAT fields of the sample are skipped.
      at = gtEnd < end && text.charCodeAt(gtEnd) === COLON_CODE ? text.indexOf(TAB, gtEnd) : gtEnd;
      if (at < 0) at = end;
      if (typeof call === 'string') calls[s] = call;
      else if (!bad) {
        bad = true;
        const gt = text.slice(start, gtEnd);
        const message =
          call.problem === 'unknown-allele'
            ? `${samples[s]}: GT ${gt} names an allele that REF and ALT (${ref} ${alt}) do not list`
            : `${samples[s]}: GT ${gt} is not a genotype`;
        this.log.add(call.problem === 'unknown-allele' ? 'GENERIC_INVALID_REFERENCE' : 'GENERIC_INVALID_DATATYPE', line, { column: samples[s], value: gt, message });
      }
      // Past the TAB (or one past the end: no further sample).
      at += 1;
    }
    // One past the end exactly: the last sample ended the line; less means more columns follow.
    if (at <= end) return this.wrongLength(text, line);
    return bad ? null : { line, name: ownText(name), calls, chromosome: ownText(chromosome), position };
  }

  /**
   * A line with another number of columns than the header: more or fewer samples, or, on the file's last
   * line without a line end, a file cut short. Reported at the first column missing or in excess.
   */
  private wrongLength(text: string, line: number): null {
    let fields = 1;
    for (let i = text.indexOf(TAB); i >= 0; i = text.indexOf(TAB, i + 1)) fields += 1;
    const expected = FIXED + this.header.columns.length;
    const column = fields < expected ? (VCF_COLUMNS[fields] ?? this.header.columns[fields - FIXED]) : String(expected + 1);
    const counts = `${fields.toLocaleString('en-GB')} columns, the header has ${expected.toLocaleString('en-GB')}`;
    const message = !this.source.terminated && fields < expected
      ? `The file ends inside line ${line} (${counts}): it looks cut short`
      : `Line ${line} has ${counts}`;
    this.log.add('GENOTYPE_HEADER_LENGTH_MISMATCH', line, { column, message });
    return null;
  }
}
