import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialImporter } from '../../src/plugins/trials/import/trial-importer.js';
import { testDialects } from '../support/databases.js';
import { startServer, type TestServer } from '../support/server.js';
import { DATA_HEADER, METADATA_ROWS, PHENOTYPE_HEADER, removeScratch, xlsxFile, type Cell } from '../import/trials-fixtures.js';

const AGRIDAT = '/work/shared/data/agridat-trials';

afterAll(() => removeScratch());

/** A tab-separated agridat file as rows of named cells (quotes around names removed). */
function readTsv(file: string): Record<string, string>[] {
  const [header, ...lines] = fs.readFileSync(`${AGRIDAT}/${file}`, 'utf8').trim().split('\n');
  const names = header.split('\t').map((name) => name.replace(/"/g, '').trim());
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [names[i], cell.replace(/"/g, '').trim()])));
}

/** A trials template workbook for one agridat field trial: its sites, one numeric trait, one data row per plot. */
function trialsBook(title: string, sites: [string, string][], trait: Cell[], rows: Cell[][]): Record<string, Cell[][]> {
  const metadata = METADATA_ROWS.map((row) => (row[0] === 'Title' ? [row[0], row[1], title] : [...row]));
  return {
    METADATA: metadata,
    LOCATION: [['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'], ...sites.map(([name, country]): Cell[] => [name, null, country, null, null, null])],
    PHENOTYPES: [PHENOTYPE_HEADER, trait],
    DATA: [[...DATA_HEADER.slice(0, 10), String(trait[0])], ...rows],
  };
}

/**
 * Real field trials (agridat, MIT licence) brought in through the trials template and read back through the
 * trials screens' calls: Gilmour's Slate Hall wheat trial (150 plots on a 10 × 15 grid, 6 replicates) and
 * Verbyla's lupin trials (1,420 plots over sites and seed rates as treatments). The figures each call answers
 * are computed from the files here, independently of the server.
 */
describe.each(testDialects())('agridat trials through the template on %s', (dialect) => {
  let server: TestServer;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const slate = readTsv('gilmour.slatehall.txt');
  const lupin = readTsv('verbyla.lupin.txt');
  const datasets: Record<'slate' | 'lupin', number> = { slate: 0, lupin: 0 };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    // The trials template names germplasm that exist: the trials' genotypes as accessions of their own.
    const names = [...new Set([...slate.map((r) => r.gen), ...lupin.map((r) => r.gen)])];
    for (const [i, name] of names.entries()) {
      await sql`INSERT INTO germinatebase (general_identifier, name, display_name) VALUES (${`AGRIDAT-${i + 1}`}, ${name}, ${name})`.execute(db());
    }
    const target = { db: server.db.database.db, dialect };
    const options = { update: false, now: new Date('2025-01-01T00:00:00Z'), dataDir: server.db.dataDir, userId: null, datasetStateId: 1 };
    const load = async (book: Record<string, Cell[][]>) => {
      const { file } = await xlsxFile(book);
      const issues = await trialImporter.check(file, target, options);
      const errors = issues.filter((i) => i.type === "ERROR");
      expect(errors.slice(0, 3).map((i) => JSON.stringify(i))).toEqual([]);
      await server.db.database.db.transaction().execute((trx) => trialImporter.write(file, { db: trx, dialect }, options));
    };
    await load(
      trialsBook('Slate Hall 1976', [['Slate Hall', 'GB']], ['Yield', 'YLD', 'Grain yield per plot', 'numeric', null, null, null, null, null, null, null, 'false'],
        slate.map((r) => [r.gen, r.rep, '1', Number(r.row), Number(r.col), null, 'Slate Hall', null, null, null, Number(r.yield)])),
    );
    // A site is one location in one year (its own field grid): the template's location.
    const siteName = (r: Record<string, string>) => `${r.loc} (${r.site}, 19${r.year})`;
    const sites = [...new Set(lupin.map(siteName))];
    await load(
      trialsBook('Lupin seed rates', sites.map((site) => [site, 'AU']), ['Lupin yield', 'LY', 'Grain yield', 'numeric', 'Tonnes per hectare', 't/ha', null, null, null, null, null, 'false'],
        lupin.map((r) => [r.gen, r.rep, '1', Number(r.row), Number(r.col), `${r.rate} plants/m²`, siteName(r), null, null, null, r.yield === 'NA' ? null : Number(r.yield)])),
    );
    const ids = (await sql<{ id: number; name: string }>`SELECT id, name FROM datasets ORDER BY id`.execute(db())).rows;
    datasets.slate = Number(ids.find((d) => d.name === 'Slate Hall 1976')?.id);
    datasets.lupin = Number(ids.find((d) => d.name === 'Lupin seed rates')?.id);
  });
  afterAll(async () => server?.close());

  const post = async <T>(path: string, body: unknown) => {
    const response = await server.api('POST', path, { body });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('lists both trials, their traits and every plot in the data table', async () => {
    expect(datasets.slate).toBeGreaterThan(0);
    const traits = await post<{ traitName: string; count: number; datasetIds: number[] }[]>('dataset/trait', { datasetIds: [datasets.slate, datasets.lupin] });
    expect(traits.map((t) => t.traitName).sort()).toEqual(['Lupin yield', 'Yield']);
    const table = await post<{ count: number; data: { traitValue: string; trialRow: number; trialColumn: number }[] }>('dataset/data/trial/table', {
      datasetIds: [datasets.slate], page: 0, limit: 5, orderBy: 'trialRow', ascending: 1, prevCount: -1,
    });
    expect(table.count).toBe(slate.length);
    // A plot without a yield (NA in the file) has no value to list.
    const lupinTable = await post<{ count: number }>('dataset/data/trial/table', { datasetIds: [datasets.lupin], page: 0, limit: 1, prevCount: -1 });
    expect(lupinTable.count).toBe(lupin.filter((r) => r.yield !== 'NA').length);
    const plots = await post<{ count: number }>('dataset/data/trial/germplasm', { datasetIds: [datasets.lupin], page: 0, limit: 1, prevCount: -1 });
    // The plot lookup lists plots with data: one per measured plot here.
    expect(plots.count).toBe(lupin.filter((r) => r.yield !== 'NA').length);
  });

  it('computes the Slate Hall box plot from every plot, and one box per seed rate for the lupins', async () => {
    const yields = slate.map((r) => Number(r.yield)).sort((a, b) => a - b);
    const stats = await post<{ stats: { datasetId: number; min: number; max: number; median: number; count: number; treatmentId: number | null }[] }>('dataset/stats/trial', { datasetIds: [datasets.slate] });
    expect(stats.stats).toHaveLength(1);
    // 150 values: the median is the mean of the 75th and 76th.
    expect(stats.stats[0]).toMatchObject({ datasetId: datasets.slate, min: yields[0], max: yields[yields.length - 1], count: 150, median: (yields[74] + yields[75]) / 2 });
    const lupinStats = await post<{ stats: unknown[]; treatments: { name?: string; treatmentName?: string }[] }>('dataset/stats/trial', { datasetIds: [datasets.lupin] });
    const rates = new Set(lupin.map((r) => r.rate));
    expect(lupinStats.stats).toHaveLength(rates.size);
    expect(lupinStats.treatments).toHaveLength(rates.size);
  });

  it('exports the Slate Hall trial as Germinate’s tab file, one row per plot', async () => {
    const response = await server.api('POST', 'dataset/export/trial?format=tab', { body: { datasetIds: [datasets.slate] } });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe('#input=PHENOTYPE');
    const header = lines[1].split('\t');
    expect(header.at(-1)).toBe('Yield');
    expect(lines.length - 2).toBe(slate.length);
    const rowOf = (line: string) => Object.fromEntries(line.split('\t').map((cell, i) => [header[i], cell]));
    const first = slate.find((r) => r.row === '1' && r.col === '1');
    const exported = lines.slice(2).map(rowOf).find((r) => r.trial_row === '1' && r.trial_column === '1');
    expect(exported).toMatchObject({ name: first?.gen, rep: first?.rep, Yield: first?.yield });
  });
});
