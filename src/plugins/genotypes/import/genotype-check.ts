import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { issue, type ImportDb, type ImportIssue, type ImportOptions, type ParsedFile } from '../../../server/import/importer.js';
import { unmatchedIssue } from './create-germplasm.js';
import type { GenotypeReader } from './genotype-source.js';
import { MAX_STATES } from '../storage/matrix-format.js';
import { openGenotypeFile, type WorkbookOrientation } from './readers/open.js';

/** Statuses of this importer's own (Germinate has none for these; each has an importStatus.* text). */
export const GENOTYPE_DUPLICATE_MARKER = 'GENOTYPE_DUPLICATE_MARKER';
export const GENOTYPE_DUPLICATE_GERMPLASM = 'GENOTYPE_DUPLICATE_GERMPLASM';
export const GENOTYPE_TOO_MANY_STATES = 'GENOTYPE_TOO_MANY_STATES';
export const GENOTYPE_NO_DATA = 'GENOTYPE_NO_DATA';

const ORIENTATIONS: readonly WorkbookOrientation[] = ['GENOTYPE_GERMPLASM_BY_MARKER', 'GENOTYPE_MARKER_BY_GERMPLASM'];

/** Opens the uploaded genotype file with the reader its name and the job's orientation call for. */
export function openUpload(file: ParsedFile, options: ImportOptions): Promise<GenotypeReader> {
  if (!file.source) throw new Error('A genotype import needs the uploaded file.');
  const orientation = ORIENTATIONS.find((o) => o === options.dataOrientation) ?? null;
  return openGenotypeFile(file.source.path, { extension: file.source.name, orientation });
}

/** A problem about one name along the file's columns (row = the header line). */
const columnIssue = (status: string, line: number, index: number, name: string, type: 'ERROR' | 'WARNING' = 'ERROR') =>
  issue(status, line, { column: String(index + 2), value: name, message: name, type });

/**
 * Every check of the genotype part of a file, each problem at every occurrence: the reader's own (header,
 * row lengths, positions), germplasm that do not resolve (by name, then unique display name; unknown names
 * are warnings instead when the import creates them, see create-germplasm.ts), a germplasm
 * or marker named twice, more distinct calls than the matrix can index, a file without calls.
 */
export async function checkGenotypes(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportIssue[]> {
  const lookup = await loadGermplasmLookup(target.db.withTables<{ germinatebase: { id: number; name: string; display_name: string } }>());
  const reader = await openUpload(file, options);
  const out: ImportIssue[] = [];
  try {
    const { header } = reader;
    const germplasmRows = header.orientation === 'germplasm-rows';
    const resolve = (name: string, report: (status: string, type: 'ERROR' | 'WARNING') => void) => {
      const match = lookup.resolve(name);
      if ('status' in match) {
        const found = unmatchedIssue(match.status, options);
        report(found.status, found.type);
      }
    };
    const seenColumns = new Set<string>();
    // Markers named twice along the columns are the reader's to report (GENERIC_DUPLICATE_COLUMN).
    if (!germplasmRows) {
      header.columns.forEach((name, index) => {
        const key = name.toLowerCase();
        if (seenColumns.has(key)) out.push(columnIssue(GENOTYPE_DUPLICATE_GERMPLASM, header.headerLine, index, name));
        seenColumns.add(key);
        resolve(name, (status, type) => out.push(columnIssue(status, header.headerLine, index, name, type)));
      });
    }
    const states = new Set<string>(['']);
    const seenRecords = new Set<string>();
    let records = 0;
    for await (const record of reader.records()) {
      options.signal?.throwIfAborted();
      records += 1;
      const key = record.name.toLowerCase();
      if (seenRecords.has(key)) {
        out.push(issue(germplasmRows ? GENOTYPE_DUPLICATE_GERMPLASM : GENOTYPE_DUPLICATE_MARKER, record.line, { column: '1', value: record.name, message: record.name }));
      }
      seenRecords.add(key);
      if (germplasmRows) resolve(record.name, (status, type) => out.push(issue(status, record.line, { column: '1', value: record.name, message: record.name, type })));
      if (states.size < MAX_STATES) for (const call of record.calls) states.add(call);
      if (states.size >= MAX_STATES) {
        out.push(issue(GENOTYPE_TOO_MANY_STATES, record.line, { message: `More than ${MAX_STATES - 1} distinct calls` }));
        break;
      }
    }
    out.push(...reader.issues);
    if (records === 0 || header.columns.length === 0) out.push(issue(GENOTYPE_NO_DATA, -1, { message: 'The file holds no genotype calls' }));
  } finally {
    await reader.close();
  }
  return out;
}
