import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { binOf, splitEdges } from '../src/plugins/genotypes/allelefreq/binning.js';
import { axeViolations, formatViolations, ROOT, useBrowser, useServer, type E2EServer } from './support/index.js';
import { completedExportJob, downloadByKeyboard, exportJobs, zipOf } from './support/export-jobs.js';

/**
 * The allele-frequency export page in Chromium on the demo allele-frequency dataset (40 accessions × 48
 * markers, two decimals, a few cells empty): a breeder picks the dataset in the selector (type allelefreq),
 * continues by key to the histogram, whose table's counts add up to the frequencies of the file and of the
 * server's own histogram answer; chooses split binning by keyboard (a number out of range is clamped and the
 * field says so), sees the edges drawn, reloads (the address replays the step and the binning), exports by
 * key and downloads the zip: the binned file holds each frequency's split bin, the unbinned file the
 * frequencies. An anonymous visitor in German and the dark theme sees the same page (no histogram while the
 * germplasm choice selects nothing) and exports by the button. Axe throughout; screenshots go to /tmp.
 */

const POLL = { timeout: 30_000 };
const DEMO_FILE = path.join(ROOT, 'src/plugins/genotypes/allelefreq/demo/example-allele-frequencies.txt');

const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

async function allelefreqDataset(server: E2EServer): Promise<{ id: number; name: string }> {
  const rows = (await sql<{ id: number; name: string }>`SELECT id, name FROM datasets WHERE datasettype_id = 4 ORDER BY id`.execute(db(server))).rows;
  expect(rows).toHaveLength(1);
  return { id: Number(rows[0].id), name: rows[0].name };
}

/** The demo file's frequencies by germplasm name (the lines after its `Lines/Markers` header), empty cells left empty. */
function demoRows(): Map<string, string[]> {
  const lines = fs.readFileSync(DEMO_FILE, 'utf8').split(/\r?\n/);
  const header = lines.findIndex((line) => line.startsWith('Lines/Markers'));
  return new Map(lines.slice(header + 1).filter((line) => line !== '').map((line) => {
    const [name, ...cells] = line.split('\t');
    return [name, cells];
  }));
}

/** The germplasm rows of a written frequency file (after its `Lines/Markers` header line), by name. */
function fileRows(text: string): Map<string, string[]> {
  const lines = text.split(/\r?\n/);
  const header = lines.findIndex((line) => line.startsWith('Lines/Markers'));
  expect(header).toBeGreaterThanOrEqual(0);
  return new Map(lines.slice(header + 1).filter((line) => line !== '').map((line) => {
    const [name, ...cells] = line.split('\t');
    return [name, cells];
  }));
}

/** The server's own histogram of the whole dataset: the sum of its counts. */
async function serverHistogramTotal(server: E2EServer, datasetId: number): Promise<number> {
  const response = await fetch(`${server.url}/api/dataset/export/allelefreq/histogram`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ datasetIds: [datasetId], xIds: null, xGroupIds: null, yIds: null, yGroupIds: null, mapId: null }),
  });
  expect(response.status).toBe(200);
  const lines = (await response.text()).split('\n').slice(1).filter((line) => line !== '');
  expect(lines).toHaveLength(200);
  return lines.reduce((sum, line) => sum + Number(line.split('\t')[1]), 0);
}

/** The histogram table's count column (the third), read as numbers (English digits grouping). */
async function tableCounts(page: Page): Promise<number[]> {
  const cells = await page.locator('.chart-table tbody tr td:nth-child(3)').allTextContents();
  return cells.map((cell) => Number(cell.replace(/,/g, '')));
}

const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.textContent ?? '');

