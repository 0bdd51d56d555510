import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportIssue, ImportOptions } from '../../src/server/import/importer.js';
import { runImport } from '../../src/server/import/pipeline.js';
import { readImportFile } from '../../src/server/import/read-file.js';
import { groupsImporter } from '../../src/plugins/groups/import/groups-importer.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import type { GroupsTables } from '../../src/plugins/groups/tables.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { MCPD_XLSX, scratchDir } from './helpers.js';
import { mcpdFile, type Row } from './mcpd-fixtures.js';

const EXAMPLE = path.resolve('demo/groups/example-groups.xlsx');
/** Every message key an issue carries must have an English text (German is checked by the locale tests). */
const EN = JSON.parse(fs.readFileSync(path.resolve('locales/en_GB.json'), 'utf8')) as Record<string, string>;
const NOW = new Date('2025-01-01T00:00:00Z');
const MAX_BYTES = 16 * 1024 * 1024;
type Grid = (string | null)[][];

/** Every sheet of a workbook as rows of cell text (row 1 first), read with exceljs, not with our reader. */
async function readGrid(file: string): Promise<Map<string, Grid>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheets = new Map<string, Grid>();
  workbook.eachSheet((sheet) => {
    const grid: Grid = [];
    for (let r = 1; r <= sheet.rowCount; r += 1) {
      const row: (string | null)[] = [];
      for (let c = 1; c <= sheet.columnCount; c += 1) row.push(sheet.getRow(r).getCell(c).text.trim() || null);
      grid.push(row);
    }
    sheets.set(sheet.name, grid);
  });
  return sheets;
}

/** What a group sheet should produce: groups (named columns of row 3) and their distinct x-marked items. */
function expectedGroups(grid: Grid): { name: string; visibility: number; members: string[] }[] {
  const names = grid[2] ?? [];
  return names.flatMap((name, c) => {
    if (c === 0 || name === null) return [];
    const members = new Set(grid.slice(3).filter((row) => row[c] === 'x' && row[0] !== null).map((row) => (row[0] as string).toLowerCase()));
    return [{ name, visibility: grid[1][c] === 'public' ? 1 : 0, members: [...members].sort() }];
  });
}

