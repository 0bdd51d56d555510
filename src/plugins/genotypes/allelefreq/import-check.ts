import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { issue, type ImportDb, type ImportIssue, type ImportOptions, type ParsedFile } from '../../../server/import/importer.js';
import { unmatchedIssue } from '../import/create-germplasm.js';
import { GENOTYPE_DUPLICATE_GERMPLASM } from '../import/genotype-check.js';
import type { GenotypeReader } from '../import/genotype-source.js';
import { openGenotypeFile } from '../import/readers/open.js';

/** A file without any frequency (no marker, or no germplasm line). */
export const ALLELEFREQ_NO_DATA = 'ALLELEFREQ_NO_DATA';

/**
 * The uploaded allele-frequency file: Germinate's tab-separated source (with the genotype flat file's
 * optional `# dataset = …`, `# map = …`, `# markerType = …` lines and map rows), or the genotype workbook
 * (germplasm by marker) holding frequencies in DATA. Frequencies are checked by the reader (0..1).
 */
export function openFrequencies(file: ParsedFile, options: Pick<ImportOptions, 'signal'> = {}): Promise<GenotypeReader> {
  options.signal?.throwIfAborted();
  if (!file.source) throw new Error('An allele frequency import needs the uploaded file.');
  return openGenotypeFile(file.source.path, { extension: file.source.name, datatype: 'allelefreq' });
}

/**
 * Every check of the frequency part of a file, each problem where it is: the reader's (header, row lengths,
 * numbers that are no frequency, with line and marker), germplasm that do not resolve (by name, then unique
 * display name; unknown names are warnings instead when the import creates them), a germplasm named twice, a
 * file without frequencies.
 */
export async function checkFrequencies(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportIssue[]> {
  const lookup = await loadGermplasmLookup(target.db.withTables<{ germinatebase: { id: number; name: string; display_name: string } }>());
  const reader = await openFrequencies(file, options);
  const out: ImportIssue[] = [];
  try {
    const seen = new Set<string>();
    let records = 0;
    for await (const record of reader.records()) {
      if (records % 1000 === 0) options.signal?.throwIfAborted();
      records += 1;
      const at = { column: '1', value: record.name, message: record.name };
      const key = record.name.toLowerCase();
      if (seen.has(key)) out.push(issue(GENOTYPE_DUPLICATE_GERMPLASM, record.line, at));
      seen.add(key);
      const match = lookup.resolve(record.name);
      if ('status' in match) {
        const found = unmatchedIssue(match.status, options);
        out.push(issue(found.status, record.line, { ...at, type: found.type }));
      }
    }
    out.push(...reader.issues);
    // A file whose header could not be read already says why; one that simply holds nothing says so.
    if ((records === 0 || reader.header.columns.length === 0) && !out.some((i) => i.type === 'ERROR')) {
      out.push(issue(ALLELEFREQ_NO_DATA, -1, { message: 'The file holds no allele frequencies' }));
    }
  } finally {
    await reader.close();
  }
  return out;
}
