import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Filter } from '../../src/core/table-request.js';
import type { DialectName } from '../../src/server/db/database.js';
import { TableQuery } from '../../src/server/table/engine.js';
import type { TableView } from '../../src/server/table/view.js';
import { germplasmView } from '../../src/plugins/germplasm/queries.js';
import { freshDatabase, testDialects, type TestDatabase } from '../support/databases.js';

/*
 * The trigram indexes (and the institutions rewrite) must not change what a filter finds: every filter
 * below runs through the indexed view and through the same view without its index hints (the plain
 * conditions of text-match.ts and filters.ts), on PostgreSQL once with scans forbidden and once with
 * index scans forbidden, and the ids must be the same; then both databases must agree.
 */

const NAMES: [string, string | null, string | null][] = [
  // name, number, synonyms (JSON)
  ['Müller Weizen', 'ACC 1', '["Mueller","MÜLLER-W"]'],
  ['MÜLLER', 'ACC 12', null],
  ['müller gold', null, '["gold_1","GOLD%2"]'],
  ['Straße', 'ACC STRASSE', '["Strasse"]'],
  ['STRASSE', 'x', null],
  ['İstanbul', 'ACC İ', '["ıstanbul"]'],
  ['Iı dotless', 'ab', null],
  ['Kelvin \u212a', 'K-1', '["\u212aelvin"]'],
  ['ABC_def', 'ACC_008', '["x_y","ABC_DEF"]'],
  ['ABCxdef', 'ACC-009', '["abcXdef"]'],
  ['100% pure', '100%', '["100%"]'],
  ['a"quote"b', 'Q"1', '["a\\"quote\\"b"]'],
  ["O'Brien", "O'B 1", null],
  ['BENCH-0000123', 'BENCH 123', '["BENCH-0000123", 42]'],
  ['x', null, '[]'],
  ['ab', 'ab', '["ab"]'],
  ['Ǆemal ǅ', 'ǆ 1', '["ǅemal"]'],
  ['🌾wheat 🌾', 'WHEAT-🌾', '["🌾"]'],
  ['Ärger Gerste 2 Zeilen', 'ÄRGER 2', '["ärger"]'],
  ['tab\tname', 'TAB\t2', null],
];

/** Rows whose names hold letters with special Unicode case mappings (see the last test). */
const SPECIAL_ROWS = new Set([6, 7, 8, 17]);

const VALUES = [
  'müller', 'MÜLLER', 'ller', 'LLER', 'ü', 'Ü', 'strasse', 'ß', 'STRAẞE', 'ı', 'I', 'i', 'İ', 'k', 'K', '\u212a', 'kelvin',
  'abc_def', 'ABC_DEF', 'abc%def', 'abc%', '%def', '%', '%%', '100%', '100% p', 'quote"b', '"', "o'b", "O'BRIEN", 'bench-00001',
  'bench-0000123', '123', '0000', 'ab', 'x', 'x_y', '🌾wh', 'wheat', 'heat 🌾', 'zzz', 'l%er', '%ll%er%', 'ǆ', 'Ǆemal', 'e 2 z',
  'gerste 2', 'ärger', 'ÄRGER', 'tab\tn', 'acc', 'ACC 1', 'acc_', 'acc-', 'gold_1', 'gold%2', '42', '"ab"', '["ab"]', 'Mueller',
  'ü%ller', 'M%LLER w', '\u0001abc', 'a'.repeat(70), `${'ab'.repeat(40)}üller`,
];
const TOKENS = ['müller', 'mueller', 'MUELLER', 'gold_1', 'gold', 'x_y', 'xy', 'abc_def', 'ABC_DEF', 'abcXdef', '42', '042', 'BENCH-0000123', 'bench', 'ab', 'maint', 'MAINTENANCE', 'ins', 'INS001', 'Hutton', 'ton', 'a', 'Strasse', '100', 'quote'];

