import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, formatViolations, useBrowser, useServer, type E2EServer } from './support/index.js';

/**
 * Trial creation in Chromium against the demo data: a curator pastes demo germplasm by name (a miss is
 * named), marks a check, lays out two RCBD replicates with the built-in designer, saves them to a new
 * trials dataset, gets the data-collection app's link and pastes a fieldbook with a bad line; a second
 * layout on the same cells is refused in words with nothing changed; a regular user cannot open the
 * wizard; leaving with unsaved changes asks (the workspace's leave guard: sidebar, palette, close key, back);
 * axe in both themes, also with that question open; German. Screenshots go to /tmp for people to look at.
 */

const POLL = { timeout: 20_000 };
const SHOTS = process.env.TRIAL_SCREENSHOTS ?? '/tmp';
const DATASET = 'E2E trial 2026';

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

const stepHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 3, name });
const leaveQuestion = (page: Page, title = 'Unsaved changes') => page.getByRole('dialog', { name: title });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

async function openWizard(page: Page, server: E2EServer): Promise<void> {
  await page.goto(`${server.url}/data/trials/create`);
  await stepHeading(page, 'Step 1: Germplasm selection').waitFor(POLL);
}

async function addNames(page: Page, names: string[]): Promise<void> {
  await page.getByLabel('Germplasm names').fill(names.join('\n'));
  await page.getByRole('button', { name: 'Look up and add' }).click();
}

/** Germplasm chosen, one check, the designer's two RCBD replicates fitted to the field: step 3 open. */
async function designTwoReplicates(page: Page): Promise<void> {
  await addNames(page, ['Heris', 'Dialog', 'Zenit', 'Botnia']);
  await page.getByRole('table', { name: /Chosen germplasm: 4, of them no checks/ }).waitFor(POLL);
  await page.getByRole('checkbox', { name: 'Botnia is a check' }).check();
  await page.keyboard.press('Alt+PageDown');
  await stepHeading(page, 'Step 2: Trial design').waitFor(POLL);
  await page.getByRole('table', { name: 'Layout: 8 plots in 3 rows and 3 columns, 2 check plots' }).waitFor(POLL);
  await page.getByRole('button', { name: 'Next step' }).click();
  await stepHeading(page, 'Step 3: Data collection').waitFor(POLL);
}

/**
 * Whether every option of the select labelled `label` fits inside it, measured in the select's own font:
 * a native select clips the chosen option's text without a sign, so the widest one must fit.
 */
async function optionsFit(page: Page, label: string): Promise<{ widest: number; room: number }> {
  return page.getByLabel(label, { exact: true }).evaluate((element) => {
    const select = element as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const widest = Math.max(...Array.from(select.options, (option) => context.measureText(option.text).width));
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { widest: Math.ceil(widest), room: Math.floor(room) };
  });
}

async function expectOptionsFit(page: Page, label: string): Promise<void> {
  const { widest, room } = await optionsFit(page, label);
  expect(widest, `the longest option of ${label} needs ${widest}px, the select has ${room}px`).toBeLessThanOrEqual(room);
}

async function plotsOf(server: E2EServer, datasetName: string): Promise<{ name: string; rep: string; row: number; column: number }[]> {
  const rows = await sql<{ name: string; rep: string; row: number; column: number }>`SELECT g.name, t.rep, t.trial_row AS "row", t.trial_column AS "column"
    FROM trialsetup t JOIN datasets d ON d.id = t.dataset_id JOIN germinatebase g ON g.id = t.germinatebase_id
    WHERE d.name = ${datasetName} ORDER BY t.trial_row, t.trial_column`.execute(server.database.db);
  return rows.rows.map((r) => ({ ...r, row: Number(r.row), column: Number(r.column) }));
}

