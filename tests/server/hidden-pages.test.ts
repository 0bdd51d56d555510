import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesWithoutData, OVERVIEW_KEYS } from '../../src/server/hidden-pages.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { startServer, type TestServer } from '../support/server.js';

describe('pagesWithoutData', () => {
  const none = Object.fromEntries(OVERVIEW_KEYS.map((k) => [k, 0]));

  it('hides every data page when nothing has data, never the about page', () => {
    const pages = pagesWithoutData(none);
    expect(pages).toEqual(expect.arrayContaining(['germplasm', 'passport', 'germplasm-unifier', 'traits', 'export-trials', 'maps', 'stories']));
    expect(pages).not.toContain('about-germinate');
    expect(new Set(pages).size).toBe(pages.length);
  });

  it('keeps maps hidden while there are markers but no maps, and shows germplasm pages once there is germplasm', () => {
    const pages = pagesWithoutData({ ...none, markers: 3, germplasm: 1 });
    expect(pages).toContain('maps');
    expect(pages).not.toContain('markers');
    expect(pages).not.toContain('passport');
  });
});

describe.each(testDialects())('auto-discovered hidden pages on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect);
    admin = await server.login('admin', 'admin-password-1');
  });
  afterAll(async () => server?.close());

  const publicHidden = async () => ((await (await server.api('GET', 'settings')).json()) as { hiddenPages: string[] }).hiddenPages;

  it('adds the pages without data to GET settings only while switched on, and keeps them out of settings/admin', async () => {
    await server.api('POST', 'settings/admin', { token: admin, body: { hiddenPages: ['images'] } });
    expect(await publicHidden()).toEqual(['images']);

    const on = await server.api('POST', 'settings/admin', { token: admin, body: { hiddenPagesAutodiscover: true } });
    expect(on.status).toBe(200);
    const hidden = await publicHidden();
    expect(hidden).toEqual(expect.arrayContaining(['images', 'germplasm', 'passport', 'traits']));
    const adminView = (await (await server.api('GET', 'settings/admin', { token: admin })).json()) as { hiddenPages: string[] };
    expect(adminView.hiddenPages).toEqual(['images']);

    // Germplasm arrives: after the reuse window the germplasm pages come back.
    await seedGermplasm(server);
    server.clock.advance(61_000);
    const after = await publicHidden();
    expect(after).not.toContain('germplasm');
    expect(after).not.toContain('passport');
    expect(after).toContain('traits');

    await server.api('POST', 'settings/admin', { token: admin, body: { hiddenPagesAutodiscover: false } });
    expect(await publicHidden()).toEqual(['images']);
  });
});
