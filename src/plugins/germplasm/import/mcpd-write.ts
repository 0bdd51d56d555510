import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { rowSource, type SheetRow, type SheetRows } from '../../../server/import/row-source.js';
import { updatePdci } from '../pdci.js';
import {
  attributeColumns, findOrCreateAttributes, REMARKS_ATTRIBUTE, sheetValues, writeAttributeValues,
} from './mcpd-attributes.js';
import { insertRows } from './mcpd-insert.js';
import { institutionCache, institutionRefs, linkInstitutions } from './mcpd-institutions.js';
import type { PlaceCache } from './mcpd-places.js';
import { prepareRow } from './mcpd-prepare.js';
import { accessionKey, ATTRIBUTES_SHEET, DATA_SHEET, readLayout, recordReader } from './mcpd-row.js';
import { bulkUpdate } from '../../../server/import/bulk.js';
import { germplasmDb, loadAccessions, loadCountries } from './mcpd-sql.js';
import { updateRows } from './mcpd-update.js';

/** Rows written per step: each table gets a few multi-row statements per batch. */
export const WRITE_BATCH = 5000;

/**
 * Writes a checked MCPD file (insert or update mode) inside the caller's transaction, following the
 * steps of Germinate's MCPD import (docs/import-templates.md): rows (taxonomy, site, germinatebase, mcpd, synonyms), REMARKS,
 * institutions, then ADDITIONAL_ATTRIBUTES, entity parents and the PDCI of every updated germplasm.
 * The rows stream in batches of WRITE_BATCH; what stays between batches is what later steps need:
 * accession number → id, the lookups (taxonomies, sites, institutions, attributes) and the parent links.
 */
export async function writeMcpd(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db = germplasmDb(target);
  const countries = await loadCountries(db);
  const stored = await loadAccessions(db);
  const now = options.now.toISOString();
  const known = new Map(stored);
  const places: PlaceCache = {};
  const institutionsKnown = await institutionCache(target);
  const parents: { id: number; parent: string; accenumb: string }[] = [];
  const updated: number[] = [];
  const stats = { germplasm: 0, updated: 0, locations: 0, taxonomies: 0, institutions: 0, attributes: 0, attributeValues: 0 };
  let remarks: number | null = null;
  let dataDone = false;
  let attributesLater = false;

  const writeData = async (sheet: SheetRows) => {
    const toRecord = recordReader(readLayout(sheet, file.kind));
    for await (const batch of batches(sheet.rows, WRITE_BATCH)) {
      options.signal?.throwIfAborted();
      const rows = batch.map((r) => toRecord(r.row, r.cells)).filter((r) => r.values.ACCENUMB !== null).map(prepareRow);
      const written = options.update
        ? await updateRows(target, rows, countries, stored, now, places)
        : await insertRows(target, rows, countries, places);
      const { ids } = written;
      stats.locations += written.locations;
      stats.taxonomies += written.taxonomies;
      if (options.update) {
        stats.updated += ids.length;
        for (const id of ids) updated.push(id);
      } else stats.germplasm += ids.length;
      rows.forEach((row, i) => {
        known.set(row.key, ids[i]);
        if (row.parent !== null) parents.push({ id: ids[i], parent: row.parent, accenumb: row.accenumb });
      });

      // REMARKS also becomes a value of the text attribute "Remarks" (added, never replaced).
      const remarkRows = rows.flatMap((row, i) => (row.mcpd.remarks === null ? [] : [{ germplasm: ids[i], value: row.mcpd.remarks }]));
      if (remarkRows.length > 0) {
        if (remarks === null) {
          const found = await findOrCreateAttributes(db, [REMARKS_ATTRIBUTE]);
          remarks = found.ids.get(REMARKS_ATTRIBUTE.toLowerCase()) ?? null;
          if (remarks === null) throw new Error('Import: attribute Remarks not created');
          stats.attributes += found.created;
        }
        const attribute = remarks;
        const fresh = new Set(options.update ? [] : ids);
        stats.attributeValues += await writeAttributeValues(target, remarkRows.map((r) => ({ attribute, ...r })), 'add', fresh, now);
      }
      const refs = rows.map((row, i) => ({ id: ids[i], refs: institutionRefs(row.mcpd) }));
      stats.institutions += await linkInstitutions(target, refs, institutionsKnown, now);
    }
    dataDone = true;
  };

  const writeAttributes = async (sheet: SheetRows) => {
    const found = await findOrCreateAttributes(db, attributeColumns(sheet).map((c) => c.name));
    stats.attributes += found.created;
    for await (const batch of batches(sheet.rows, WRITE_BATCH)) {
      options.signal?.throwIfAborted();
      const values = sheetValues({ header: sheet.header, rows: batch }, found.ids, known);
      // No `fresh` shortcut here: a "Remarks" column may repeat a value the REMARKS step just wrote.
      stats.attributeValues += await writeAttributeValues(target, values, options.update ? 'overwrite' : 'add', new Set(), now);
    }
  };

  const source = rowSource(file);
  await source.eachSheet(async (sheet) => {
    if (sheet.name === DATA_SHEET) await writeData(sheet);
    else if (sheet.name === ATTRIBUTES_SHEET && file.kind === 'xlsx') {
      // Its rows name germplasm of DATA: a workbook that stores it first is read a second time.
      if (dataDone) await writeAttributes(sheet);
      else attributesLater = true;
    }
  }, options.progress);
  if (attributesLater) {
    await source.eachSheet(async (sheet) => {
      if (sheet.name === ATTRIBUTES_SHEET) await writeAttributes(sheet);
    });
  }

  await setParents(target, parents, known, now);
  // Inserted rows already carry their final score (insertRows); updated rows are scored again here.
  if (options.update) await updatePdci(target, updated);
  return stats;
}

/** Rows in arrays of `size`. */
async function* batches(rows: AsyncIterable<SheetRow>, size: number): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Entity parents after all rows exist, so a parent may come later in the file; set-based. */
async function setParents(
  target: ImportDb,
  parents: { id: number; parent: string; accenumb: string }[],
  known: ReadonlyMap<string, number>,
  now: string,
): Promise<void> {
  const links = parents.map(({ id, parent, accenumb }): [number, number] => {
    const parentId = known.get(accessionKey(parent));
    if (parentId === undefined) throw new Error(`Import: entity parent ${parent} of ${accenumb} not found`);
    return [id, parentId];
  });
  await bulkUpdate(target, 'germinatebase', 'id', [{ name: 'entityparent_id', type: 'integer' }], links, now);
}
