import { sql } from 'kysely';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile } from '../../../server/import/importer.js';
import { bulkInsert, type BulkValue } from '../../../server/import/bulk.js';
import { TRIALS_DATASET_TYPE } from '../dataset-scope.js';
import { trialsDb, type TrialsDb } from './bulk.js';
import { DATA, readDataLayout, RECORDING_DATES } from './data-check.js';
import { writeDatasheet } from '../../../server/import/datasheet-write.js';
import { backupFile } from '../../../server/import/file-resource.js';
import { loadGermplasmLookup } from '../../../server/import/germplasm-lookup.js';
import { matchCategory, PHENOTYPES, parseRestrictions, readPhenotypes, traitCatalogue, type Restrictions, type TraitDef } from './phenotypes.js';
import { cellAt, parseDecimal, parseShort, parseTrialDate } from './values.js';

const VALUE_ROWS_PER_STEP = 10_000;

/** Writes a checked trials workbook; the pipeline's transaction makes it all or nothing. */
export async function writeTrials(file: ParsedFile, target: ImportDb, options: ImportOptions): Promise<ImportStats> {
  const db = trialsDb(target);
  const now = options.now.toISOString();
  const progress = (fraction: number) => options.progress?.(fraction);
  const sheet = await writeDatasheet(file, target, options, TRIALS_DATASET_TYPE);
  progress(0.05);

  const fileTraits = readPhenotypes(file.sheets.get(PHENOTYPES)).traits;
  const traitIds = new Map<string, number>();
  for (const trait of fileTraits) {
    const key = trait.name.toLowerCase();
    if (!traitIds.has(key)) traitIds.set(key, await saveTrait(db, trait, now, options.update));
  }
  const catalogue = await traitCatalogue(db, fileTraits);
  progress(0.1);

  const data = file.sheets.get(DATA);
  if (!data) throw new Error('The DATA sheet is missing (the check reports this).');
  const { layout } = readDataLayout(data, catalogue);
  const c = layout.columns;
  const traitColumns = layout.traits.flatMap((t) => {
    const def = t.trait;
    if (!def) return [];
    const id = traitIds.get(def.name.toLowerCase()) ?? def.id;
    return id === undefined ? [] : [{ ...t, def, id }];
  });

  const treatments = await saveTreatments(db, data.rows.map((r) => cellAt(r.cells, c.get('Treatment'))), now);
  const lookup = await loadGermplasmLookup(db);
  const dates = file.sheets.get(RECORDING_DATES);
  const useDates = dates !== undefined && dates.rows.length === data.rows.length && dates.rows.length > 0;

  // One plot per (germplasm, row, column, rep, treatment, location); Block and coordinates come from its first row.
  const plots = new Map<string, BulkValue[]>();
  const plotOfRow: string[] = [];
  const germplasm = new Set<number>();
  for (const { cells } of data.rows) {
    options.signal?.throwIfAborted();
    const cell = (name: string) => cellAt(cells, c.get(name));
    const match = lookup.resolve(cell('Line/Phenotype') ?? '');
    const germplasmId = 'id' in match ? match.id : null;
    if (germplasmId === null) throw new Error(`Unknown germplasm ${cell('Line/Phenotype') ?? ''} (the check reports this).`);
    germplasm.add(germplasmId);
    const location = cell('Location');
    const locationId = location === null ? null : (sheet.locations.get(location) ?? null);
    const treatment = cell('Treatment');
    const treatmentId = treatment === null ? null : (treatments.get(treatment.toLowerCase()) ?? null);
    const rep = cell('Rep') ?? '1';
    const position = (name: string) => (cell(name) === null ? null : parseShort(cell(name) as string));
    const [trialRow, trialColumn] = [position('Row'), position('Column')];
    const key = plotKey(germplasmId, trialRow, trialColumn, rep, treatmentId, locationId);
    plotOfRow.push(key);
    if (!plots.has(key)) {
      const decimal = (name: string) => (cell(name) === null ? null : parseDecimal(cell(name) as string));
      plots.set(key, [
        germplasmId, sheet.datasetId, locationId, treatmentId, cell('Block') ?? '1', rep, trialRow, trialColumn,
        decimal('Latitude'), decimal('Longitude'), decimal('Elevation'),
      ]);
    }
  }
  type PlotRow = { id: number; germinatebase_id: number; trial_row: number | null; trial_column: number | null; rep: string; treatment_id: number | null; location_id: number | null };
  const inserted = await bulkInsert<PlotRow>(
    target, 'trialsetup',
    [
      { name: 'germinatebase_id', type: 'integer' }, { name: 'dataset_id', type: 'integer' }, { name: 'location_id', type: 'integer' },
      { name: 'treatment_id', type: 'integer' }, { name: 'block', type: 'text' }, { name: 'rep', type: 'text' },
      { name: 'trial_row', type: 'integer' }, { name: 'trial_column', type: 'integer' }, { name: 'latitude', type: 'double precision' },
      { name: 'longitude', type: 'double precision' }, { name: 'elevation', type: 'double precision' },
    ],
    [...plots.values()],
    { returning: ['id', 'germinatebase_id', 'trial_row', 'trial_column', 'rep', 'treatment_id', 'location_id'], signal: options.signal },
  );
  // RETURNING promises no order: plots are matched back by their key.
  const plotIds = new Map(inserted.map((p) => [plotKey(p.germinatebase_id, p.trial_row, p.trial_column, p.rep, p.treatment_id, p.location_id), p.id]));
  progress(0.3);

  const dateColumns = useDates ? readDataLayout(dates, catalogue).layout.columns : null;
  const columns = [
    { name: 'trialsetup_id', type: 'integer' }, { name: 'phenotype_id', type: 'integer' },
    { name: 'phenotype_value', type: 'text' }, { name: 'recording_date', type: 'text' },
  ] as const;
  let values: BulkValue[][] = [];
  let written = 0;
  const flush = async () => {
    await bulkInsert(target, 'phenotypedata', columns, values, { signal: options.signal });
    written += values.length;
    values = [];
    progress(0.3 + 0.7 * (written / Math.max(1, written + remaining)));
  };
  let remaining = 0;
  for (const { cells } of data.rows) for (const t of traitColumns) if (cellAt(cells, t.index) !== null) remaining += 1;
  for (let i = 0; i < data.rows.length; i += 1) {
    const { cells } = data.rows[i];
    const plotId = plotIds.get(plotOfRow[i]);
    if (plotId === undefined) throw new Error('A trial plot was not stored.');
    for (const t of traitColumns) {
      const raw = cellAt(cells, t.index);
      if (raw === null) continue;
      let recorded: string | null = null;
      if (dateColumns && dates) {
        const text = cellAt(dates.rows[i].cells, dateColumns.get(t.header));
        const day = text === null ? null : parseTrialDate(text);
        recorded = day === null ? null : `${day}T00:00:00.000Z`;
      }
      values.push([plotId, t.id, normalise(raw, t.def), recorded]);
      remaining -= 1;
      if (values.length >= VALUE_ROWS_PER_STEP) await flush();
    }
  }
  if (values.length > 0) await flush();
  progress(1);

  const stats: ImportStats = {
    datasetId: sheet.datasetId, traits: traitIds.size, germplasm: germplasm.size, locations: sheet.locations.size, collaborators: sheet.collaborators,
    trialsetups: plots.size, phenotypedata: written,
  };
  const backup = await backupFile(target.db, file, options, sheet.datasetId);
  if (backup !== null) stats.fileResourceId = backup;
  return stats;
}

