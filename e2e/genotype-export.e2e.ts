import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, passwordOf, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';
import { completedExportJob, downloadByKeyboard, exportJobs, zipOf } from './support/export-jobs.js';

/**
 * The genotype export page in Chromium on the demo genotypes (500 germplasm × 1,000 markers on "Example
 * map"): a breeder picks the demo dataset in the selector, chooses a germplasm group, the map and VCF beside
 * the flat file, starts the export by its key, sees the job reach completed in the jobs panel and downloads
 * the zip by keyboard (its files and germplasm checked against the database); an anonymous visitor in German
 * and the dark theme pastes names (one not found), exports HapMap without a map, reloads and still downloads
 * the job's zip; with a second dataset (a curator's small upload), the summary counts each dataset's part
 * of the selection and only the ticked one is exported; a visitor opens "Phenotypes for Flapjack", ticks a
 * trials dataset and a trait by keyboard, and the zip holds the phenotype file with the values' means. Axe in
 * both themes; screenshots go to /tmp.
 */

const POLL = { timeout: 30_000 };
const GERMPLASM_MEMBER = 2;

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function genotypeDataset(server: E2EServer): Promise<{ id: number; name: string }> {
  const rows = (await sql<{ id: number; name: string }>`SELECT id, name FROM datasets WHERE datasettype_id = 1 ORDER BY id`.execute(db(server))).rows;
  expect(rows).toHaveLength(1);
  return { id: Number(rows[0].id), name: rows[0].name };
}

/** The names of a group's germplasm that are members of the dataset, counted by the database itself. */
async function groupMembersInDataset(server: E2EServer, groupName: string, datasetId: number): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT g.name FROM groups gr
    JOIN groupmembers gm ON gm.group_id = gr.id
    JOIN datasetmembers dm ON dm.foreign_id = gm.foreign_id AND dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${GERMPLASM_MEMBER}
    JOIN germinatebase g ON g.id = gm.foreign_id
    WHERE gr.name = ${groupName} ORDER BY g.name`.execute(db(server));
  return rows.rows.map((row) => row.name);
}

async function someMembers(server: E2EServer, datasetId: number, count: number): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT g.name FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id
    WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${GERMPLASM_MEMBER} ORDER BY g.id LIMIT ${count}`.execute(db(server));
  return rows.rows.map((row) => row.name);
}

/** The germplasm rows of a Flapjack genotype file: the lines after its `Accession/Marker` header. */
function flatFileRows(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const header = lines.findIndex((line) => line.startsWith('Accession/Marker'));
  expect(header).toBeGreaterThanOrEqual(0);
  return lines.slice(header + 1).filter((line) => line !== '').map((line) => line.split('\t')[0]);
}


type ImportJob = { uuid: string; status: string; imported?: boolean };

/** A curator's upload of a small genotype file through the import API (check, then import); its dataset id. */
async function uploadSmallDataset(server: E2EServer): Promise<number> {
  const { token } = await server.token('curator', passwordOf('curator'));
  const headers = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('fileToUpload', new Blob(['Lines/Markers\tsmall-m1\tsmall-m2\nCACTUAR-1\tA\tG/T\nCACTUAR-2\tT\tG\n']), 'small-genotypes.txt');
  const query = new URLSearchParams({ type: 'genotype', dataOrientation: 'GENOTYPE_GERMPLASM_BY_MARKER', datasetStateId: '1' });
  const uploaded = await fetch(`${server.url}/api/import/template/file?${query}`, { method: 'POST', headers, body: form });
  expect(uploaded.status).toBe(200);
  const [check] = (await uploaded.json()) as ImportJob[];
  const job = async (uuid: string) => {
    const response = await fetch(`${server.url}/api/import/template`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ uuids: [uuid] }) });
    return ((await response.json()) as ImportJob[]).find((listed) => listed.uuid === uuid);
  };
  await expect.poll(async () => (await job(check.uuid))?.status, POLL).toBe('completed');
  const started = await fetch(`${server.url}/api/import/template/${check.uuid}/import`, { headers });
  expect(started.status).toBe(200);
  // The import writes the dataset in one transaction: once it is there, it is whole.
  const datasetId = async () => (await sql<{ id: number }>`SELECT id FROM datasets WHERE name = 'small-genotypes'`.execute(db(server))).rows[0]?.id;
  await expect.poll(datasetId, POLL).toBeDefined();
  return Number(await datasetId());
}

