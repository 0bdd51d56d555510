import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allelefreqFolder } from '../../src/plugins/genotypes/allelefreq/frequency-file.js';
import { genotypeFolder } from '../../src/plugins/genotypes/import/genotype-stage.js';
import { MatrixReader } from '../../src/plugins/genotypes/storage/matrix-reader.js';
import { serverPlugins } from '../../src/plugins/server.js';
import type { ImportIssue } from '../../src/server/import/importer.js';
import { runImport, type ImportRunResult } from '../../src/server/import/pipeline.js';
import { testDialects } from '../support/databases.js';
import { seedPassports } from '../support/genotype-files.js';
import { passwordOf, ROOT, startServer, type TestServer } from '../support/server.js';
import { errorsOf, uploadJob, waitForJob } from './import-jobs-support.js';

/**
 * Genotype and allele-frequency imports that create the germplasm their file names but the database lacks,
 * when the curator asks (issue 15 §1): without the option such names are errors and nothing is written; with
 * it they are warnings, and the import creates each (name only, entity type Accession) before the members.
 * Through the pipeline (flat text, VCF, allele frequencies), the jobs API's parameter and the CLI's flag.
 */

const importers = serverPlugins.flatMap((p) => p.importers ?? []);
const MEMBER_GERMPLASM = 2;

beforeAll(() => {
  execFileSync(process.execPath, ['build.mjs', '--server'], { cwd: ROOT, stdio: 'pipe' });
}, 120_000);

