import { issue, type CellText, type ImportDb, type ImportIssue, type Sheet } from '../../../server/import/importer.js';
import { batchSize, bulkInsert, bulkUpdate, chunks } from '../../../server/import/bulk.js';
import { accessionKey, ATTRIBUTES_SHEET, characters, VARCHAR_LIMIT } from './mcpd-row.js';
import { germplasmDb, type GermplasmDb } from './mcpd-sql.js';

export const REMARKS_ATTRIBUTE = 'Remarks';

const VALUE_COLUMNS = [
  { name: 'attribute_id', type: 'integer' },
  { name: 'foreign_id', type: 'integer' },
  { name: 'value', type: 'text' },
] as const;

/** Spreadsheet column letter of a 0-based index (A, B, …, AA), to name a header cell that has no text. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Attribute columns of the ADDITIONAL_ATTRIBUTES header (B onward) that have a name. */
export function attributeColumns(sheet: Pick<Sheet, 'header'>): { index: number; name: string }[] {
  const out: { index: number; name: string }[] = [];
  sheet.header.forEach((name, index) => {
    if (index > 0 && name !== null) out.push({ index, name });
  });
  return out;
}

/**
 * ADDITIONAL_ATTRIBUTES checks: every attribute column needs a unique (case-insensitive) name of at most
 * 255 characters, and column A of each row must be an ACCENUMB of the DATA sheet or of a stored germplasm.
 */
export function checkAttributesSheet(sheet: Sheet, known: (key: string) => boolean): ImportIssue[] {
  const checker = new AttributesChecker(sheet.header, known);
  for (const row of sheet.rows) checker.add(row.cells, row.row);
  return checker.finish();
}

/**
 * The same checks on rows as they stream by. Rows whose ACCENUMB is not known yet are kept (number and
 * value only) and looked up again at the end, when DATA may have been read after this sheet.
 */
export class AttributesChecker {
  private width: number;
  private readonly filled = new Set<number>();
  private readonly unknown: { row: number; accenumb: string | null }[] = [];

  constructor(
    private readonly header: CellText[],
    private readonly known: (key: string) => boolean,
  ) {
    this.width = header.length;
  }

  add(cells: CellText[], row: number): void {
    const last = lastFilled(cells);
    // A loop, not Math.max(...rows): spreading 100,000 arguments overflows the call stack.
    this.width = Math.max(this.width, last + 1);
    for (let index = 1; index <= last; index += 1) if (this.header[index] == null && cells[index] !== null) this.filled.add(index);
    const accenumb = cells[0] ?? null;
    if (accenumb === null || !this.known(accessionKey(accenumb))) this.unknown.push({ row, accenumb });
  }

  finish(): ImportIssue[] {
    const issues: ImportIssue[] = [];
    const at = (status: string, row: number, column: string | null, value: string | null, message?: string) =>
      issues.push(issue(status, row, { sheet: ATTRIBUTES_SHEET, column, value, ...(message === undefined ? {} : { message }) }));
    const header = this.header;
    const lastNamed = header.reduce((last, name, index) => (name !== null ? index : last), -1);
    const names = new Set<string>();
    for (let index = 1; index < this.width; index += 1) {
      const name = header[index] ?? null;
      if (name === null) {
        if (index < lastNamed || this.filled.has(index)) {
          const letter = columnLetter(index);
          at('GENERIC_MISSING_COLUMN', 1, letter, null, `Column ${letter} has no attribute name`);
        }
        continue;
      }
      const key = name.toLowerCase();
      if (names.has(key)) at('GENERIC_DUPLICATE_COLUMN', 1, name, name, name);
      names.add(key);
      if (characters(name) > VARCHAR_LIMIT) at('GENERIC_VALUE_TOO_LONG', 1, name, name, `${name.slice(0, 40)}… (${characters(name)} characters, at most ${VARCHAR_LIMIT})`);
    }
    const first = header[0] ?? 'ACCENUMB';
    for (const { row, accenumb } of this.unknown) {
      if (accenumb === null || !this.known(accessionKey(accenumb))) at('MCPD_MISSING_ACCENUMB', row, first, accenumb, accenumb ?? `${first}: (empty)`);
    }
    return issues;
  }
}

function lastFilled(cells: (string | null)[]): number {
  for (let i = cells.length - 1; i >= 0; i -= 1) if (cells[i] !== null) return i;
  return -1;
}

/** Finds (case-insensitively, among germplasm attributes) or creates text attributes by name. */
export async function findOrCreateAttributes(db: GermplasmDb, names: string[]): Promise<{ ids: Map<string, number>; created: number }> {
  const ids = new Map<string, number>();
  const stored = await db
    .selectFrom('attributes')
    .select(['id', 'name'])
    .where('target_table', '=', 'germinatebase')
    .orderBy('id', 'desc')
    .execute();
  for (const row of stored) ids.set(row.name.toLowerCase(), row.id);
  const missing = new Map<string, string>();
  for (const name of names) if (!ids.has(name.toLowerCase())) missing.set(name.toLowerCase(), name);
  for (const batch of chunks([...missing.values()], batchSize(3))) {
    const rows = await db
      .insertInto('attributes')
      .values(batch.map((name) => ({ name, datatype: 'text' as const, target_table: 'germinatebase', description: null })))
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  }
  return { ids, created: missing.size };
}