/** A public trials dataset without a licence, and a numeric trait of the database: the phenotype case's choice. */
async function trialAndTrait(server: E2EServer): Promise<{ dataset: { id: number; name: string }; trait: { id: number; name: string } }> {
  const datasets = await sql<{ id: number; name: string }>`SELECT id, name FROM datasets
    WHERE datasettype_id = 3 AND dataset_state_id = 1 AND license_id IS NULL ORDER BY id LIMIT 1`.execute(db(server));
  const traits = await sql<{ id: number; name: string }>`SELECT id, name FROM phenotypes WHERE datatype = 'numeric' ORDER BY id LIMIT 1`.execute(db(server));
  expect(datasets.rows).toHaveLength(1);
  expect(traits.rows).toHaveLength(1);
  return { dataset: { id: Number(datasets.rows[0].id), name: datasets.rows[0].name }, trait: { id: Number(traits.rows[0].id), name: traits.rows[0].name } };
}

/**
 * Values of the trait in the trials dataset for a few germplasm of the genotype dataset (plots of their own),
 * so that the file has lines whatever the demo's trials hold; answers each seeded germplasm's expected cell:
 * the mean of all its values of the trait in that dataset, computed by the database.
 */
async function seedTrialValues(server: E2EServer, genotypeId: number, trialId: number, traitId: number): Promise<Map<string, number>> {
  const members = await sql<{ id: number; name: string }>`SELECT g.id, g.name FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id
    WHERE dm.dataset_id = ${genotypeId} AND dm.datasetmembertype_id = ${GERMPLASM_MEMBER} ORDER BY g.id LIMIT 3`.execute(db(server));
  for (const [i, member] of members.rows.entries()) {
    for (const value of [10 + i, 13 + i]) {
      const plot = await sql<{ id: number }>`INSERT INTO trialsetup (germinatebase_id, dataset_id, rep) VALUES (${member.id}, ${trialId}, ${`e2e-${value}`}) RETURNING id`.execute(db(server));
      await sql`INSERT INTO phenotypedata (trialsetup_id, phenotype_id, phenotype_value) VALUES (${plot.rows[0].id}, ${traitId}, ${String(value)})`.execute(db(server));
    }
  }
  const means = await sql<{ name: string; mean: number }>`SELECT g.name, AVG(CAST(pd.phenotype_value AS DOUBLE PRECISION)) AS mean FROM phenotypedata pd
    JOIN trialsetup ts ON ts.id = pd.trialsetup_id JOIN germinatebase g ON g.id = ts.germinatebase_id
    WHERE ts.dataset_id = ${trialId} AND pd.phenotype_id = ${traitId} AND g.id IN (${sql.join(members.rows.map((m) => m.id))}) GROUP BY g.name`.execute(db(server));
  return new Map(means.rows.map((row) => [row.name, Number(row.mean)]));
}