describe('allele-frequency export', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('continues to the histogram, bins around a split point chosen by keyboard and exports the binned and unbinned files', async () => {
    const dataset = await allelefreqDataset(server);
    const demo = demoRows();
    const frequencies = [...demo.values()].flat().filter((cell) => cell.trim() !== '').length;
    expect(frequencies).toBeGreaterThan(1500);
    expect(await serverHistogramTotal(server, dataset.id)).toBe(frequencies);

    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/export/allelefreq`);
    const tick = page.getByRole('checkbox', { name: `Select ${dataset.name}` });
    await tick.waitFor(POLL);
    await tick.check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`**/data/export/allelefreq/${dataset.id}`, POLL);
    const map = page.getByLabel('Map', { exact: true });
    await expect.poll(() => map.inputValue(), POLL).not.toBe('');
    await page.getByRole('heading', { name: '1. Choose the germplasm and markers' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/af-allelefreq-export-light.png', fullPage: true });

    // Continue by key: the histogram's heading takes the keyboard, and its table (t) adds up to the file.
    await page.getByRole('radio', { name: 'All germplasm' }).focus();
    await page.keyboard.press('Shift+C');
    const stepTwo = page.getByRole('heading', { name: '2. See the frequencies and choose the bins' });
    await stepTwo.waitFor(POLL);
    await expect.poll(() => stepTwo.evaluate((heading) => heading === document.activeElement), POLL).toBe(true);
    await page.getByTestId('allelefreq-total').getByText(`Your selection holds ${frequencies.toLocaleString('en-GB')} allele frequencies.`).waitFor(POLL);
    await page.keyboard.press('t');
    await page.locator('.chart-table').waitFor(POLL);
    const counts = await tableCounts(page);
    expect(counts).toHaveLength(200);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(frequencies);
    // Equal bins by default: ten, nine edges drawn over the bars.
    await page.getByTestId('allelefreq-edges').getByText('10 bins, with edges at 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9.').waitFor(POLL);
    await page.locator('.chart-drawing[data-drawn="light"]').waitFor(POLL);
    await expect.poll(() => page.locator('.chart-drawing g.mark-rule.role-mark line').count(), POLL).toBe(9);

    // Split binning by its chord; Tab reaches its fields: 3 bins below 0.3, and 12 above (clamped to 10).
    await page.keyboard.press('b');
    await page.keyboard.press('s');
    const split = page.getByRole('radio', { name: 'Split at a point' });
    await expect.poll(() => split.evaluate((radio) => radio === document.activeElement && (radio as HTMLInputElement).checked), POLL).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Bins below the split point');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Split point');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0.3');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Bins from the split point up');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12');
    await page.getByText('Please enter a whole number from 1 to 10. 10 is used.').waitFor(POLL);
    const edges = splitEdges(3, 10, 0.3);
    await page.getByTestId('allelefreq-edges').getByText(/^13 bins, with edges at 0\.1, 0\.2, 0\.3, 0\.37, /).waitFor(POLL);
    await expect.poll(() => page.locator('.chart-drawing g.mark-rule.role-mark line').count(), POLL).toBe(edges.length);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/af-allelefreq-split-light.png', fullPage: true });
    await page.locator('.chart-drawing').screenshot({ path: '/tmp/af-allelefreq-chart-light.png' });

    // The address replays the step, the binning (the clamped value) and the table.
    await page.reload();
    await page.getByTestId('allelefreq-total').waitFor(POLL);
    expect(await split.isChecked()).toBe(true);
    expect(await page.getByLabel('Bins from the split point up').inputValue()).toBe('10');
    expect(await page.getByLabel('Split point', { exact: true }).inputValue()).toBe('0.3');
    await page.locator('.chart-table').waitFor(POLL);

    // Export by key from a field (Ctrl+Enter; Shift+E would type); the jobs panel shows the job to its end.
    await page.getByLabel('Split point', { exact: true }).focus();
    await page.keyboard.press('Control+Enter');
    await completedExportJob(page, String(dataset.id));
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/af-allelefreq-jobs-light.png' });

    const files = await zipOf(await downloadByKeyboard(page));
    const base = `dataset-${dataset.id}`;
    expect(Object.keys(files)).toEqual(expect.arrayContaining([`${base}.txt`, `${base}-unbinned.txt`]));
    const unbinned = fileRows(files[`${base}-unbinned.txt`]);
    const binned = fileRows(files[`${base}.txt`]);
    expect(unbinned).toEqual(demo);
    expect([...binned.keys()]).toEqual([...demo.keys()]);
    for (const [name, cells] of demo) {
      expect(binned.get(name)).toEqual(cells.map((cell) => (cell.trim() === '' ? '' : String(binOf(Number(cell), edges) + 1))));
    }
  });

  it('speaks German in the dark theme, anonymously: the histogram, a clamped split point, and the export by its button', async () => {
    const dataset = await allelefreqDataset(server);
    const page = await browser.page({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/data/export/allelefreq/${dataset.id}`);
    await page.getByRole('heading', { name: '1. Keimplasma und Marker wählen' }).waitFor(POLL);
    await expect.poll(() => page.getByLabel('Karte', { exact: true }).inputValue(), POLL).not.toBe('');
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();
    await page.getByRole('heading', { name: '2. Häufigkeiten ansehen und Klassen wählen' }).waitFor(POLL);
    await page.getByTestId('allelefreq-total').getByText(/^Ihre Auswahl umfasst [\d.]+ Allelhäufigkeiten\.$/).waitFor(POLL);
    await page.locator('.chart-drawing[data-drawn="dark"]').waitFor(POLL);
    // Groups with none ticked select nothing: the page says so and shows no histogram until the choice is whole.
    await page.getByRole('radio', { name: /^Gruppen \(/ }).check();
    await page.getByText('Bitte wählen Sie mindestens eine Gruppe.').waitFor(POLL);
    await page.getByText('Das Histogramm folgt, sobald Ihre Auswahl vollständig ist.').waitFor(POLL);
    expect(await page.locator('.chart-drawing').count()).toBe(0);
    await page.getByRole('radio', { name: 'Alles Keimplasma' }).check();
    await page.locator('.chart-drawing[data-drawn="dark"]').waitFor(POLL);
    await page.getByRole('radio', { name: 'Geteilt an einem Punkt' }).check();
    await page.getByRole('spinbutton', { name: 'Teilungspunkt', exact: true }).fill('0');
    await page.getByText('Bitte geben Sie eine Zahl von 0,01 bis 0,99 ein. Verwendet wird 0,01.').waitFor(POLL);
    await page.getByTestId('allelefreq-edges').getByText(/^10 Klassen mit den Grenzen 0,002, 0,004, 0,006, 0,008, 0,01, 0,208, /).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/af-allelefreq-export-dark.png', fullPage: true });
    await page.locator('.chart-drawing').screenshot({ path: '/tmp/af-allelefreq-chart-dark.png' });

    await page.getByRole('button', { name: 'Exportieren', exact: true }).click();
    await exportJobs(page).getByRole('heading', { name: 'Exportaufträge' }).waitFor(POLL);
    await exportJobs(page).getByTestId('export-job-status').getByText('abgeschlossen', { exact: true }).waitFor(POLL);
    await exportJobs(page).getByRole('link', { name: /^Herunterladen/ }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/af-allelefreq-jobs-dark.png' });
  });
});