let scratch: ReturnType<typeof scratchDir>;
async function writeXlsx(name: string, sheets: Record<string, Grid>): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  for (const [sheetName, rows] of Object.entries(sheets)) workbook.addWorksheet(sheetName).addRows(rows);
  const file = path.join(scratch.dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** A small valid GERMPLASM sheet; tests break one thing at a time. */
function germplasmSheet(): Grid {
  return [
    ['Group description ->', 'First', 'Second'],
    ['Group visibility ->', 'public', 'private'],
    ['Group name ->', 'Group A', 'Group B'],
    ['CACTUAR-1', 'x', null],
    ['CACTUAR-2', 'x', 'x'],
    ['CACTUAR-3', null, 'x'],
  ];
}

describe.each(testDialects())('groups template on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<GroupsTables>;
  const count = async (table: 'groups' | 'groupmembers') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const options = (extra: Partial<ImportOptions> = {}): ImportOptions => ({ update: false, now: NOW, ...extra });
  const target = () => ({ db: test.database.db, dialect });
  /** The pipeline on a file; returns the issues and asserts that nothing was written when there is an ERROR. */
  async function run(file: string, update = false): Promise<{ issues: ImportIssue[]; status: string }> {
    const before = [await count('groups'), await count('groupmembers')];
    const result = await runImport(test.database, [groupsImporter], { file, type: 'groups', update, checkOnly: false }, { maxBytes: MAX_BYTES, now: NOW });
    if (result.status === 'rejected') expect([await count('groups'), await count('groupmembers')]).toEqual(before);
    return { issues: result.issues, status: result.status };
  }
  const errors = (issues: ImportIssue[]) =>
    issues.filter((i) => i.type === 'ERROR').map((i) => ({ status: i.status, rowIndex: i.rowIndex, sheet: i.sheet, column: i.column, value: i.value }));

  beforeAll(async () => {
    scratch = scratchDir();
    test = await freshDatabase(dialect);
    db = test.database.db.withTables<GroupsTables>() as unknown as Kysely<GroupsTables>;
    // The demo germplasm, then what the example names but the demo MCPD file lacks (CACTUAR-1…30 and the
    // example's locations as collecting sites), plus two germplasm sharing a display name.
    const mcpd = await readImportFile(MCPD_XLSX, { maxBytes: 64 * 1024 * 1024 });
    const example = await readGrid(EXAMPLE);
    const sites = (example.get('LOCATIONS') ?? []).slice(3).flatMap((row) => (row[0] === null ? [] : [row[0]]));
    const rows: Row[] = [
      ...Array.from({ length: 30 }, (_, i) => ({ ACCENUMB: `CACTUAR-${i + 1}` })),
      ...sites.map((site, i) => ({ ACCENUMB: `SITE-${i + 1}`, COLLSITE: site, ORIGCTY: 'GBR' })),
      { ACCENUMB: 'TWIN-1', ACCENAME: 'Twin' },
      { ACCENUMB: 'TWIN-2', ACCENAME: 'Twin' },
    ];
    for (const file of [mcpd, mcpdFile(rows)]) {
      expect((await mcpdImporter.check(file, target(), options())).filter((i) => i.type === 'ERROR')).toEqual([]);
      await test.database.db.transaction().execute((trx) => mcpdImporter.write(file, { db: trx, dialect }, options()));
    }
  });
  afterAll(async () => {
    await test?.cleanup();
    scratch?.remove();
  });

  it('imports the example: every named group with its x-marked members; MARKERS is left out with a warning', async () => {
    const grid = await readGrid(EXAMPLE);
    const file = await readImportFile(EXAMPLE, { maxBytes: MAX_BYTES });
    const issues = await groupsImporter.check(file, target(), options());
    expect(issues.map((i) => [i.status, i.type, i.sheet])).toEqual([['GROUP_MARKERS_UNAVAILABLE', 'WARNING', 'MARKERS']]);
    expect(EN[issues[0].messageKey]).toBeTypeOf('string');
    const stats = await test.database.db.transaction().execute((trx) => groupsImporter.write(file, { db: trx, dialect }, options({ userId: 42 })));

    const expected = [...expectedGroups(grid.get('GERMPLASM') ?? []).map((g) => ({ ...g, type: 3 })), ...expectedGroups(grid.get('LOCATIONS') ?? []).map((g) => ({ ...g, type: 1 }))];
    expect(expected.length).toBe(5);
    expect(stats.groups).toBe(expected.length);
    expect(await count('groups')).toBe(expected.length);
    expect(await count('groupmembers')).toBe(expected.reduce((n, g) => n + g.members.length, 0));

    const stored = await db.selectFrom('groups').select(['id', 'name', 'visibility', 'grouptype_id', 'created_by', 'description']).orderBy('id').execute();
    expect(stored.map((g) => ({ name: g.name, visibility: g.visibility, type: g.grouptype_id, by: g.created_by }))).toEqual(
      expected.map((g) => ({ name: g.name, visibility: g.visibility, type: g.type, by: 42 })),
    );
    expect(stored[0].description).toBe(grid.get('GERMPLASM')?.[0][1]);
    // Members by the names they were given (germplasm by name, locations by site name).
    for (const [i, group] of expected.entries()) {
      const query =
        group.type === 3
          ? sql<{ name: string }>`SELECT lower(g.name) AS name FROM groupmembers m JOIN germinatebase g ON g.id = m.foreign_id WHERE m.group_id = ${stored[i].id}`
          : sql<{ name: string }>`SELECT DISTINCT lower(l.site_name) AS name FROM groupmembers m JOIN locations l ON l.id = m.foreign_id WHERE m.group_id = ${stored[i].id}`;
      const names = (await query.execute(db)).rows.map((r) => r.name).sort();
      expect(names).toEqual(group.members);
    }
    await db.deleteFrom('groups').execute();
  });

  it('update mode updates the groups of the same name and type the importer has, instead of adding a second of each; insert mode adds', async () => {
    const file = await writeXlsx('update.xlsx', { GERMPLASM: germplasmSheet() });
    try {
      expect((await run(file)).status).toBe('imported');
      const first = { groups: await count('groups'), members: await count('groupmembers') };
      expect((await run(file, true)).status).toBe('imported');
      expect(await count('groups')).toBe(first.groups);
      expect(await count('groupmembers')).toBe(first.members);
      expect((await run(file)).status).toBe('imported');
      expect(await count('groups')).toBe(2 * first.groups);
    } finally {
      await db.deleteFrom('groupmembers').execute();
      await db.deleteFrom('groups').execute();
    }
  });

  it('stops when the job is cancelled, writing nothing', async () => {
    const file = await readImportFile(await writeXlsx('cancel.xlsx', { GERMPLASM: germplasmSheet() }), { maxBytes: MAX_BYTES });
    const controller = new AbortController();
    controller.abort();
    await expect(groupsImporter.check(file, target(), options({ signal: controller.signal }))).rejects.toThrow();
    await expect(
      test.database.db.transaction().execute((trx) => groupsImporter.write(file, { db: trx, dialect }, options({ signal: controller.signal }))),
    ).rejects.toThrow();
    expect(await count('groups')).toBe(0);
  });

  const broken: [string, () => Record<string, Grid>, { status: string; rowIndex: number; sheet: string | null; column: string | null; value: string | null }[]][] = [
    ['a member cell other than x', () => {
      const g = germplasmSheet();
      g[3][1] = 'X';
      g[5][2] = 'yes';
      return { GERMPLASM: g };
    }, [
      { status: 'GROUP_INVALID_CELL_VALUE', rowIndex: 4, sheet: 'GERMPLASM', column: 'B', value: 'X' },
      { status: 'GROUP_INVALID_CELL_VALUE', rowIndex: 6, sheet: 'GERMPLASM', column: 'C', value: 'yes' },
    ]],
    ['a visibility other than public or private', () => {
      const g = germplasmSheet();
      g[1][1] = 'Public';
      g[1][2] = 'hidden';
      return { GERMPLASM: g };
    }, [
      { status: 'GROUP_INVALID_GROUP_VISIBILITY', rowIndex: 2, sheet: 'GERMPLASM', column: 'B', value: 'Public' },
      { status: 'GROUP_INVALID_GROUP_VISIBILITY', rowIndex: 2, sheet: 'GERMPLASM', column: 'C', value: 'hidden' },
    ]],
    ['rows 2 and 3 of different length', () => {
      const g = germplasmSheet();
      g[1].push('public');
      return { GERMPLASM: g };
    }, [{ status: 'GROUP_HEADER_MISMATCH', rowIndex: 3, sheet: 'GERMPLASM', column: 'D', value: 'public' }]],
    ['a missing visibility', () => {
      const g = germplasmSheet();
      g[1][1] = null;
      return { GERMPLASM: g };
    }, [{ status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 2, sheet: 'GERMPLASM', column: 'B', value: null }]],
    ['a missing group name', () => {
      const g = germplasmSheet();
      g[2][1] = null;
      return { GERMPLASM: g };
    }, [{ status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 3, sheet: 'GERMPLASM', column: 'B', value: null }]],
    ['a group name over 255 characters', () => {
      const g = germplasmSheet();
      g[2][2] = 'n'.repeat(256);
      return { GERMPLASM: g };
    }, [{ status: 'GENERIC_VALUE_TOO_LONG', rowIndex: 3, sheet: 'GERMPLASM', column: 'C', value: 'n'.repeat(256) }]],
    ['unknown germplasm', () => {
      const g = germplasmSheet();
      g.push(['NO-SUCH-1', 'x', null], ['NO-SUCH-2', null, null]);
      return { GERMPLASM: g };
    }, [
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 7, sheet: 'GERMPLASM', column: 'A', value: 'NO-SUCH-1' },
      { status: 'GENERIC_INVALID_GERMPLASM', rowIndex: 8, sheet: 'GERMPLASM', column: 'A', value: 'NO-SUCH-2' },
    ]],
    ['a display name shared by two germplasm', () => {
      const g = germplasmSheet();
      g.push(['twin', 'x', null]);
      return { GERMPLASM: g };
    }, [{ status: 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE', rowIndex: 7, sheet: 'GERMPLASM', column: 'A', value: 'twin' }]],
    ['a marked row without identifier', () => {
      const g = germplasmSheet();
      g.push([null, null, 'x']);
      return { GERMPLASM: g };
    }, [{ status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: 7, sheet: 'GERMPLASM', column: 'A', value: null }]],
    ['an unknown location', () => ({
      LOCATIONS: [['Group description ->'], ['Group visibility ->', 'public'], ['Group name ->', 'Sites'], ['Dundee', 'x'], ['Atlantis', 'x']],
    }), [{ status: 'GENERIC_INVALID_LOCATION', rowIndex: 5, sheet: 'LOCATIONS', column: 'A', value: 'Atlantis' }]],
    ['no group sheet (renamed)', () => ({ Germplasm: germplasmSheet() }), [
      { status: 'GENERIC_MISSING_EXCEL_SHEET', rowIndex: -1, sheet: null, column: null, value: 'GERMPLASM, MARKERS, LOCATIONS' },
    ]],
    ['a template without groups', () => ({ GERMPLASM: [['Group description ->'], ['Group visibility ->'], ['Group name ->']] }), [
      { status: 'GENERIC_MISSING_REQUIRED_VALUE', rowIndex: -1, sheet: null, column: null, value: null },
    ]],
  ];

  it.each(broken)('reports %s at every occurrence and writes nothing', async (_, sheets, expected) => {
    const file = await writeXlsx(`broken-${Math.random().toString(36).slice(2)}.xlsx`, sheets());
    const { issues, status } = await run(file);
    expect(status).toBe('rejected');
    expect(errors(issues)).toEqual(expected);
    for (const item of issues) expect(EN[item.messageKey], item.messageKey).toBeTypeOf('string');
  });

  it('resolves markers, and reports unknown markers', async () => {
    await sql`INSERT INTO markertypes (id, description) VALUES (1, 'SNP')`.execute(db);
    await sql`INSERT INTO markers (id, markertype_id, marker_name) VALUES (1, 1, 'm1'), (2, 1, 'm2')`.execute(db);
    const sheet: Grid = [['Group description ->'], ['Group visibility ->', 'private'], ['Group name ->', 'Markers'], ['M1', 'x'], ['m2', 'x'], ['m3', null]];
    const bad = await run(await writeXlsx('markers-bad.xlsx', { MARKERS: sheet }));
    expect(errors(bad.issues)).toEqual([{ status: 'GENERIC_INVALID_MARKER', rowIndex: 6, sheet: 'MARKERS', column: 'A', value: 'm3' }]);
    const good = await run(await writeXlsx('markers.xlsx', { MARKERS: sheet.slice(0, 5) }));
    expect(good).toEqual({ issues: [], status: 'imported' });
    const members = await db.selectFrom('groupmembers').innerJoin('groups', 'groups.id', 'groupmembers.group_id').select(['foreign_id', 'grouptype_id', 'visibility']).orderBy('foreign_id').execute();
    expect(members).toEqual([{ foreign_id: 1, grouptype_id: 2, visibility: 0 }, { foreign_id: 2, grouptype_id: 2, visibility: 0 }]);
  });
});
