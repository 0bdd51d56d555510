import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { geotiff, geotiffZip } from '../tests/import/geotiff-builder.js';
import { axeViolations, formatViolations, storedClientState, useBrowser, useServer, watchOf, type E2EServer } from './support/index.js';

/**
 * Locations and the geographic search in Chromium on the demo data: the location table under its map
 * (clustered markers, heatmap), marking from the map; a curator draws a polygon by keyboard on the
 * geographic search, gets the accessions inside it, marks them and opens one's passport. German, both
 * themes, axe. Screenshots go to /tmp/loc/*.png.
 */

const POLL = { timeout: 20_000 };
const db = (server: E2EServer) => server.database.db as unknown as Kysely<unknown>;

async function expectAxeClean(page: Page): Promise<void> {
  expect(formatViolations(await axeViolations(page))).toBe('');
}

const mapIdle = async (page: Page, root = page.locator('body')) => Number((await root.locator('.place-map-canvas').first().getAttribute('data-map-idle')) ?? '0');

describe('locations', () => {
  const browser = useBrowser();
  let server!: E2EServer;
  useServer((started) => (server = started));

  it('shows the location table under a clustered map; a place marked by keyboard on the map is marked in the table', async () => {
    const count = Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM locations`.execute(db(server))).rows[0].n);
    const sydney = Number((await sql<{ id: number }>`SELECT id FROM locations WHERE site_name = 'Sydney'`.execute(db(server))).rows[0].id);
    expect(count).toBeGreaterThan(1);
    const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
    await page.goto(`${server.url}/data/geography`);
    await expect.poll(() => new URL(page.url()).pathname, POLL).toBe('/data/geography/locations');
    const pane = page.getByRole('region', { name: 'Locations', exact: true });
    await pane.getByText(`${count} rows`).waitFor(POLL);
    await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(0);
    // Clusters carry their counts; every location with coordinates is in one of them or drawn alone.
    await expect.poll(() => page.locator('.place-map-count').count(), POLL).toBeGreaterThan(0);
    await expectAxeClean(page);
    await page.screenshot({ path: '/tmp/loc/locations-light.png' });

    // The table's filter narrows the map too: one place left, which ] focuses and x marks.
    await page.keyboard.press('/');
    const line = page.getByRole('combobox', { name: 'Filter line' });
    await line.waitFor(POLL);
    await line.fill('Site name = Sydney');
    await line.press('Enter');
    await line.waitFor({ state: 'detached', ...POLL });
    await pane.getByText('1 row').first().waitFor(POLL);
    await pane.getByText('Map of 1 location;', { exact: false }).first().waitFor(POLL);
    await pane.locator('.place-map-canvas canvas').focus();
    await expect.poll(async () => { await page.keyboard.press(']'); return pane.locator('.place-map-said').textContent(); }, POLL).toBe('Sydney');
    await page.keyboard.press('x');
    await pane.locator('.place-map-said').getByText('Sydney marked.').waitFor(POLL);
    await pane.getByText('1 marked').waitFor(POLL);
    await expect.poll(async () => ((await storedClientState(page))?.markedIds as { locations?: number[] } | undefined)?.locations, POLL).toEqual([sydney]);

    // The heatmap by the palette; then dark and German.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Location map: heatmap');
    await page.keyboard.press('Enter');
    await expect.poll(() => pane.getByRole('radio', { name: 'Heatmap' }).isChecked(), POLL).toBe(true);
    await page.keyboard.press('Alt+Shift+KeyD');
    await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/loc/locations-dark.png' });
    await expectAxeClean(page);
    await page.keyboard.press('Alt+Shift+KeyL');
    await page.getByRole('region', { name: 'Standorte', exact: true }).getByRole('radio', { name: 'Heatmap' }).waitFor(POLL);
    await page.getByRole('radio', { name: 'Klima-Overlay' }).check();
    await page.getByText('Es wurden keine Klima-Overlays importiert.').waitFor(POLL);
    await page.screenshot({ path: '/tmp/loc/locations-dark-de.png' });

    // Enter on a place opens the geographic search round it, beside the table.
    const canvas = page.getByRole('region', { name: 'Standorte', exact: true }).locator('.place-map-canvas canvas');
    await canvas.focus();
    await expect.poll(async () => { await page.keyboard.press(']'); return page.locator('.place-map-said').first().textContent(); }, POLL).toBe('Sydney');
    await page.keyboard.press('Enter');
    const nearby = page.getByRole('region', { name: 'Geografische Suche' });
    await nearby.getByText('Punkt bei -33.8615, 151.2055.').waitFor(POLL);
    await nearby.getByRole('tab', { name: 'Gefundenes Keimplasma' }).waitFor(POLL);

    // The marked place on the marked-items page of locations, whose switch leads to the other types.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Markierte Orte öffnen');
    await page.keyboard.press('Enter');
    const marked = page.getByRole('region', { name: 'Markierte Orte', exact: true });
    await marked.getByText('1 Zeile', { exact: true }).first().waitFor(POLL);
    await marked.getByRole('navigation', { name: 'Markierte Einträge nach Typ' }).getByRole('button', { name: 'Orte (1)' }).waitFor(POLL);
    await expectAxeClean(page);
    await marked.getByRole('button', { name: 'Keimplasma (0)' }).click();
    await page.getByRole('region', { name: 'Markiertes Keimplasma', exact: true }).getByText('Es ist kein Keimplasma markiert.', { exact: false }).waitFor(POLL);
  });

  it('lets a curator draw a polygon by keyboard, get the accessions inside, mark them and open a passport', async () => {
    const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
    const curator = await server.login(page, 'curator');
    await page.goto(`${server.url}/data/geography/geographic-search`);
    const search = page.getByRole('region', { name: 'Geographic search' });
    // Searching with nothing drawn says what is missing (the spec's messages).
    await expect.poll(() => search.getByRole('radio', { name: 'Point and radius' }).isChecked(), POLL).toBe(true);
    await page.keyboard.press('Shift+S');
    await search.getByRole('alert').getByText('Please select a point by clicking on the map.').waitFor(POLL);
    await search.getByRole('radio', { name: 'Polygon' }).check();
    await page.keyboard.press('Shift+S');
    await search.getByRole('alert').getByText('Please create a polygon by clicking on the map.').waitFor(POLL);

    // The keyboard: the map under the centre moves with the arrow keys; v puts a vertex there, Shift+C closes.
    const canvas = search.locator('.place-map-canvas canvas');
    await canvas.focus();
    await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(0);
    // Europe to China: (30N 10E), up, right and down in steps of the map's keyboard pan.
    for (const key of ['v', 'ArrowUp', 'v', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'v', 'ArrowDown', 'ArrowDown', 'v']) {
      const before = await mapIdle(page);
      await page.keyboard.press(key);
      if (key.startsWith('Arrow')) await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(before);
    }
    await search.getByText(/^Polygon with 4 vertices, not closed yet: /).waitFor(POLL);
    expect(await search.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('c');
    const closed = search.getByText(/^Closed polygon with 4 vertices: /);
    const vertices = [...((await closed.textContent()) ?? '').matchAll(/\((-?[\d.]+), (-?[\d.]+)\)/g)].map((m) => ({ lat: Number(m[1]), lng: Number(m[2]) }));
    expect(vertices).toHaveLength(4);

    // The accessions inside, by an even-odd ray cast over their collecting sites' coordinates in the database.
    const sites = await sql<{ id: number; lat: number | null; lng: number | null }>`
      SELECT g.id, l.latitude AS lat, l.longitude AS lng FROM germinatebase g JOIN locations l ON l.id = g.location_id`.execute(db(server));
    const inside = (lat: number, lng: number) => {
      let within = false;
      for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i++) {
        const a = vertices[i];
        const b = vertices[j];
        if (a.lat > lat !== b.lat > lat && lng < ((b.lng - a.lng) * (lat - a.lat)) / (b.lat - a.lat) + a.lng) within = !within;
      }
      return within;
    };
    const expected = sites.rows.filter((r) => r.lat !== null && r.lng !== null && inside(Number(r.lat), Number(r.lng))).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(sites.rows.length);

    await page.keyboard.press('Shift+S');
    const results = page.getByRole('tabpanel');
    await results.getByText(new RegExp(`^${expected.length} rows?$`)).first().waitFor(POLL);
    await page.screenshot({ path: '/tmp/loc/search-results.png' });
    await expectAxeClean(page);
    // The results as the germplasm table's file.
    const download = page.waitForEvent('download');
    await results.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^germplasm-polygon-table--.*\.zip$/);
    const lines = strFromU8(Object.values(unzipSync(new Uint8Array(fs.readFileSync(await file.path()))))[0]).trim().split(/\r?\n/);
    const idColumn = lines[0].split('\t').indexOf('germplasm_id');
    expect(lines.slice(1).map((line) => Number(line.split('\t')[idColumn])).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));

    // Shift+A marks every accession found; Enter opens the passport of the row under the cursor.
    // The table's keys act on the pane (the map canvas keeps its own keys while it has the focus).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+A');
    await results.getByText(`${expected.length} marked`).waitFor(POLL);
    await expect
      .poll(async () => [...(((await storedClientState(page, curator.id))?.markedIds as { germplasm?: number[] } | undefined)?.germplasm ?? [])].sort((a, b) => a - b), POLL)
      .toEqual([...expected].sort((a, b) => a - b));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2 }).filter({ hasText: /CACTUAR|JHI/ }).first().waitFor(POLL);
    expect(new URL(page.url()).pathname).toMatch(/^\/data\/germplasm\/\d+$/);
    const opened = Number(new URL(page.url()).pathname.split('/').pop());
    expect(expected).toContain(opened);
  });

  it('lays a climate variable’s imported overlay under the locations, with the overlay image fetched by its image token', async () => {
    const climate = (await sql<{ id: number; name: string }>`SELECT id, name FROM climates ORDER BY id LIMIT 1`.execute(db(server))).rows[0];
    const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
    await server.login(page, 'curator');
    // A GeoTIFF over north-west Europe for the climate variable, through the uploader as a curator would.
    const tif = geotiff({ epsg: 4326, width: 40, height: 30, origin: [-10, 60], pixel: [0.5, 0.5], kind: 'rgb' });
    const file = path.join(os.tmpdir(), `climate-overlay-${process.pid}.zip`);
    fs.writeFileSync(file, await geotiffZip([[null, String(climate.id), null, 'climates', 'rain.tif', 'Rain in spring', '20240401']], { 'rain.tif': tif }));
    await page.goto(`${server.url}/import/data-upload`);
    await page.getByRole('radio', { name: /GeoTIFF map overlays/ }).check();
    await page.getByLabel('Choose a file (.zip)').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.locator('.import-pane').getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('The data was imported.').waitFor(POLL);

    const image = page.waitForResponse((response) => /\/api\/mapoverlay\/\d+\/src\?token=/.test(response.url()));
    await page.goto(`${server.url}/data/geography/locations`);
    const pane = page.getByRole('region', { name: 'Locations', exact: true });
    await pane.getByRole('radio', { name: 'Climate overlay' }).check();
    await expect.poll(() => pane.getByLabel('Climate variable').locator('option:checked').textContent(), POLL).toMatch(new RegExp(`^${climate.name}`));
    const answer = await image;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/loc/locations-overlay.png' });
    await expectAxeClean(page);

    // The climate's own page lays the same overlay on its map, fitted to the image, named by its date.
    const again = page.waitForResponse((response) => /\/api\/mapoverlay\/\d+\/src\?token=/.test(response.url()));
    await page.goto(`${server.url}/data/climate/climates/${climate.id}`);
    await page.getByRole('tab', { name: 'Map overlays' }).click();
    const overlayMap = page.locator('.climate-overlays-map .place-map-canvas');
    await overlayMap.and(page.locator('[data-map-loaded="true"]')).waitFor(POLL);
    expect((await again).status()).toBe(200);
    await page.screenshot({ path: '/tmp/loc/climate-overlay-map.png' });
    await page.getByText(/^Map of .*: the overlay /).waitFor(POLL);
    await expect.poll(async () => Number((await overlayMap.getAttribute('data-map-idle')) ?? '0'), POLL).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/loc/climate-overlay-map.png' });
    await expectAxeClean(page);
  });

  it('clusters thousands of locations on the server, and Enter on a cluster zooms in until its places come one by one', async () => {
    const country = Number((await sql<{ id: number }>`SELECT id FROM countries WHERE country_code2 = 'AU'`.execute(db(server))).rows[0].id);
    // 4 tight groups of 600 (0.4° across), far apart: 2,400 places, more than the server sends one by one.
    const centres = [[-25, 120], [-20, 145], [-35, 140], [-30, 128]];
    const rows = centres.flatMap(([lat, lng], g) =>
      Array.from({ length: 600 }, (_, i) => sql`(1, ${country}, ${`bulk-${g}-${i}`}, ${lat + (i % 25) * 0.016}, ${lng + Math.floor(i / 25) * 0.016})`),
    );
    await sql`INSERT INTO locations (locationtype_id, country_id, site_name, latitude, longitude) VALUES ${sql.join(rows)}`.execute(db(server));
    try {
      const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
      const answers: { inView: number; places: unknown[]; clusters: { count: number }[] }[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/location/table/places') && response.ok()) void response.json().then((body) => answers.push(body));
      });
      await page.goto(`${server.url}/data/geography/locations`);
      const pane = page.getByRole('region', { name: 'Locations', exact: true });
      await pane.getByText('Map of 2413 locations;', { exact: false }).first().waitFor(POLL);
      // The view of every location: the server's clusters, counted as its answer says.
      await expect.poll(() => answers.some((a) => a.clusters.length > 0 && a.clusters.reduce((sum, c) => sum + c.count, 0) + a.places.length === a.inView), POLL).toBe(true);
      await expect.poll(() => pane.locator('.place-map-count').count(), POLL).toBeGreaterThan(0);
      await page.screenshot({ path: '/tmp/loc/locations-many.png' });
      // ] focuses the nearest cluster (its count said); Enter shows its extent, where the server sends places.
      const canvas = pane.locator('.place-map-canvas canvas');
      await canvas.focus();
      await expect.poll(async () => { await page.keyboard.press(']'); return pane.locator('.place-map-said').textContent(); }, POLL).toMatch(/^A cluster of \d+ places; Enter zooms in\.$/);
      const before = answers.length;
      await page.keyboard.press('Enter');
      await expect.poll(() => answers.slice(before).some((a) => a.clusters.length === 0 && a.places.length > 0 && a.inView <= 1500), POLL).toBe(true);
      await page.screenshot({ path: '/tmp/loc/locations-many-zoomed.png' });
    } finally {
      await sql`DELETE FROM locations WHERE site_name LIKE 'bulk-%'`.execute(db(server));
    }
  });

  it('draws the tiles of the tile server an administrator configures when the user picks that layer, with their attribution', async () => {
    // A tile server of our own on another port: every tile one pixel of PNG, every request counted.
    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const asked: string[] = [];
    const tileServer = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(pixel);
    });
    await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
    const tiles = `http://127.0.0.1:${(tileServer.address() as AddressInfo).port}`;
    const admin = await server.token('admin', 'admin-password-1');
    const setTiles = (body: Record<string, string>) =>
      fetch(`${server.url}/api/settings/admin`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, body: JSON.stringify(body) });
    expect((await setTiles({ mapTileUrl: `${tiles}/{z}/{x}/{y}.png`, mapTileAttribution: 'Test tiles, CC BY' })).status).toBe(200);
    try {
      const page = await browser.page({ viewport: { width: 1280, height: 1000 } });
      await page.goto(`${server.url}/data/geography/locations`);
      const pane = page.getByRole('region', { name: 'Locations', exact: true });
      const picker = pane.getByRole('combobox', { name: 'Map layer' });
      await picker.waitFor(POLL);
      expect(await picker.locator('option').allTextContents()).toEqual(['Offline map (follows the theme)', 'Offline map, light', 'Offline map, dark', 'Tile map']);
      expect(asked).toEqual([]);
      await picker.selectOption({ label: 'Tile map' });
      await expect.poll(() => asked.filter((url) => /^\/\d+\/\d+\/\d+\.png$/.test(url)).length, POLL).toBeGreaterThan(0);
      await pane.getByText('Test tiles, CC BY').first().waitFor({ state: 'attached', ...POLL });
      await expect.poll(() => mapIdle(page), POLL).toBeGreaterThan(0);
      await expect.poll(async () => (await storedClientState(page))?.mapLayer, POLL).toBe('tiles');
      // The security policy let the tiles in: the browser refused nothing.
      expect(watchOf(page).consoleErrors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
      await page.screenshot({ path: '/tmp/loc/locations-tiles.png' });
      // A fixed dark offline map, whatever the theme; the choice is kept for the next visit.
      await picker.selectOption({ label: 'Offline map, dark' });
      await expect.poll(async () => (await storedClientState(page))?.mapLayer, POLL).toBe('dark');
      await page.reload();
      await expect.poll(() => page.getByRole('combobox', { name: 'Map layer' }).inputValue(), POLL).toBe('dark');
      await expectAxeClean(page);
    } finally {
      await setTiles({ mapTileUrl: '', mapTileAttribution: '' });
      await new Promise((resolve) => tileServer.close(resolve));
    }
  });
});
