import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { germplasmServer } from '../src/plugins/germplasm/server.js';
import { trialsServer } from '../src/plugins/trials/server.js';
import { loadDemoData } from '../src/server/demo.js';
import { geotiff, geotiffZip } from '../tests/import/geotiff-builder.js';
import { axeViolations, formatViolations, ROOT, storedClientState, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * The data uploader and the sidebar's jobs panel against the real server and its jobs worker: a
 * curator checks and imports Germinate's example trials template, a broken copy shows its errors and
 * cannot be imported, German and axe, and the 403 pane for everyone below curator.
 */

const TRIALS = path.join(ROOT, 'demo/trials/example-trials-data.xlsx');
const POLL = { timeout: 30_000 };
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-e2e-import-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A copy of the example with one change to its sheets' XML (generated here, not a hand-edited binary). */
function variant(name: string, change: (entries: Record<string, Uint8Array>) => void): string {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(TRIALS)));
  change(entries);
  const file = path.join(scratch, name);
  fs.writeFileSync(file, zipSync(entries));
  return file;
}

const edit = (entries: Record<string, Uint8Array>, part: string, replace: (xml: string) => string) => {
  const before = strFromU8(entries[part]);
  const after = replace(before);
  expect(after, part).not.toBe(before);
  entries[part] = strToU8(after);
};

/** The DATA sheet renamed: a required sheet is missing, an error. */
const missingSheetFile = () => variant('renamed-sheet-trials.xlsx', (entries) => edit(entries, 'xl/workbook.xml', (xml) => xml.replace('name="DATA"', 'name="DATEN"')));

/** Rep left empty in two rows of DATA and RECORDING_DATES (sheets 3 and 4): two warnings, rep 1 is used. */
const missingRepFile = () =>
  variant('missing-rep-trials.xlsx', (entries) => {
    for (const sheet of ['xl/worksheets/sheet3.xml', 'xl/worksheets/sheet4.xml']) {
      edit(entries, sheet, (xml) => xml.replace(/<c r="B2"[^>]*>.*?<\/c>/, '').replace(/<c r="B3"[^>]*>.*?<\/c>/, ''));
    }
  });

async function checkAxe(page: Page, include?: string): Promise<void> {
  const violations = await axeViolations(page, include ? { include } : {});
  expect(violations, formatViolations(violations)).toEqual([]);
}

const summary = (page: Page) => page.getByTestId('import-report-summary');
const panel = (page: Page) => page.getByTestId('jobs-panel');

async function uploadTrials(page: Page, server: E2EServer, file: string): Promise<void> {
  await page.goto(`${server.url}/import/data-upload/trial`);
  await page.getByRole('radio', { name: /Trials \(phenotypic data\)/, checked: true }).waitFor(POLL);
  await page.getByLabel('Choose a file (.xlsx)').setInputFiles(file);
  await page.getByRole('cell', { name: path.basename(file), exact: true }).waitFor(POLL);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  // The data upload row: name, size and status, with the progress bar full once the file is sent.
  const row = page.locator('.import-upload-row tbody tr');
  await row.getByText('Uploaded', { exact: true }).waitFor(POLL);
  expect(await row.locator('td').nth(4).textContent()).toMatch(/^[\d.]+ KiB$/);
  expect(await row.getByRole('progressbar').getAttribute('value')).toBe('1');
  await summary(page).waitFor(POLL);
}