function plotKey(germplasm: number, row: number | null, column: number | null, rep: string, treatment: number | null, location: number | null): string {
  return JSON.stringify([germplasm, row, column, rep, treatment, location]);
}

/** Dates as YYYY-MM-DD; categorical values in the category's own spelling ("2.0" → "2"). */
function normalise(value: string, trait: TraitDef): string {
  if (trait.datatype === 'date') return parseTrialDate(value) ?? value;
  if (trait.datatype === 'categorical' && trait.restrictions.categories) return matchCategory(value, trait.restrictions.categories) ?? value;
  return value;
}

/** Distinct treatment texts → ids, creating the ones not stored yet (matched ignoring case). */
async function saveTreatments(db: TrialsDb, texts: (string | null)[], now: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const t of (await db.selectFrom('treatments').select(['id', 'name']).orderBy('id', 'desc').execute())) ids.set(t.name.toLowerCase(), t.id);
  const fresh = new Map<string, string>();
  for (const text of texts) if (text !== null && !ids.has(text.toLowerCase()) && !fresh.has(text.toLowerCase())) fresh.set(text.toLowerCase(), text);
  for (const [key, name] of fresh) {
    const row = await db.insertInto('treatments').values({ name, description: name, created_on: now, updated_on: now }).returning('id').executeTakeFirstOrThrow();
    ids.set(key, row.id);
  }
  return ids;
}