describe('trial creation', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('lets a curator lay out a trial with the built-in designer, save it, collect data and add a fieldbook', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 1300 } });
    const session = await server.login(page, 'curator');
    await openWizard(page, server);
    // Curators find it in the sidebar.
    expect(await page.getByRole('navigation', { name: 'Panes' }).getByRole('button', { name: 'Trial creation' }).count()).toBe(1);
    await expectAxeClean(page);

    // Step one: demo cultivars by name; a name that matches nothing is named.
    await addNames(page, ['Heris', 'dialog', 'Zenit', 'Botnia', 'No such cultivar']);
    await page.getByText('4 germplasm found and added; 1 name not found.').waitFor(POLL);
    await page.getByRole('listitem').filter({ hasText: 'No such cultivar' }).waitFor(POLL);
    await page.getByRole('checkbox', { name: 'Botnia is a check' }).check();
    await page.getByRole('table', { name: 'Chosen germplasm: 4, of them 1 check' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-germplasm-light.png`, fullPage: true });

    // Step two by keyboard: the focus is on the new step's heading.
    await page.keyboard.press('Alt+PageDown');
    await stepHeading(page, 'Step 2: Trial design').waitFor(POLL);
    await expect.poll(() => focusedText(page), POLL).toBe('Step 2: Trial design');
    expect(await page.getByLabel('Design', { exact: true }).inputValue()).toBe('rcbd');
    // 'Randomised complete blocks (RCBD)' shows whole.
    await expectOptionsFit(page, 'Design');
    expect(await page.getByLabel('Replicates', { exact: true }).inputValue()).toBe('2');
    const preview = page.getByRole('table', { name: 'Layout: 8 plots in 3 rows and 3 columns, 2 check plots' });
    await preview.waitFor(POLL);
    expect(await preview.locator('td.trial-check').count()).toBe(2);
    // A field too small for the design says so and keeps the wizard on this step.
    await page.getByLabel('Columns', { exact: true }).fill('2');
    await page.getByText('The field has 6 plots, but the design needs 8 (2 blocks of 4 plots). Add rows or columns.').waitFor(POLL);
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.getByText('Correct the design first: the layout cannot be made yet.').waitFor(POLL);
    await page.getByRole('button', { name: 'Fit the field to the design' }).click();
    await preview.waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-design-light.png`, fullPage: true });

    // Step three: a new trials dataset in the demo experiment.
    await page.getByRole('button', { name: 'Next step' }).click();
    await stepHeading(page, 'Step 3: Data collection').waitFor(POLL);
    await page.getByRole('radio', { name: 'A new trials dataset' }).check();
    await page.getByRole('button', { name: 'Create the trial' }).click();
    await page.getByText('Please enter a name.').waitFor(POLL);
    await page.getByLabel('Name', { exact: true }).fill(DATASET);
    await page.getByLabel('Experiment', { exact: true }).selectOption({ label: 'Generic Experiment' });
    // A private dataset would be invisible to the curator who creates it: refused before anything is sent.
    await page.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Private' });
    await page.getByRole('button', { name: 'Create the trial' }).click();
    await page.getByText('You could not add plots to a private or hidden dataset you create', { exact: false }).waitFor(POLL);
    expect(await server.database.db.selectFrom('datasets').select('id').where('name', '=', DATASET).execute()).toEqual([]);
    await page.getByLabel('Visibility', { exact: true }).selectOption({ label: 'Public' });
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Create the trial' }).click();
    await page.getByText(`The trial was created: 8 plots in the dataset “${DATASET}”.`).waitFor(POLL);

    const plots = await plotsOf(server, DATASET);
    expect(plots).toHaveLength(8);
    expect(plots.filter((p) => p.name === 'Botnia')).toHaveLength(2);
    expect(new Set(plots.map((p) => p.rep))).toEqual(new Set(['1', '2']));
    const dataset = await server.database.db.selectFrom('datasets').select(['id', 'datasettype_id']).where('name', '=', DATASET).executeTakeFirstOrThrow();
    expect(Number(dataset.datasettype_id)).toBe(3);

    // The mobile data-collection app's link, as Germinate builds it.
    const link = page.getByRole('link', { name: new RegExp(`Collect data for “${DATASET}” in GridScore`) });
    const href = (await link.getAttribute('href')) ?? '';
    const [base, config] = href.split('?germinateConfig=');
    expect(base).toBe('https://gridscore.hutton.ac.uk/#/trial-setup');
    expect(JSON.parse(decodeURIComponent(config))).toEqual({ datasetId: Number(dataset.id), brapiConfig: { token: session.token, url: `${server.url}/api/brapi/v2/` } });
    expect(await link.getAttribute('target')).toBe('_blank');

    // A fieldbook: empty is refused, a bad line is named, nothing is written until every line is right.
    const fieldbook = page.getByLabel('Fieldbook data');
    const add = page.getByRole('button', { name: 'Add the plots' });
    await add.click();
    await page.getByText('Data is required.').waitFor(POLL);
    await fieldbook.fill('Heris\t10\t1\nDialog\tx\t2\nZenit\t10\t3');
    await add.click();
    await page.getByText('The fieldbook has 1 problem:').waitFor(POLL);
    await page.getByText('Line 2: the row “x” is not a whole number from 1 to 32767.').waitFor(POLL);
    expect(await plotsOf(server, DATASET)).toHaveLength(8);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-collect-light.png`, fullPage: true });
    await fieldbook.fill('Heris\t10\t1\nDialog\t10\t2\nZenit\t10\t3');
    await add.click();
    await page.getByText(`3 plots added to “${DATASET}”.`).waitFor(POLL);
    expect(await plotsOf(server, DATASET)).toHaveLength(11);
  });

  it('refuses a layout on cells the dataset already uses, in words, and changes nothing (dark theme)', async () => {
    const page = await browser.page({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await openWizard(page, server);
    await designTwoReplicates(page);
    await page.getByLabel('Dataset', { exact: true }).selectOption({ label: DATASET });
    const before = await plotsOf(server, DATASET);
    await page.getByRole('button', { name: 'Create the trial' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was saved.' });
    await alert.waitFor(POLL);
    await alert.getByText('These cells would hold two plots', { exact: false }).waitFor(POLL);
    await alert.getByText('Row 1, column 1').waitFor(POLL);
    expect(await plotsOf(server, DATASET)).toEqual(before);
    // Still step three, the same choice, ready for another try.
    await stepHeading(page, 'Step 3: Data collection').waitFor(POLL);
    expect(await page.getByRole('button', { name: 'Create the trial' }).isEnabled()).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-refused-dark.png`, fullPage: true });

    // Back to the design in the dark theme: the preview and its checks.
    await page.keyboard.press('Alt+PageUp');
    await stepHeading(page, 'Step 2: Trial design').waitFor(POLL);
    await expect.poll(() => focusedText(page), POLL).toBe('Step 2: Trial design');
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-design-dark.png`, fullPage: true });

    // The leave question in the dark theme.
    await page.keyboard.press('Alt+KeyW');
    await leaveQuestion(page).getByText('Your changes will be lost. Leave trial creation?').waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/l1-leave-question-dark.png` });
    await page.keyboard.press('Escape');
    await leaveQuestion(page).waitFor({ state: 'hidden', ...POLL });
    await stepHeading(page, 'Step 2: Trial design').waitFor(POLL);
  });

  it('asks before the workspace leaves unsaved changes: Stay keeps them, Leave goes; with none nothing asks', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await openWizard(page, server);
    const sidebar = page.getByRole('navigation', { name: 'Panes' });
    const path = () => new URL(page.url()).pathname;

    // Nothing chosen yet: the sidebar's Germplasm entry goes at once.
    await sidebar.getByRole('button', { name: 'Germplasm', exact: true }).click();
    await expect.poll(path, POLL).toBe('/data/germplasm');
    expect(await leaveQuestion(page).count()).toBe(0);

    // Back to the wizard by the sidebar (no reload, so the browser's back stays inside the page).
    await sidebar.getByRole('button', { name: 'Trial creation' }).click();
    await stepHeading(page, 'Step 1: Germplasm selection').waitFor(POLL);
    await addNames(page, ['Heris', 'Dialog']);
    const chosen = page.getByRole('table', { name: 'Chosen germplasm: 2, of them no checks' });
    await chosen.waitFor(POLL);

    // The sidebar's Germplasm entry: one question, Stay has the focus, Escape stays.
    await sidebar.getByRole('button', { name: 'Germplasm', exact: true }).click();
    await leaveQuestion(page).getByText('Your changes will be lost. Leave trial creation?').waitFor(POLL);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await expect.poll(() => focusedText(page), POLL).toBe('Stay');
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/l1-leave-question-light.png` });
    await page.keyboard.press('Escape');
    await leaveQuestion(page).waitFor({ state: 'hidden', ...POLL });
    expect(path()).toBe('/data/trials/create');
    await chosen.waitFor(POLL);

    // The tile's close key and the browser's back button ask as well; Stay keeps the wizard and its address.
    await page.keyboard.press('Alt+KeyW');
    await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
    await leaveQuestion(page).waitFor({ state: 'hidden', ...POLL });
    await page.goBack();
    await leaveQuestion(page).waitFor(POLL);
    await leaveQuestion(page).getByRole('button', { name: 'Stay' }).click();
    await leaveQuestion(page).waitFor({ state: 'hidden', ...POLL });
    await expect.poll(path, POLL).toBe('/data/trials/create');
    await chosen.waitFor(POLL);
    await stepHeading(page, 'Step 1: Germplasm selection').waitFor(POLL);

    // Closing or reloading the tab gets the browser's own prompt while there are unsaved changes.
    const prompt = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Ctrl+K → Germplasm: the same question; Leave goes there.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor(POLL);
    await page.keyboard.type('Germplasm');
    await page.getByRole('option', { name: /^Germplasm\s*\/data\/germplasm$/ }).click();
    await leaveQuestion(page).getByRole('button', { name: 'Leave' }).click();
    await expect.poll(path, POLL).toBe('/data/germplasm');
    expect(await leaveQuestion(page).count()).toBe(0);
    // Left on purpose: a wizard opened again starts empty.
    await sidebar.getByRole('button', { name: 'Trial creation' }).click();
    await page.getByText('No germplasm chosen yet.').waitFor(POLL);
    await sidebar.getByRole('button', { name: 'Germplasm', exact: true }).click();
    await expect.poll(path, POLL).toBe('/data/germplasm');
    expect(await leaveQuestion(page).count()).toBe(0);
  });

  it('adds the members of a germplasm group', async () => {
    const page = await browser.page();
    const { token } = await server.login(page, 'curator');
    const response = await fetch(`${server.url}/api/group/table`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ page: 0, limit: 100, orderBy: 'groupName', ascending: 1, filter: [{ column: 'groupType', comparator: 'equals', values: ['germinatebase'] }] }),
    });
    const groups = ((await response.json()) as { data: { groupId: number; groupName: string; count: number }[] }).data;
    const group = groups.find((g) => g.count > 0);
    expect(group).toBeDefined();
    if (!group) return;
    await openWizard(page, server);
    await page.getByLabel('Group', { exact: true }).selectOption(String(group.groupId));
    await page.getByRole('button', { name: 'Add the group’s germplasm' }).click();
    await page.getByText(`${group.count} germplasm of the group added.`).waitFor(POLL);
    await page.getByRole('table', { name: new RegExp(`^Chosen germplasm: ${group.count},`) }).waitFor(POLL);
    await expectAxeClean(page);
  });

  it('is for curators: a regular user can neither open it nor find it', async () => {
    const page = await browser.page();
    await server.login(page, 'regular');
    await page.goto(`${server.url}/data/trials/create`);
    await page.getByText('You do not have the permissions needed for this page.').waitFor(POLL);
    expect(await page.getByRole('heading', { name: 'Step 1: Germplasm selection' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Panes' }).getByRole('button', { name: 'Trial creation' }).count()).toBe(0);
    const response = await fetch(`${server.url}/api/dataset/data/trial`, {
      method: 'POST',
      headers: { authorization: `Bearer ${(await server.token('regular', 'regular-password-1')).token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ datasetId: 2, plots: [{ germplasm: 'Heris', row: 99, column: 99 }] }),
    });
    expect(response.status).toBe(403);
  });

  it('speaks German', async () => {
    const page = await browser.page({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
    await server.login(page, 'curator');
    await page.goto(`${server.url}/data/trials/create`);
    await page.locator('[data-pane="trials:create"]').getByRole('heading', { level: 2, name: 'Versuchsanlage' }).waitFor(POLL);
    await stepHeading(page, 'Schritt 1: Keimplasma-Auswahl').waitFor(POLL);
    await page.getByLabel('Keimplasma-Namen').fill('Heris\nGibt es nicht');
    await page.getByRole('button', { name: 'Suchen und hinzufügen' }).click();
    await page.getByText('1 Keimplasma gefunden und hinzugefügt; 1 Name nicht gefunden.').waitFor(POLL);
    // Leaving asks in German.
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('button', { name: 'Keimplasma', exact: true }).click();
    const question = leaveQuestion(page, 'Ungespeicherte Änderungen');
    await question.getByText('Ihre Änderungen gehen verloren. Versuchsanlage verlassen?').waitFor(POLL);
    await question.getByRole('button', { name: 'Verlassen' }).waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/l1-leave-question-de.png` });
    await question.getByRole('button', { name: 'Bleiben' }).click();
    await question.waitFor({ state: 'hidden', ...POLL });
    await page.getByRole('button', { name: 'Nächster Schritt' }).click();
    await stepHeading(page, 'Schritt 2: Versuchsdesign').waitFor(POLL);
    // The longer German design names show whole too.
    await expectOptionsFit(page, 'Versuchsdesign');
    await page.screenshot({ path: `${SHOTS}/c3-wizard-design-de.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Externes Feldplanungswerkzeug' }).click();
    await page.getByRole('link', { name: /Feldplanungswerkzeug öffnen/ }).waitFor(POLL);
    expect(await page.getByRole('link', { name: /Feldplanungswerkzeug öffnen/ }).getAttribute('href')).toBe('https://ics.hutton.ac.uk/fieldhub/');
    // A layout file with a bad line: its problems in German, line by line.
    await page.getByTestId('trial-layout-file').setInputFiles({
      name: 'feldbuch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('PLOT,ROW,COLUMN,TREATMENT\n1,1,1,Heris\n2,eins,2,Heris\n'),
    });
    await page.getByText('feldbuch.csv kann nicht verwendet werden:').waitFor(POLL);
    await page.getByText('Zeile 3:', { exact: false }).first().waitFor(POLL);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/c3-wizard-file-de.png`, fullPage: true });
  });
});