/** One attribute value to store. */
export interface AttributeValue {
  attribute: number;
  germplasm: number;
  value: string;
}

interface Stored {
  id: number;
  value: string;
}

/** The stored values of the given attributes for the given germplasm, by `attribute:germplasm`, oldest first. */
async function storedValues(db: GermplasmDb, attributes: number[], germplasm: number[]): Promise<Map<string, Stored[]>> {
  const out = new Map<string, Stored[]>();
  const rows: { id: number; attribute_id: number; foreign_id: number; value: string }[] = [];
  for (const attributeBatch of chunks(attributes, 500)) {
    for (const batch of chunks([...new Set(germplasm)], 500)) {
      const found = await db
        .selectFrom('attributedata')
        .select(['id', 'attribute_id', 'foreign_id', 'value'])
        .where('attribute_id', 'in', attributeBatch)
        .where('foreign_id', 'in', batch)
        .execute();
      for (const row of found) rows.push(row);
    }
  }
  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    const key = `${row.attribute_id}:${row.foreign_id}`;
    const list = out.get(key) ?? [];
    list.push({ id: row.id, value: row.value });
    out.set(key, list);
  }
  return out;
}

/**
 * Writes attribute values. Adding (insert mode, and REMARKS always): skip a value that the germplasm
 * already has for that attribute. Overwriting (update mode, ADDITIONAL_ATTRIBUTES): the (attribute,
 * germplasm) pair ends with exactly the new value. `fresh` germplasm (inserted by this import) have no
 * stored values, so they are not looked up. Returns the number of values inserted or changed.
 */
export async function writeAttributeValues(
  target: ImportDb,
  values: AttributeValue[],
  mode: 'add' | 'overwrite',
  fresh: ReadonlySet<number>,
  now: string,
): Promise<number> {
  const db = germplasmDb(target);
  const attributes = [...new Set(values.map((v) => v.attribute))];
  const stored = await storedValues(db, attributes, values.map((v) => v.germplasm).filter((id) => !fresh.has(id)));
  const inserts: AttributeValue[] = [];
  const pending = new Map<string, AttributeValue>();
  const changes: Stored[] = [];
  const deletes: number[] = [];
  let written = 0;
  for (const v of values) {
    const key = `${v.attribute}:${v.germplasm}`;
    const list = stored.get(key) ?? [];
    if (mode === 'add') {
      if (list.some((s) => s.value === v.value) || pending.has(`${key}:${v.value}`)) continue;
      pending.set(`${key}:${v.value}`, v);
      inserts.push(v);
      continue;
    }
    // Overwrite: a repeated pair in the file leaves the last value.
    const [first, ...extra] = list;
    const queued = pending.get(key);
    if (queued) queued.value = v.value;
    else if (!first) {
      const entry = { ...v };
      pending.set(key, entry);
      inserts.push(entry);
    } else {
      if (first.value !== v.value) changes.push({ id: first.id, value: v.value });
      first.value = v.value;
      deletes.push(...extra.map((s) => s.id));
      stored.set(key, [first]);
    }
  }
  await bulkInsert(target, 'attributedata', VALUE_COLUMNS, inserts.map((v) => [v.attribute, v.germplasm, v.value]));
  written += inserts.length;
  const last = new Map(changes.map((c) => [c.id, c.value]));
  await bulkUpdate(target, 'attributedata', 'id', [{ name: 'value', type: 'text' }], [...last].map(([id, value]) => [id, value]), now);
  written += last.size;
  for (const batch of chunks(deletes, batchSize(1))) await db.deleteFrom('attributedata').where('id', 'in', batch).execute();
  return written;
}

/** The ADDITIONAL_ATTRIBUTES values to write, with germplasm ids from `ids` (accession key → id). */
export function sheetValues(sheet: Pick<Sheet, 'header' | 'rows'>, attributeIds: Map<string, number>, ids: ReadonlyMap<string, number>): AttributeValue[] {
  const columns = attributeColumns(sheet);
  const out: AttributeValue[] = [];
  for (const { cells } of sheet.rows) {
    const accenumb = cells[0] ?? null;
    const germplasm = accenumb === null ? undefined : ids.get(accessionKey(accenumb));
    if (germplasm === undefined) continue;
    for (const { index, name } of columns) {
      const value = cells[index] ?? null;
      const attribute = attributeIds.get(name.toLowerCase());
      if (value !== null && attribute !== undefined) out.push({ attribute, germplasm, value });
    }
  }
  return out;
}
