import { issue, type ImportIssue, type TemplateImporter } from '../../../server/import/importer.js';
import { checkAttributesSheet } from './mcpd-attributes.js';
import { checkRecords } from './mcpd-checks.js';
import { accessionKey, ATTRIBUTES_SHEET, DATA_SHEET, readLayout, readRecords } from './mcpd-row.js';
import { germplasmDb, loadAccessions, loadCountries } from './mcpd-sql.js';
import { writeMcpd } from './mcpd-write.js';

/**
 * Germinate's germplasm MCPD template (datatype `mcpd`): an xlsx workbook with a DATA sheet and an
 * optional ADDITIONAL_ATTRIBUTES sheet, or a delimited text file holding the DATA table only.
 * Every problem is reported at every occurrence (unlike Germinate's first-occurrence-only feedback).
 */
export const mcpdImporter: TemplateImporter = {
  type: 'mcpd',
  extensions: ['.xlsx', '.txt', '.tsv', '.csv'],

  async check(file, target, options) {
    const db = germplasmDb(target);
    const existing = await loadAccessions(db);
    let issues: ImportIssue[] = [];
    const inFile = new Set<string>();
    const data = file.sheets.get(DATA_SHEET);
    if (!data) {
      issues.push(issue('GENERIC_MISSING_EXCEL_SHEET', -1, { sheet: DATA_SHEET, value: DATA_SHEET, message: DATA_SHEET }));
    } else {
      const layout = readLayout(data, file.kind);
      issues.push(...layout.issues);
      // Every value is checked whatever columns are missing: a curator fixes the whole file in one go.
      const records = readRecords(data, layout);
      const countries = await loadCountries(db);
      const accenumbColumn = layout.columns.has('ACCENUMB');
      // concat, not push(...): a broken 100,000-row file yields more issues than a call takes arguments.
      issues = issues.concat(checkRecords(records, { update: options.update, countries, existing, accenumbColumn }));
      for (const record of records) if (record.values.ACCENUMB !== null) inFile.add(accessionKey(record.values.ACCENUMB));
    }
    const attributes = file.kind === 'xlsx' ? file.sheets.get(ATTRIBUTES_SHEET) : undefined;
    if (attributes) issues = issues.concat(checkAttributesSheet(attributes, (key) => inFile.has(key) || existing.has(key)));
    return issues;
  },

  write(file, target, options) {
    return writeMcpd(file, target, options);
  },
};