describe('genotype export', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('exports a germplasm group on the map as the flat file and VCF, started and downloaded by keyboard', async () => {
    const dataset = await genotypeDataset(server);
    const members = await groupMembersInDataset(server, 'GBS germplasm', dataset.id);
    expect(members.length).toBeGreaterThan(0);
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'regular');

    // From the dataset selector to the export page of the demo dataset.
    await page.goto(`${server.url}/data/export/genotype`);
    const tick = page.getByRole('checkbox', { name: `Select ${dataset.name}` });
    await tick.waitFor(POLL);
    await tick.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/data/export/genotype/${dataset.id}`, POLL);
    const map = page.getByLabel('Map', { exact: true });
    await expect.poll(() => map.inputValue(), POLL).not.toBe('');
    // The map with most markers is preselected, named with its markers.
    expect(await map.locator('option:checked').textContent()).toBe('Example map (1,000 markers)');
    await page.getByText('Your selection holds 500 germplasm and 1,000 markers of this dataset.').waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-light.png', fullPage: true });

    // A germplasm group of the dataset, the map chosen again, VCF beside the flat file.
    await page.getByRole('radio', { name: 'Groups (3)' }).check();
    await page.getByRole('checkbox', { name: /^GBS germplasm \(/ }).check();
    await map.selectOption({ label: 'Example map (1,000 markers)' });
    await page.getByRole('checkbox', { name: 'VCF', exact: true }).check();
    expect(await page.getByRole('checkbox', { name: 'Flat file (Flapjack genotypes)' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Flapjack project (not available here)' }).isDisabled()).toBe(true);
    await page.getByText(`Your selection holds ${members.length} germplasm and 1,000 markers of this dataset.`).waitFor(POLL);

    // The address replays the choices.
    await page.reload();
    await page.getByText(`Your selection holds ${members.length} germplasm`).waitFor(POLL);
    expect(await page.getByRole('checkbox', { name: /^GBS germplasm \(/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'VCF', exact: true }).isChecked()).toBe(true);
    await page.screenshot({ path: '/tmp/ge-genotype-export-group-light.png', fullPage: true });

    // Export by its key; the jobs panel takes the keyboard and shows the job until it is completed.
    await page.getByRole('checkbox', { name: 'VCF', exact: true }).focus();
    await page.keyboard.press('Shift+E');
    await completedExportJob(page, String(dataset.id));
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-jobs-light.png' });

    const download = await downloadByKeyboard(page);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^dataset-${dataset.id}-.*\\.zip$`));
    const files = await zipOf(download);
    expect(Object.keys(files).sort()).toEqual([`dataset-${dataset.id}.identifiers`, `dataset-${dataset.id}.map`, `dataset-${dataset.id}.txt`, `dataset-${dataset.id}.vcf`]);
    const rows = flatFileRows(files[`dataset-${dataset.id}.txt`]);
    expect(rows).toHaveLength(members.length);
    expect([...rows].sort()).toEqual(members);
    const header = files[`dataset-${dataset.id}.vcf`].split('\n').find((line) => line.startsWith('#CHROM')) ?? '';
    expect(header.split('\t').slice(9)).toHaveLength(members.length);
  });

  it('speaks German in the dark theme: pasted names with one not found, HapMap without a map, and a download after a reload', async () => {
    const dataset = await genotypeDataset(server);
    const names = await someMembers(server, dataset.id, 3);
    const page = await browser.page({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/export/genotype/${dataset.id}`);
    await page.getByText('Ihre Auswahl umfasst 500 Keimplasmen und 1.000 Marker dieses Datensatzes.').waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-dark.png', fullPage: true });

    await page.getByRole('radio', { name: 'Eine Liste von Namen' }).check();
    await page.getByLabel('Keimplasma-Namen').fill([...names, 'Gibt es nicht'].join('\n'));
    await page.getByRole('button', { name: 'Dieses Keimplasma suchen' }).click();
    await page.getByText('3 Keimplasmen für 4 Namen gefunden.').waitFor(POLL);
    await page.getByText('1 Name wurde nicht gefunden:').waitFor(POLL);
    await page.getByRole('listitem').filter({ hasText: 'Gibt es nicht' }).waitFor(POLL);
    await page.getByLabel('Karte', { exact: true }).selectOption({ label: 'Keine Karte' });
    await page.getByRole('checkbox', { name: 'Flache Datei (Flapjack-Genotypen)' }).uncheck();
    // No file chosen: the page says so, and the export command sends nothing.
    await page.getByText('Bitte wählen Sie mindestens eine Datei, die geschrieben werden soll.').first().waitFor(POLL);
    await page.getByRole('checkbox', { name: 'HapMap', exact: true }).check();
    await page.getByText('Ihre Auswahl umfasst 3 Keimplasmen und 1.000 Marker dieses Datensatzes.').waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-list-dark.png', fullPage: true });

    await page.getByRole('button', { name: 'Exportieren', exact: true }).click();
    await exportJobs(page).getByRole('heading', { name: 'Exportaufträge' }).waitFor(POLL);
    await exportJobs(page).getByTestId('export-job-status').getByText('abgeschlossen', { exact: true }).waitFor(POLL);
    // Nobody is logged in: the job is found again by its uuid, which the client keeps across a reload.
    await expect.poll(async () => ((await storedClientState(page)) as { asyncJobUuids?: string[] } | null)?.asyncJobUuids?.length, POLL).toBe(1);
    await page.reload();
    const link = exportJobs(page).getByRole('link', { name: /^Herunterladen/ });
    await link.waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-jobs-dark.png' });
    const downloaded = page.waitForEvent('download', POLL);
    await link.click();
    const files = await zipOf(await downloaded);
    expect(Object.keys(files).sort()).toEqual([`dataset-${dataset.id}.hapmap`, `dataset-${dataset.id}.identifiers`]);
    const hapmapHeader = files[`dataset-${dataset.id}.hapmap`].split('\n').find((line) => line.startsWith('rs#')) ?? '';
    expect(hapmapHeader.split('\t').slice(11).sort()).toEqual([...names].sort());
  });

  it('with several datasets counts each one’s part of the selection and exports only the ticked ones', async () => {
    const demo = await genotypeDataset(server);
    const small = await uploadSmallDataset(server);
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/export/genotype/${demo.id},${small}`);
    const table = page.getByRole('table');
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect.poll(() => row(demo.name).getByRole('cell').allTextContents(), POLL).toEqual(['', demo.name, '500', '1,000']);
    await expect.poll(() => row('small-genotypes').getByRole('cell').allTextContents(), POLL).toEqual(['', 'small-genotypes', '2', '2']);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-summary-light.png', fullPage: true });

    // Nothing ticked: the prompt; then only the small dataset, without a map (its markers are on none).
    await page.getByRole('checkbox', { name: `Export ${demo.name}` }).uncheck();
    await page.getByRole('checkbox', { name: 'Export small-genotypes' }).uncheck();
    await page.getByRole('alert').filter({ hasText: 'Please tick at least one dataset to export.' }).waitFor(POLL);
    await page.getByRole('checkbox', { name: 'Export small-genotypes' }).check();
    await page.getByLabel('Map', { exact: true }).selectOption({ label: 'No map' });
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const job = exportJobs(page).getByRole('listitem').filter({ hasText: `Datasets: ${small}` });
    await job.getByTestId('export-job-status').getByText('completed', { exact: true }).waitFor(POLL);
    expect(await exportJobs(page).getByRole('listitem').filter({ hasText: `Datasets: ${demo.id}` }).count()).toBe(0);
    const downloaded = page.waitForEvent('download', POLL);
    await job.getByRole('link', { name: /^Download/ }).click();
    const files = await zipOf(await downloaded);
    expect(flatFileRows(files[`dataset-${small}.txt`]).sort()).toEqual(['CACTUAR-1', 'CACTUAR-2']);
  });

  it('adds a Flapjack phenotype file of a trait chosen from a trials dataset, picked by keyboard', async () => {
    // The demo dataset: the first genotype dataset (the case before may have uploaded a second one).
    const first = await sql<{ id: number }>`SELECT MIN(id) AS id FROM datasets WHERE datasettype_id = 1`.execute(db(server));
    const genotype = { id: Number(first.rows[0].id) };
    const { dataset, trait } = await trialAndTrait(server);
    const expected = await seedTrialValues(server, genotype.id, dataset.id, trait.id);
    // Anonymous in a fresh browser: the jobs panel lists this export only.
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/export/genotype/${genotype.id}`);
    await page.getByText('Your selection holds 500 germplasm and 1,000 markers of this dataset.').waitFor(POLL);

    // The fieldset is folded: opened from its summary by the keyboard, the dataset and the trait ticked by Space.
    const summary = page.getByText('Add a phenotype file (no traits chosen)');
    await summary.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/mean of its numeric values or else its most frequent value/).waitFor(POLL);
    const trialBox = page.getByRole('group', { name: 'Trials datasets' }).getByRole('checkbox', { name: dataset.name, exact: true });
    await trialBox.waitFor(POLL);
    await trialBox.focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Search traits').fill(trait.name);
    const traitBox = page.getByRole('group', { name: 'Traits' }).getByRole('checkbox', { name: new RegExp(`^${trait.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\[|$)`) });
    await traitBox.waitFor(POLL);
    await traitBox.focus();
    await page.keyboard.press('Space');
    await page.getByText('Add a phenotype file (1 trait chosen)').waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/ge-genotype-export-phenotypes-light.png', fullPage: true });

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const job = exportJobs(page).getByRole('listitem').first();
    await job.getByTestId('export-job-status').getByText('completed', { exact: true }).waitFor(POLL);
    const downloaded = page.waitForEvent('download', POLL);
    await job.getByRole('link', { name: /^Download/ }).click();
    const files = await zipOf(await downloaded);
    const phenotypes = files[`dataset-${genotype.id}.phenotype`];
    expect(phenotypes).toBeDefined();
    const lines = phenotypes.split('\n');
    expect(lines.slice(0, 2)).toEqual(['# fjFile = PHENOTYPE', `\t${trait.name}`]);
    const cells = new Map(lines.slice(2).filter((line) => line !== '').map((line) => line.split('\t') as [string, string]));
    for (const [name, mean] of expected) expect(Number(cells.get(name))).toBeCloseTo(mean, 6);
  });
});