/** The bundled import command, on the test's database (asynchronous: vitest keeps its own calls going). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(ROOT, 'dist/server/import.mjs'), ...args],
      { cwd: ROOT, env: { ...process.env, DEBUG: '', ...env }, encoding: 'utf8', timeout: 60_000 },
      (_error, stdout) => resolve({ code: child.exitCode, stdout }),
    );
  });
}

const brief = (issues: ImportIssue[]) => issues.map((i) => [i.status, i.type, i.rowIndex, i.value]);

describe.each(testDialects())('genotype imports that create germplasm on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await rows(query))[0].n);
  const germplasmCount = () => count(sql`SELECT COUNT(*) AS n FROM germinatebase`);
  const datasetCount = () => count(sql`SELECT COUNT(*) AS n FROM datasets`);
  const folderFiles = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
  const write = (name: string, text: string) => {
    const file = path.join(server.db.dataDir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const run = (file: string, type: 'genotype' | 'allelefreq', createGermplasm: boolean): Promise<ImportRunResult> =>
    runImport(server.db.database, importers, { file, type, update: false, checkOnly: false }, {
      maxBytes: 64 * 1024 * 1024, now: new Date('2026-03-01T00:00:00Z'), dataDir: server.db.dataDir, userId: null, createGermplasm,
    });

  /** A created germplasm as stored: its germinatebase fields, entity type and mcpd row. */
  const stored = async (name: string) =>
    (await rows(sql<Record<string, unknown>>`SELECT g.general_identifier, g.name, g.display_name, g.number, g.taxonomy_id, g.location_id, g.entityparent_id,
        et.name AS entitytype, m.accenumb, m.genus, m.instcode
      FROM germinatebase g LEFT JOIN entitytypes et ON et.id = g.entitytype_id LEFT JOIN mcpd m ON m.germinatebase_id = g.id WHERE g.name = ${name}`));
  const createdFields = (name: string) => ({
    general_identifier: name, name, display_name: name, number: null, taxonomy_id: null, location_id: null, entityparent_id: null,
    entitytype: 'Accession', accenumb: name, genus: null, instcode: null,
  });
  /** The dataset's germplasm members by name. */
  const memberNames = async (datasetId: number) =>
    (await rows(sql<{ name: string }>`SELECT g.name FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id
      WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_GERMPLASM} ORDER BY g.name`)).map((r) => r.name);
  /** Every call of the dataset's matrix, germplasm by germplasm. */
  const matrixCalls = async (datasetId: number) => {
    const [row] = await rows(sql<{ source_file: string }>`SELECT source_file FROM datasets WHERE id = ${datasetId}`);
    const reader = await MatrixReader.open(path.join(genotypeFolder(server.db.dataDir), row.source_file));
    try {
      const all = (n: number) => Array.from({ length: n }, (_, i) => i);
      const out: Record<string, string[]> = {};
      let i = 0;
      for await (const line of reader.rowLines(all(reader.rows), all(reader.columns))) out[reader.footer.rowNames[i++]] = Array.from(line.codes, (c) => reader.states[c]);
      return { markers: reader.footer.columnNames, calls: out };
    } finally {
      await reader.close();
    }
  };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
    await seedPassports(server.db.database, dialect, ['KNOWN-1', 'KNOWN-2']);
    // Two germplasm sharing the display name "Twin": a file naming "Twin" cannot say which is meant.
    await seedPassports(server.db.database, dialect, ['TWIN-A', 'TWIN-B'], () => ({ ACCENAME: 'Twin' }));
  });
  afterAll(async () => server?.close());

  it('rejects a flat text file with unknown germplasm without the option, and imports it creating them with it', async () => {
    const file = write('new-lines.txt', '# dataset = New lines\nLines/Markers\tm1\tm2\nKNOWN-1\tA\tG\nNEW-1\tT\tG/T\nNEW-2\tA\t\n');
    const [germplasm, datasets, matrices] = [await germplasmCount(), await datasetCount(), folderFiles(genotypeFolder(server.db.dataDir))];

    const without = await run(file, 'genotype', false);
    expect(without.status).toBe('rejected');
    expect(brief(without.issues)).toEqual([['GENERIC_INVALID_GERMPLASM', 'ERROR', 4, 'NEW-1'], ['GENERIC_INVALID_GERMPLASM', 'ERROR', 5, 'NEW-2']]);
    expect([await germplasmCount(), await datasetCount(), folderFiles(genotypeFolder(server.db.dataDir))]).toEqual([germplasm, datasets, matrices]);

    const created = await run(file, 'genotype', true);
    expect(created.status).toBe('imported');
    expect(brief(created.issues)).toEqual([['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 4, 'NEW-1'], ['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 5, 'NEW-2']]);
    expect(created.issues[0].messageKey).toBe('importStatus.GENOTYPE_GERMPLASM_CREATED');
    expect(created.stats).toMatchObject({ germplasm: 3, newGermplasm: 2, markers: 2, calls: 6 });
    expect(await germplasmCount()).toBe(germplasm + 2);
    expect(await stored('NEW-1')).toEqual([createdFields('NEW-1')]);
    expect(await stored('NEW-2')).toEqual([createdFields('NEW-2')]);
    const datasetId = Number(created.stats?.datasetId);
    expect(await memberNames(datasetId)).toEqual(['KNOWN-1', 'NEW-1', 'NEW-2']);
    expect(await matrixCalls(datasetId)).toEqual({ markers: ['m1', 'm2'], calls: { 'KNOWN-1': ['A', 'G'], 'NEW-1': ['T', 'G/T'], 'NEW-2': ['A', ''] } });

    // Imported again with the option: every name is found now, nothing is created.
    const again = await run(file, 'genotype', true);
    expect(again.status).toBe('imported');
    expect(again.issues).toEqual([]);
    expect(again.stats).toMatchObject({ germplasm: 3, newGermplasm: 0 });
    expect(await germplasmCount()).toBe(germplasm + 2);
    expect(await memberNames(Number(again.stats?.datasetId))).toEqual(['KNOWN-1', 'NEW-1', 'NEW-2']);
  });

  it('creates the unknown samples of a VCF (one warning per name, on the header line), as its members', async () => {
    const vcf = [
      '##fileformat=VCFv4.2',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tKNOWN-2\tVCF-NEW-1\tVCF-NEW-2',
      '1\t100\tsnpA\tA\tG\t.\t.\t.\tGT\t0/0\t0/1\t1/1',
      '1\t200\tsnpB\tC\tT\t.\t.\t.\tGT\t1/1\t./.\t0|1',
      '',
    ].join('\n');
    const file = write('panel.vcf', vcf);
    const germplasm = await germplasmCount();
    const without = await run(file, 'genotype', false);
    expect(without.status).toBe('rejected');
    expect(brief(without.issues)).toEqual([['GENERIC_INVALID_GERMPLASM', 'ERROR', 2, 'VCF-NEW-1'], ['GENERIC_INVALID_GERMPLASM', 'ERROR', 2, 'VCF-NEW-2']]);
    expect(await germplasmCount()).toBe(germplasm);

    const created = await run(file, 'genotype', true);
    expect(created.status).toBe('imported');
    expect(brief(created.issues)).toEqual([['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 2, 'VCF-NEW-1'], ['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 2, 'VCF-NEW-2']]);
    expect(created.stats).toMatchObject({ germplasm: 3, newGermplasm: 2, markers: 2 });
    expect(await stored('VCF-NEW-1')).toEqual([createdFields('VCF-NEW-1')]);
    const datasetId = Number(created.stats?.datasetId);
    expect(await memberNames(datasetId)).toEqual(['KNOWN-2', 'VCF-NEW-1', 'VCF-NEW-2']);
    expect(await matrixCalls(datasetId)).toEqual({
      markers: ['snpA', 'snpB'],
      calls: { 'KNOWN-2': ['A', 'T'], 'VCF-NEW-1': ['A/G', ''], 'VCF-NEW-2': ['G', 'C|T'] },
    });
  });

  it('keeps a display name shared by several germplasm an error with the option, and writes nothing', async () => {
    const file = write('twins.txt', 'Lines/Markers\tm1\nTwin\tA\nNEW-TWIN\tG\n');
    const [germplasm, datasets] = [await germplasmCount(), await datasetCount()];
    const result = await run(file, 'genotype', true);
    expect(result.status).toBe('rejected');
    expect(brief(result.issues)).toEqual([['GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE', 'ERROR', 2, 'Twin'], ['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 3, 'NEW-TWIN']]);
    expect([await germplasmCount(), await datasetCount()]).toEqual([germplasm, datasets]);
    expect(await stored('NEW-TWIN')).toEqual([]);
  });

  it('creates the unknown germplasm of an allele-frequency file with the option, and only then', async () => {
    const file = write('frequencies.txt', 'Lines/Markers\tfm1\tfm2\nKNOWN-1\t0.5\t1\nAF-NEW-1\t0.25\t0\n');
    const [germplasm, frequencyFiles] = [await germplasmCount(), folderFiles(allelefreqFolder(server.db.dataDir))];
    const without = await run(file, 'allelefreq', false);
    expect(without.status).toBe('rejected');
    expect(brief(without.issues)).toEqual([['GENERIC_INVALID_GERMPLASM', 'ERROR', 3, 'AF-NEW-1']]);
    expect([await germplasmCount(), folderFiles(allelefreqFolder(server.db.dataDir))]).toEqual([germplasm, frequencyFiles]);

    const created = await run(file, 'allelefreq', true);
    expect(created.status).toBe('imported');
    expect(brief(created.issues)).toEqual([['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 3, 'AF-NEW-1']]);
    expect(created.stats).toMatchObject({ germplasm: 2, newGermplasm: 1, markers: 2 });
    expect(await stored('AF-NEW-1')).toEqual([createdFields('AF-NEW-1')]);
    expect(await memberNames(Number(created.stats?.datasetId))).toEqual(['AF-NEW-1', 'KNOWN-1']);
  });

  it('takes createGermplasm=true on the jobs API, stores it on the job and creates the germplasm on import', async () => {
    const text = 'Lines/Markers\tj1\tj2\nKNOWN-2\tA\tC\nJOB-NEW-1\tG\tC\n';
    // Without the parameter the check reports the name as an error.
    const plain = await waitForJob(server, curator, await uploadJob(server, curator, { name: 'job-lines.txt', bytes: text }, { type: 'genotype' }));
    expect(plain.jobConfig.createGermplasm).toBe(false);
    expect(brief(errorsOf(plain))).toEqual([['GENERIC_INVALID_GERMPLASM', 'ERROR', 3, 'JOB-NEW-1']]);

    const uuid = await uploadJob(server, curator, { name: 'job-lines.txt', bytes: text }, { type: 'genotype', createGermplasm: 'true' });
    const checked = await waitForJob(server, curator, uuid);
    expect(checked.jobConfig.createGermplasm).toBe(true);
    expect(brief(checked.feedback)).toEqual([['GENOTYPE_GERMPLASM_CREATED', 'WARNING', 3, 'JOB-NEW-1']]);
    // A check writes nothing.
    expect(await stored('JOB-NEW-1')).toEqual([]);
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
    const imported = await waitForJob(server, curator, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
    expect(imported).toMatchObject({ status: 'completed', imported: true, stats: { germplasm: 2, newGermplasm: 1 } });
    expect(await stored('JOB-NEW-1')).toEqual([createdFields('JOB-NEW-1')]);
    // It shows as any germplasm: a row of the germplasm table, and a passport holding its ACCENUMB.
    const table = await server.api('POST', 'germplasm/table', { token: curator, body: { filter: [{ column: 'germplasmName', comparator: 'equals', operator: 'and', values: ['JOB-NEW-1'] }] } });
    const found = ((await table.json()) as { data: Record<string, unknown>[] }).data;
    expect(found).toMatchObject([{ germplasmName: 'JOB-NEW-1', germplasmGid: 'JOB-NEW-1', germplasmDisplayName: 'JOB-NEW-1', entityTypeName: 'Accession' }]);
    const passport = await server.api('GET', `germplasm/${String(found[0].germplasmId)}/mcpd`, { token: curator });
    expect(await passport.json()).toEqual({ id: found[0].germplasmId, accenumb: 'JOB-NEW-1' });

    // Any other value is refused before anything is stored.
    const bad = await fetch(`${server.url}/api/import/template/file?type=genotype&createGermplasm=yes`, { method: 'POST', headers: { authorization: `Bearer ${curator}` } });
    expect(bad.status).toBe(400);
  });

  it('takes --create-germplasm on the command line', async () => {
    const file = write('cli-lines.txt', 'Lines/Markers\tc1\nKNOWN-1\tA\nCLI-NEW-1\tT\n');
    const env: Record<string, string> = { DATA_DIR: server.db.dataDir, DATABASE_URL: server.db.databaseUrl ?? '', DATABASE_SCHEMA: server.db.schema ?? '' };
    const rejected = await cli([file, '--type', 'genotype'], env);
    expect(rejected.code).toBe(1);
    expect(rejected.stdout).toContain('GENERIC_INVALID_GERMPLASM (1 error)');
    expect(await stored('CLI-NEW-1')).toEqual([]);

    const imported = await cli([file, '--type', 'genotype', '--create-germplasm'], env);
    expect(imported.code, imported.stdout).toBe(0);
    expect(imported.stdout).toContain('GENOTYPE_GERMPLASM_CREATED (1 warning)');
    expect(imported.stdout).toMatch(/newGermplasm 1/);
    expect(await stored('CLI-NEW-1')).toEqual([createdFields('CLI-NEW-1')]);
  }, 120_000);
});