describe('data uploader and import jobs', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  // Only the germplasm the trials example refers to (the MCPD demo and the trials plugin's passport file of
  // the example's cultivars): the trials template itself is what the curator uploads.
  useServer((started) => (server = started), { demo: false });
  beforeAll(async () => {
    const cultivars = (trialsServer.demoFiles ?? []).filter((demo) => demo.type === 'mcpd');
    const germplasm = { ...germplasmServer, demoFiles: [...(germplasmServer.demoFiles ?? []), ...cultivars] };
    await loadDemoData(server.database, [germplasm], ROOT, (message) => {
      if (!message.startsWith('Loaded')) throw new Error(message);
    });
  });

  it('lets a curator check the example trials template, import it and see the job complete in the sidebar, also after a reload', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await uploadTrials(page, server, TRIALS);
    await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, no warnings.');
    await checkAxe(page, '.import-pane');

    await page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The data was imported.').waitFor(POLL);
    await page.getByTestId('import-job').getByText('Import: completed').waitFor(POLL);
    // What was written: the example's 224 plots of 111 cultivars.
    await page.locator('.import-stats div', { hasText: 'Trial plots' }).getByText('224', { exact: true }).waitFor(POLL);

    // The sidebar panel lists the job as completed, and still does after a reload (uuid in client state).
    const job = () => panel(page).getByRole('listitem').filter({ hasText: 'example-trials-data.xlsx' });
    await job().getByText('Import: completed').waitFor(POLL);
    await page.goto(`${server.url}/home`);
    await page.reload();
    await job().getByText('Import: completed').waitFor(POLL);
    // Its report opens from the panel, and its log downloads as a zip.
    await job().getByRole('button', { name: 'Report' }).click();
    await page.getByRole('heading', { name: 'Job: example-trials-data.xlsx' }).waitFor(POLL);
    await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, no warnings.');
    const log = page.waitForEvent('download');
    await job().getByRole('button', { name: 'Log' }).click();
    expect((await log).suggestedFilename()).toMatch(/\.zip$/);
    await checkAxe(page);
  });

  it('lists every warning, filters and downloads the report, and imports despite the warnings', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await uploadTrials(page, server, missingRepFile());
    await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, 2 warnings.');
    await page.getByRole('heading', { name: /The replicate is missing; 1 is used\. TRIALS_DATA_REP_MISSING · 0 errors, 2 warnings/ }).waitFor(POLL);
    const rows = page.locator('.import-issues tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await rows.first().locator('td').allTextContents()).toEqual(['Warning', 'DATA', '2', 'Rep', '', 'The replicate is missing; 1 is used.', 'Rep missing; 1 is used.']);

    await page.getByLabel('Type', { exact: true }).selectOption('ERROR');
    await page.getByText('Showing 0 of 2.').waitFor(POLL);
    await page.getByLabel('Type', { exact: true }).selectOption('ALL');
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'The replicate is missing; 1 is used. (TRIALS_DATA_REP_MISSING)' });
    await page.getByText('Showing 2 of 2.').waitFor(POLL);
    await page.getByRole('searchbox', { name: 'Text' }).fill('3');
    await page.getByText('Showing 1 of 2.').waitFor(POLL);
    await page.getByRole('searchbox', { name: 'Text' }).fill('');
    await page.getByText('Showing 2 of 2.').waitFor(POLL);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download as TSV' }).click();
    const tsv = fs.readFileSync((await (await download).path()) ?? '', 'utf8').trimEnd().split('\n');
    expect(tsv).toEqual([
      'Type\tKind\tSheet\tRow\tColumn\tValue\tProblem\tDetails',
      'WARNING\tTRIALS_DATA_REP_MISSING\tDATA\t2\tRep\t\tThe replicate is missing; 1 is used.\tRep missing; 1 is used.',
      'WARNING\tTRIALS_DATA_REP_MISSING\tDATA\t3\tRep\t\tThe replicate is missing; 1 is used.\tRep missing; 1 is used.',
    ]);
    await checkAxe(page, '.import-pane');

    await page.getByRole('button', { name: 'Import despite 2 warnings', exact: true }).click();
    await page.getByText('The data was imported.').waitFor(POLL);
  });

  it('shows the errors of a broken file and keeps Import disabled', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await uploadTrials(page, server, missingSheetFile());
    await expect.poll(() => summary(page).textContent(), POLL).toBe('1 error, no warnings.');
    await page.getByRole('heading', { name: /A required sheet is missing\./ }).waitFor(POLL);
    expect(await page.locator('.import-issues tbody tr td').allTextContents()).toEqual(['Error', 'DATA', '', '', 'DATA', 'A required sheet is missing.', 'DATA']);
    const importButton = page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByText('Import is not possible: fix the errors in the file and upload it again.').waitFor(POLL);
    // The sidebar offers no import for it either.
    const job = panel(page).getByRole('listitem').filter({ hasText: 'renamed-sheet-trials.xlsx' });
    await job.getByText('1 error, 0 warnings').waitFor(POLL);
    expect(await job.getByRole('button', { name: 'Import' }).count()).toBe(0);

    // A file of the wrong type never leaves the browser.
    const csv = path.join(scratch, 'traits.csv');
    fs.writeFileSync(csv, 'a,b\n1,2\n');
    await page.getByLabel('Choose a file (.xlsx)').setInputFiles(csv);
    await page.getByText('traits.csv is not accepted for this template: use .xlsx.').waitFor(POLL);
    await checkAxe(page);

    // Removing the job asks first, then it is gone from the panel.
    await job.getByRole('button', { name: 'Remove renamed-sheet-trials.xlsx' }).click();
    await job.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => job.count(), POLL).toBe(0);
  });

  it('opens the uploader and the jobs panel from the palette, and renders in German without axe violations', async () => {
    const page = await browser.page();
    const curator = await server.login(page, 'curator');
    await page.goto(`${server.url}/home`);
    await panel(page).waitFor(POLL);
    // With the sidebar collapsed (Alt+B), the command brings it back and puts focus on the jobs.
    await page.keyboard.press('Alt+b');
    await panel(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('Show import jobs');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), POLL).toBe('jobs-panel');

    await page.getByLabel('Language').selectOption('de_DE');
    await page.getByText('Willkommen bei Germinate').waitFor(POLL);
    // The store writes the locale after a short debounce: wait for that write before going on.
    await expect.poll(() => storedClientState(page, curator.id), POLL).toMatchObject({ locale: 'de_DE' });
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').waitFor(POLL);
    await page.keyboard.type('Daten-Upload öffnen');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Daten hochladen', level: 2 }).waitFor(POLL);
    await page.getByRole('radio', { name: /Versuche \(phänotypische Daten\)/ }).check();
    await page.getByLabel('Status des neuen Datensatzes').waitFor(POLL);
    await page.getByRole('link', { name: 'Leere Vorlage „Versuche (phänotypische Daten)“ herunterladen' }).waitFor(POLL);
    await page.getByRole('heading', { name: 'Importaufträge' }).waitFor(POLL);
    await checkAxe(page);

    // The report in German: counts, the kind's text, the columns, and the reason Import is blocked.
    await page.getByLabel('Datei auswählen (.xlsx)').setInputFiles(missingRepFile());
    await page.getByRole('button', { name: 'Hochladen und prüfen' }).click();
    await expect.poll(() => summary(page).textContent(), POLL).toBe('Keine Fehler, 2 Warnungen.');
    await page.getByRole('heading', { name: /Die Wiederholung fehlt; 1 wird verwendet\./ }).waitFor(POLL);
    await page.getByRole('columnheader', { name: 'Zeile' }).first().waitFor(POLL);
    await page.getByRole('button', { name: 'Trotz 2 Warnungen importieren' }).waitFor(POLL);
    await panel(page).getByRole('listitem').filter({ hasText: 'missing-rep-trials.xlsx' }).getByText('Prüfung: abgeschlossen').first().waitFor(POLL);
    await checkAxe(page);
  });

  it('shows a long check\'s progress, and cancelling it from the panel stops the job', async () => {
    // 300,000 generated MCPD rows: long enough to catch the check while it runs.
    const header = fs.readFileSync(path.join(ROOT, 'src/plugins/trials/demo/trials-germplasm.tsv'), 'utf8').split('\n')[0].split('\t');
    const line = (i: number) => header.map((column) => ({ ACCENUMB: `BIG-${i}`, GENUS: 'Hordeum', SPECIES: 'vulgare', CROPNAME: 'Barley', SAMPSTAT: '500', 'Entity type': 'Accession' })[column] ?? '').join('\t');
    const big = path.join(scratch, 'big-passport.tsv');
    fs.writeFileSync(big, [header.join('\t'), ...Array.from({ length: 300_000 }, (_, i) => line(i + 1))].join('\n') + '\n');

    const page = await browser.page();
    await server.login(page, 'curator');
    await page.goto(`${server.url}/import/data-upload/mcpd`);
    await page.getByLabel('Choose a file (.xlsx, .txt, .tsv, .csv)').setInputFiles(big);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    const job = panel(page).getByRole('listitem').filter({ hasText: 'big-passport.tsv' });
    await job.getByText(/^Check: (waiting|running)/).waitFor(POLL);
    await page.getByTestId('import-job').getByRole('progressbar', { name: 'Progress of the Check' }).waitFor(POLL);

    await job.getByRole('button', { name: 'Cancel big-passport.tsv' }).click();
    await job.getByText('Removing a running job will cancel it.', { exact: false }).waitFor(POLL);
    await job.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => job.count(), POLL).toBe(0);
    const stored = await server.database.db.selectFrom('async_jobs').select(['status', 'visibility']).where('original_filename', '=', 'big-passport.tsv').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'cancelled' });
    // The uploader stops following it: the server no longer lists it.
    await page.getByText('This job no longer exists: it was removed or has expired.').waitFor(POLL);
  });

  it('follows the data import mode: verify only disables Import, none switches uploads off', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await server.app.settings.write({ dataImportMode: 'VERIFY' }, new Date());
    try {
      await uploadTrials(page, server, TRIALS);
      await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, no warnings.');
      expect(await page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
      await page.getByRole('note').getByText('This server only checks uploaded files: importing them is disabled.').waitFor(POLL);
      const job = panel(page).getByRole('listitem').filter({ hasText: 'Check: completed' }).first();
      await job.getByText('Import is disabled on this server.').waitFor(POLL);

      await server.app.settings.write({ dataImportMode: 'NONE' }, new Date());
      await page.goto(`${server.url}/import/data-upload`);
      await page.getByText('Data uploads are switched off on this server.', { exact: false }).waitFor(POLL);
      expect(await page.getByRole('button', { name: 'Upload and check' }).count()).toBe(0);
      await checkAxe(page, '.import-pane');
    } finally {
      await server.app.settings.write({ dataImportMode: 'IMPORT' }, new Date());
    }
  });

  it('offers the blank templates and, for a shapefile, the trials datasets to lay it onto', async () => {
    const page = await browser.page();
    await server.login(page, 'curator');
    await page.goto(`${server.url}/import/data-upload`);
    const link = page.getByRole('link', { name: 'Download the blank Trials (phenotypic data) template' });
    const href = await link.getAttribute('href');
    const blank = await page.request.get(new URL(href ?? '', `${server.url}/`).toString());
    expect(blank.status()).toBe(200);
    expect((await blank.body()).subarray(0, 2).toString()).toBe('PK');
    // Every template with a blank: all but shapefiles (MCPD, pedigree, groups, trials, climate, images, GeoTIFF, genotypes, allele frequencies).
    expect(await page.getByRole('link', { name: /Download the blank/ }).count()).toBe(9);

    // The earlier tests imported trials datasets: the first is preselected, and the upload takes a zip.
    await page.getByRole('radio', { name: /Trial shapefile/ }).check();
    const dataset = page.getByLabel('Trials dataset');
    await expect.poll(() => dataset.inputValue(), POLL).toMatch(/^\d+$/);
    await page.getByLabel('Choose a file (.zip)').waitFor(POLL);
    expect(page.url()).toContain('/import/data-upload');
  });

  it('imports GeoTIFFs as map overlays, whose PNG the map can then fetch with the image token', async () => {
    const page = await browser.page();
    const { token, imageToken } = await server.login(page, 'curator');
    const tif = geotiff({ epsg: 4326, width: 30, height: 20, origin: [-3.1, 56.5], pixel: [0.0005, 0.0005], kind: 'rgb' });
    const file = path.join(scratch, 'drone-flights.zip');
    fs.writeFileSync(file, await geotiffZip([[null, null, null, null, 'flight-1.tif', 'First flight', '20240601']], { 'flight-1.tif': tif }));
    await page.goto(`${server.url}/import/data-upload`);
    await page.getByRole('radio', { name: /GeoTIFF map overlays/ }).check();
    await page.getByLabel('Choose a file (.zip)').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await expect.poll(() => summary(page).textContent(), POLL).toBe('No errors, no warnings.');
    await page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The data was imported.').waitFor(POLL);
    await page.locator('.import-stats div', { hasText: 'Map overlays' }).getByText('1', { exact: true }).waitFor(POLL);
    await checkAxe(page, '.import-pane');

    const table = await page.request.post(`${server.url}/api/mapoverlay/table`, { headers: { authorization: `Bearer ${token}` }, data: {} });
    const overlays = ((await table.json()) as { data: { mapoverlayId: number; mapoverlayDescription: string }[] }).data;
    expect(overlays.map((o) => o.mapoverlayDescription)).toEqual(['First flight']);
    const png = await page.request.get(`${server.url}/api/mapoverlay/${overlays[0].mapoverlayId}/src?token=${imageToken}`);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  });

  it('shows a regular user the 403 pane', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/import/data-upload/trial`);
    await page.getByRole('region', { name: 'Access denied (403)' }).getByText('You do not have the permissions needed for this page.').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Upload and check' }).count()).toBe(0);
    expect(await panel(page).count()).toBe(0);
    await checkAxe(page);
  });
});