function sameRestrictions(a: Restrictions, b: Restrictions): boolean {
  const set = (r: Restrictions) => JSON.stringify((r.categories ?? []).map((l) => [...l].sort()).sort());
  return a.min === b.min && a.max === b.max && set(a) === set(b);
}

const hasRestrictions = (r: Restrictions) => r.min !== undefined || r.max !== undefined || r.categories !== undefined;

/**
 * Germinate's trait matching: same name and datatype, same unit, description and
 * short name where the file gives them, then equal restrictions. A match is reused with the file's
 * restrictions written back; otherwise a new trait is made. Update mode (ours; Germinate has none for
 * trials) matches on name and datatype alone and rewrites the trait's definition from the file.
 */
async function saveTrait(db: TrialsDb, trait: TraitDef, now: string, update: boolean): Promise<number> {
  let unitId: number | null = null;
  if (trait.unit) {
    const u = trait.unit;
    const found = await db
      .selectFrom('units')
      .select('id')
      .where('unit_name', '=', u.name)
      .where((eb) => (u.abbreviation === null ? eb('unit_abbreviation', 'is', null) : eb('unit_abbreviation', '=', u.abbreviation)))
      .where((eb) => (u.description === null ? eb('unit_description', 'is', null) : eb('unit_description', '=', u.description)))
      .orderBy('id')
      .executeTakeFirst();
    unitId =
      found?.id ??
      (await db.insertInto('units').values({ unit_name: u.name, unit_abbreviation: u.abbreviation, unit_description: u.description, created_on: now, updated_on: now }).returning('id').executeTakeFirstOrThrow()).id;
  }
  const restrictions = hasRestrictions(trait.restrictions) ? JSON.stringify(trait.restrictions) : null;
  const definition = {
    short_name: trait.shortName ?? null, description: trait.description ?? null, restrictions, unit_id: unitId,
    setsize: trait.setSize ?? null, is_timeseries: trait.isTimeseries ? 1 : 0,
  };
  if (update) {
    const stored = await db
      .selectFrom('phenotypes')
      .select('id')
      .where(sql<string>`lower(name)`, '=', trait.name.toLowerCase())
      .where('datatype', '=', trait.datatype)
      .orderBy('id')
      .executeTakeFirst();
    if (stored) {
      await db.updateTable('phenotypes').set({ ...definition, updated_on: now }).where('id', '=', stored.id).execute();
      return stored.id;
    }
  }
  let query = db
    .selectFrom('phenotypes')
    .select(['id', 'restrictions'])
    .where(sql<string>`lower(name)`, '=', trait.name.toLowerCase())
    .where('datatype', '=', trait.datatype);
  if (unitId !== null) query = query.where('unit_id', '=', unitId);
  if (trait.description) query = query.where('description', '=', trait.description);
  if (trait.shortName) query = query.where('short_name', '=', trait.shortName);
  const candidates = await query.orderBy('id').execute();
  const match = hasRestrictions(trait.restrictions)
    ? candidates.find((t) => sameRestrictions(parseRestrictions(t.restrictions), trait.restrictions))
    : candidates[0];
  if (match) {
    if (restrictions !== null) await db.updateTable('phenotypes').set({ restrictions, updated_on: now }).where('id', '=', match.id).execute();
    return match.id;
  }
  const row = await db
    .insertInto('phenotypes')
    .values({ name: trait.name, datatype: trait.datatype, category_id: null, ...definition, created_on: now, updated_on: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