function filtersFor(): Filter[] {
  const filters: Filter[] = [];
  for (const column of ['germplasmName', 'germplasmDisplayName', 'germplasmGid', 'germplasmNumber', 'synonyms']) {
    for (const value of VALUES) filters.push({ column, comparator: 'contains', values: [value] });
  }
  for (const column of ['synonyms', 'institutions']) {
    for (const token of TOKENS) {
      filters.push({ column, comparator: 'jsonSearch', values: [token] });
      filters.push({ column, comparator: 'arrayContains', values: [token] });
    }
  }
  return filters;
}
const FILTERS = filtersFor();

/** The view without its index hints: the conditions the engine built before the indexes. */
function unindexed(view: TableView): TableView {
  const columns = Object.fromEntries(Object.entries(view.columns).map(([key, def]) => [key, { sql: def.sql, type: def.type, forCaller: def.forCaller, toJson: def.toJson }]));
  return { ...view, columns };
}

async function seed(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO institutions (id, code, name) VALUES (1, 'INS001', 'James Hutton Institute'), (2, 'DEU146', 'IPK Gatersleben'), (3, NULL, 'Instituto 42')`.execute(db);
  for (const [i, [name, number, synonyms]] of NAMES.entries()) {
    const id = i + 1;
    await sql`INSERT INTO germinatebase (id, general_identifier, name, display_name, number, entitytype_id)
      VALUES (${id}, ${`G-${name}`}, ${name}, ${`${name} (display)`}, ${number}, 1)`.execute(db);
    if (synonyms !== null) await sql`INSERT INTO synonyms (foreign_id, synonymtype_id, synonyms) VALUES (${id}, 1, ${synonyms})`.execute(db);
    if (id % 3 === 0) await sql`INSERT INTO germplasminstitutions (germinatebase_id, institution_id, type) VALUES (${id}, ${1 + (id % 2)}, 'maintenance')`.execute(db);
    if (id % 4 === 0) await sql`INSERT INTO germplasminstitutions (germinatebase_id, institution_id, type) VALUES (${id}, 3, 'collection')`.execute(db);
  }
}

async function idsOf(db: Kysely<unknown>, query: TableQuery, filter: Filter): Promise<number[]> {
  return query.ids(db, [filter], null, { user: null });
}

/** Every filter's ids: filter JSON → ids. */
type Answers = Map<string, number[]>;

async function answers(db: Kysely<unknown>, query: TableQuery): Promise<Answers> {
  const out: Answers = new Map();
  for (const filter of FILTERS) out.set(JSON.stringify(filter), await idsOf(db, query, filter));
  return out;
}

/** On PostgreSQL, the answers with the planner pushed to one kind of plan on one pinned connection. */
async function answersWith(db: Kysely<unknown>, query: TableQuery, settings: string[]): Promise<Answers> {
  return db.connection().execute(async (connection) => {
    for (const setting of settings) await sql.raw(`SET ${setting}`).execute(connection);
    try {
      return await answers(connection, query);
    } finally {
      await sql.raw('RESET ALL').execute(connection);
    }
  });
}

const byDialect = new Map<DialectName, Answers>();

describe.each(testDialects())('table indexes find what the plain conditions find, on %s', (dialect) => {
  let test: TestDatabase;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    test = await freshDatabase(dialect);
    db = test.database.db as unknown as Kysely<unknown>;
    await seed(db);
  });
  afterAll(async () => test?.cleanup());

  it('gives the same ids through the indexes as without them', async () => {
    const indexed = new TableQuery(germplasmView(dialect), dialect);
    const plain = new TableQuery(unindexed(germplasmView(dialect)), dialect);
    const viaIndex = dialect === 'postgres' ? await answersWith(db, indexed, ['enable_seqscan = off']) : await answers(db, indexed);
    const viaScan = dialect === 'postgres' ? await answersWith(db, plain, ['enable_indexscan = off', 'enable_bitmapscan = off']) : await answers(db, plain);
    for (const [key, ids] of viaScan) expect({ filter: key, ids: viaIndex.get(key) }).toEqual({ filter: key, ids });
    // The set is not trivial: most filters find something and most leave something out.
    const sizes = [...viaScan.values()].map((ids) => ids.length);
    expect(sizes.filter((n) => n > 0).length).toBeGreaterThan(FILTERS.length / 2);
    expect(sizes.filter((n) => n < NAMES.length).length).toBeGreaterThan(FILTERS.length * 0.9);
    byDialect.set(dialect, viaIndex);
  });

  it('gives the same ids for several searches at once (one trigram query per table) as without the indexes', async () => {
    const indexed = new TableQuery(germplasmView(dialect), dialect);
    const plain = new TableQuery(unindexed(germplasmView(dialect)), dialect);
    const values = ['müller', 'acc', 'bench-0000123', '123', 'ab', 'ller', 'gold_1', 'zzz', '%ll%er%'];
    const pairs: [string, string][] = [['germplasmName', 'germplasmNumber'], ['germplasmName', 'germplasmDisplayName'], ['germplasmGid', 'synonyms']];
    let found = 0;
    for (const [first, second] of pairs) {
      for (const a of values) {
        for (const b of values) {
          for (const operator of ['and', 'or'] as const) {
            const filters: Filter[] = [
              { column: first, comparator: 'contains', values: [a], operator },
              { column: second, comparator: 'contains', values: [b] },
            ];
            const expected = await plain.ids(db, filters, null, { user: null });
            expect({ filters, ids: await indexed.ids(db, filters, null, { user: null }) }).toEqual({ filters, ids: expected });
            if (expected.length > 0) found++;
          }
        }
      }
    }
    expect(found).toBeGreaterThan(50);
  });

  it('keeps the index in step with inserts, updates and deletes', async () => {
    const indexed = new TableQuery(germplasmView(dialect), dialect);
    const find = (value: string, column = 'germplasmName') => idsOf(db, indexed, { column, comparator: 'contains', values: [value] });
    expect(await find('renamed-one')).toEqual([]);
    await sql`UPDATE germinatebase SET name = 'Renamed-One', number = 'NUM-RENAMED' WHERE id = 1`.execute(db);
    expect(await find('renamed-one')).toEqual([1]);
    expect(await find('num-renamed', 'germplasmNumber')).toEqual([1]);
    expect(await find('weizen')).toEqual([]);
    await sql`UPDATE synonyms SET synonyms = ${'["Fresh-Synonym"]'} WHERE foreign_id = 1`.execute(db);
    expect(await find('fresh-syn', 'synonyms')).toEqual([1]);
    expect(await find('mueller', 'synonyms')).toEqual([]);
    await sql`INSERT INTO germinatebase (id, general_identifier, name, display_name, entitytype_id) VALUES (100, 'G-100', 'Brand New', 'Brand New', 1)`.execute(db);
    expect(await find('brand n')).toEqual([100]);
    await sql`DELETE FROM germinatebase WHERE id = 100`.execute(db);
    expect(await find('brand n')).toEqual([]);
  });
});

describe('table indexes on both databases', () => {
  it('give the same ids on SQLite and PostgreSQL', () => {
    const dialects = testDialects();
    const [first, ...rest] = dialects.map((d) => byDialect.get(d));
    expect(first?.size).toBe(FILTERS.length);
    // The databases already differed, before any index, on letters whose case mapping is special in
    // Unicode (dotted and dotless i, the Kelvin sign, the title-case digraph ǅ): PostgreSQL's lower()
    // maps them, SQLite's ASCII folding and its case-variant classes do not. Those rows and values are
    // left out here; everything else must agree.
    const special = /[İıKǅǄǆ]/u;
    const comparable = (ids: number[] | undefined) => JSON.stringify((ids ?? []).filter((id) => !SPECIAL_ROWS.has(id)));
    const differing: string[] = [];
    for (const other of rest) {
      for (const [key, ids] of first ?? []) {
        if (special.test(key)) continue;
        if (comparable(other?.get(key)) !== comparable(ids)) differing.push(`${key} ${JSON.stringify(ids)} ${JSON.stringify(other?.get(key))}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
