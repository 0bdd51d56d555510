import { backupFile } from '../../../server/import/file-resource.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import type { ClimateDatatype, ClimateTables } from '../tables.js';
import { DATA_SHEET, readVariables, variableSheet, type VariableRow } from './climate-checks.js';
import { writeDatasheet } from '../../../server/import/datasheet-write.js';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../../../server/db/tables.js';
import { parseRecordingDate } from './values.js';

type ClimateDb = Kysely<CoreTables & ClimateTables>;

/** datasettypes 5: climate. */
export const CLIMATE_DATASET_TYPE = 5;
/** Rows per INSERT: well under SQLite's 32,766 bound parameters with 7 columns. */
const BATCH = 1000;

/**
 * Writes a checked environmental data file in the caller's transaction: the datasheet
 * part, units and climates (found or created), then one climatedata row per non-empty DATA value.
 */
export async function writeClimate(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db: ClimateDb = target.db.withTables<ClimateTables>();
  const now = options.now.toISOString();
  const stamp = { created_on: now, updated_on: now };
  const datasheet = await writeDatasheet(file, target, options, CLIMATE_DATASET_TYPE);
  options.progress?.(0.1);

  const ids = new Map<string, number>();
  let newClimates = 0;
  for (const variable of readVariables(variableSheet(file))) {
    const key = variable.name.toLowerCase();
    if (ids.has(key)) continue;
    const { id, created } = await findOrCreateClimate(db, variable, stamp);
    ids.set(key, id);
    if (created) newClimates += 1;
  }

  const data = file.sheets.get(DATA_SHEET);
  const header = data?.header ?? [];
  // Variables used in DATA but defined only in the database.
  for (const name of header.slice(2)) {
    if (name === null || ids.has(name.toLowerCase())) continue;
    const stored = await db
      .selectFrom('climates')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ids.set(name.toLowerCase(), stored.id);
  }

  const rows = data?.rows ?? [];
  let batch: { climate_id: number; location_id: number; climate_value: string; dataset_id: number; recording_date: string | null; old_recording_date: null; created_on: string; updated_on: string }[] = [];
  let values = 0;
  let first: string | null = null;
  let last: string | null = null;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insertInto('climatedata').values(batch).execute();
    values += batch.length;
    batch = [];
  };
  for (let r = 0; r < rows.length; r += 1) {
    const { cells } = rows[r];
    const locationId = datasheet.locations.get(cells[0] ?? '');
    const date = cells[1] ? parseRecordingDate(cells[1]) : null;
    if (locationId === undefined) throw new Error(`DATA row ${rows[r].row}: location ${cells[0]} was not checked`);
    if (date !== null) {
      if (first === null || date < first) first = date;
      if (last === null || date > last) last = date;
    }
    for (let i = 2; i < cells.length; i += 1) {
      const value = cells[i];
      const name = header[i];
      if (value === null || value === undefined || name === null || name === undefined) continue;
      const climateId = ids.get(name.toLowerCase());
      if (climateId === undefined) throw new Error(`DATA column ${name} was not checked`);
      batch.push({ climate_id: climateId, location_id: locationId, climate_value: value, dataset_id: datasheet.datasetId, recording_date: date, old_recording_date: null, ...stamp });
    }
    if (batch.length >= BATCH) {
      options.signal?.throwIfAborted();
      await flush();
      options.progress?.(0.1 + (0.9 * (r + 1)) / rows.length);
    }
  }
  await flush();
  // The dataset's period is what its data covers (Germinate leaves it empty for template imports).
  if (datasheet.created && first !== null) {
    await db.updateTable('datasets').set({ date_start: first, date_end: last }).where('id', '=', datasheet.datasetId).execute();
  }
  options.signal?.throwIfAborted();
  // Last: nothing after the copy can fail and leave it behind (only the commit itself).
  const fileResourceId = await backupFile(target.db, file, options, datasheet.datasetId);
  options.progress?.(1);
  return {
    datasetId: datasheet.datasetId,
    ...(fileResourceId === null ? {} : { fileResourceId }),
    climates: ids.size,
    newClimates,
    locations: datasheet.locations.size,
    newLocations: datasheet.newLocations,
    climateData: values,
    attributeValues: datasheet.attributeValues,
    collaborators: datasheet.collaborators,
  };
}

/** Units as trials find them: by name, abbreviation and description; created when absent. */
async function findOrCreateUnit(db: ClimateDb, v: VariableRow, stamp: { created_on: string; updated_on: string }): Promise<number | null> {
  if (v.unitName === null) return null;
  let query = db.selectFrom('units').select('id').where('unit_name', '=', v.unitName);
  query = v.unitAbbreviation === null ? query.where('unit_abbreviation', 'is', null) : query.where('unit_abbreviation', '=', v.unitAbbreviation);
  query = v.unitDescription === null ? query.where('unit_description', 'is', null) : query.where('unit_description', '=', v.unitDescription);
  const found = await query.orderBy('id').executeTakeFirst();
  if (found) return found.id;
  return (
    await db
      .insertInto('units')
      .values({ unit_name: v.unitName, unit_abbreviation: v.unitAbbreviation, unit_description: v.unitDescription, ...stamp })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A climate matching name, short name, description, data type and unit (as Germinate matches them), or a new one. */
async function findOrCreateClimate(db: ClimateDb, v: VariableRow, stamp: { created_on: string; updated_on: string }) {
  const unitId = await findOrCreateUnit(db, v, stamp);
  const datatype: ClimateDatatype = v.datatype ?? 'text';
  let query = db.selectFrom('climates').select('id').where('name', '=', v.name).where('datatype', '=', datatype);
  query = v.shortName === null ? query.where('short_name', 'is', null) : query.where('short_name', '=', v.shortName);
  query = v.description === null ? query.where('description', 'is', null) : query.where('description', '=', v.description);
  query = unitId === null ? query.where('unit_id', 'is', null) : query.where('unit_id', '=', unitId);
  const found = await query.orderBy('id').executeTakeFirst();
  if (found) return { id: found.id, created: false };
  const row = await db
    .insertInto('climates')
    .values({ name: v.name, short_name: v.shortName, description: v.description, datatype, unit_id: unitId, ...stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
