import { strFromU8, unzipSync } from 'fflate';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the export tests wait for: long enough for a loaded machine. */
const POLL = { timeout: 30_000 };

/** The jobs panel's list of export jobs. */
export const exportJobs = (page: Page): Locator => page.getByTestId('export-jobs');

/** A downloaded zip's files as text, by name. */
export async function zipOf(download: Download): Promise<Record<string, string>> {
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [name, strFromU8(data)]));
}

/**
 * After an export was started by keyboard: the jobs panel has the focus and shows the newest job (of these
 * datasets) until it is completed; answers that job's card. English texts.
 */
export async function completedExportJob(page: Page, datasetIds: string): Promise<Locator> {
  await exportJobs(page).waitFor(POLL);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), POLL).toBe('export-jobs');
  const job = exportJobs(page).getByRole('listitem').first();
  await job.getByText(`Datasets: ${datasetIds}`).waitFor(POLL);
  await job.getByTestId('export-job-status').getByText('completed', { exact: true }).waitFor(POLL);
  return job;
}

/** From the focused jobs panel, Tab to the completed job's download link and press Enter: the download. */
export async function downloadByKeyboard(page: Page): Promise<Download> {
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Download \([\d.,]+ (B|KiB|MiB)\)$/);
  const downloaded = page.waitForEvent('download', POLL);
  await page.keyboard.press('Enter');
  return downloaded;
}
