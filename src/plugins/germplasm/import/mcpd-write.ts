import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { updatePdci } from '../pdci.js';
import {
  attributeColumns, findOrCreateAttributes, REMARKS_ATTRIBUTE, sheetValues, writeAttributeValues, type AttributeValue,
} from './mcpd-attributes.js';
import { insertRows } from './mcpd-insert.js';
import { institutionRefs, linkInstitutions } from './mcpd-institutions.js';
import { prepareRow, type PreparedRow } from './mcpd-prepare.js';
import { accessionKey, ATTRIBUTES_SHEET, DATA_SHEET, readLayout, readRecords } from './mcpd-row.js';
import { bulkUpdate } from '../../../server/import/bulk.js';
import { germplasmDb, loadAccessions, loadCountries } from './mcpd-sql.js';
import { updateRows } from './mcpd-update.js';

/**
 * Writes a checked MCPD file (insert or update mode) inside the caller's transaction, following the
 * steps of Germinate's MCPD import (docs/import-templates.md): rows (taxonomy, site, germinatebase, mcpd, synonyms), REMARKS,
 * institutions, entity parents, ADDITIONAL_ATTRIBUTES, then the PDCI of every written germplasm.
 * Lookups are loaded once; every table is written in multi-row batches.
 */
export async function writeMcpd(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db = germplasmDb(target);
  const data = file.sheets.get(DATA_SHEET);
  const rows = data ? readRecords(data, readLayout(data, file.kind)).filter((r) => r.values.ACCENUMB !== null).map(prepareRow) : [];
  const countries = await loadCountries(db);
  const stored = await loadAccessions(db);

  const now = options.now.toISOString();
  const written = options.update ? await updateRows(target, rows, countries, stored, now) : await insertRows(target, rows, countries);
  const { ids } = written;
  const known = new Map(stored);
  rows.forEach((row, i) => known.set(row.key, ids[i]));
  const fresh = new Set(options.update ? [] : ids);

  // REMARKS also becomes a value of the text attribute "Remarks" (added, never replaced).
  const remarkRows = rows.flatMap((row, i) => (row.mcpd.remarks === null ? [] : [{ germplasm: ids[i], value: row.mcpd.remarks }]));
  let attributes = 0;
  let attributeValues = 0;
  if (remarkRows.length > 0) {
    const remarks = await findOrCreateAttributes(db, [REMARKS_ATTRIBUTE]);
    const attribute = remarks.ids.get(REMARKS_ATTRIBUTE.toLowerCase());
    if (attribute === undefined) throw new Error('Import: attribute Remarks not created');
    attributes += remarks.created;
    attributeValues += await writeAttributeValues(target, remarkRows.map((r) => ({ attribute, ...r })), 'add', fresh, now);
  }

  const institutions = await linkInstitutions(target, rows.map((row, i) => ({ id: ids[i], refs: institutionRefs(row.mcpd) })));
  await setParents(target, rows, ids, known, now);

  const sheet = file.kind === 'xlsx' ? file.sheets.get(ATTRIBUTES_SHEET) : undefined;
  if (sheet) {
    const names = attributeColumns(sheet).map((c) => c.name);
    const found = await findOrCreateAttributes(db, names);
    attributes += found.created;
    const values: AttributeValue[] = sheetValues(sheet, found.ids, known);
    // No `fresh` shortcut here: a "Remarks" column may repeat a value the REMARKS step just wrote.
    attributeValues += await writeAttributeValues(target, values, options.update ? 'overwrite' : 'add', new Set(), now);
  }

  // Inserted rows already carry their final score (insertRows); updated rows are scored again here.
  if (options.update) await updatePdci(target, ids);
  return {
    germplasm: options.update ? 0 : ids.length,
    updated: options.update ? ids.length : 0,
    locations: written.locations,
    taxonomies: written.taxonomies,
    institutions,
    attributes,
    attributeValues,
  };
}

/** Entity parents after all rows exist, so a parent may come later in the file; set-based. */
async function setParents(
  target: ImportDb,
  rows: PreparedRow[],
  ids: number[],
  known: ReadonlyMap<string, number>,
  now: string,
): Promise<void> {
  const links: [number, number][] = [];
  rows.forEach((row, i) => {
    if (row.parent === null) return;
    const parent = known.get(accessionKey(row.parent));
    if (parent === undefined) throw new Error(`Import: entity parent ${row.parent} of ${row.accenumb} not found`);
    links.push([ids[i], parent]);
  });
  await bulkUpdate(target, 'germinatebase', 'id', [{ name: 'entityparent_id', type: 'integer' }], links, now);
}
