import { issue, type ImportIssue, type TemplateImporter } from '../../../server/import/importer.js';
import { rowSource } from '../../../server/import/row-source.js';
import { AttributesChecker } from './mcpd-attributes.js';
import { RecordChecker } from './mcpd-checks.js';
import { ATTRIBUTES_SHEET, DATA_SHEET, readLayout, recordReader } from './mcpd-row.js';
import { germplasmDb, loadAccessions, loadCountries } from './mcpd-sql.js';
import { writeMcpd } from './mcpd-write.js';

/** Rows between two looks at the job's cancellation. */
const CANCEL_EVERY = 1000;

/**
 * Germinate's germplasm MCPD template (datatype `mcpd`): an xlsx workbook with a DATA sheet and an
 * optional ADDITIONAL_ATTRIBUTES sheet, or a delimited text file holding the DATA table only.
 * Every problem is reported at every occurrence (unlike Germinate's first-occurrence-only feedback).
 * Rows stream: the check keeps the file's accession numbers and the issues, never the rows.
 */
export const mcpdImporter: TemplateImporter = {
  type: 'mcpd',
  extensions: ['.xlsx', '.txt', '.tsv', '.csv'],
  streams: true,

  async check(file, target, options) {
    const db = germplasmDb(target);
    const existing = await loadAccessions(db);
    const countries = await loadCountries(db);
    let data: { header: ImportIssue[]; rows: RecordChecker } | null = null;
    let attributes: AttributesChecker | null = null;
    const inFile = (key: string) => data?.rows.keys.has(key) === true || existing.has(key);
    await rowSource(file).eachSheet(async (sheet) => {
      if (sheet.name === DATA_SHEET) {
        const layout = readLayout(sheet, file.kind);
        // Every value is checked whatever columns are missing: a curator fixes the whole file in one go.
        const rows = new RecordChecker({ update: options.update, countries, existing, accenumbColumn: layout.columns.has('ACCENUMB') });
        data = { header: layout.issues, rows };
        const toRecord = recordReader(layout);
        let count = 0;
        for await (const { row, cells } of sheet.rows) {
          rows.add(toRecord(row, cells));
          if (++count % CANCEL_EVERY === 0) options.signal?.throwIfAborted();
        }
      } else if (sheet.name === ATTRIBUTES_SHEET && file.kind === 'xlsx') {
        const checker = new AttributesChecker(sheet.header, inFile);
        attributes = checker;
        for await (const { row, cells } of sheet.rows) checker.add(cells, row);
      }
    }, options.progress);
    const found = data as { header: ImportIssue[]; rows: RecordChecker } | null;
    // concat, not push(...): a broken 100,000-row file yields more issues than a call takes arguments.
    let issues: ImportIssue[] = found
      ? found.header.concat(found.rows.finish())
      : [issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: DATA_SHEET, value: DATA_SHEET, message: DATA_SHEET })];
    const attributeSheet = attributes as AttributesChecker | null;
    if (attributeSheet) issues = issues.concat(attributeSheet.finish());
    return issues;
  },

  write(file, target, options) {
    return writeMcpd(file, target, options);
  },
};
