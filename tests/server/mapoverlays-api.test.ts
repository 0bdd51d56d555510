import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreTables } from '../../src/server/db/tables.js';
import { geotiff, geotiffZip } from '../import/geotiff-builder.js';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { uploadJob, waitForJob } from './import-jobs-support.js';

/**
 * GeoTIFFs through the real job system under FULL authentication, then `mapoverlay/table` and
 * `mapoverlay/{id}/src`: overlays of a private dataset only for who may see it, overlays without a dataset
 * for everyone logged in, the PNG only with a live image token.
 */
describe.each(testDialects())('map overlays on %s', (dialect) => {
  let server: TestServer;
  const sessions: Record<string, { token: string; imageToken: string }> = {};
  let privateOverlay: number;
  let freeOverlay: number;

  beforeAll(async () => {
    server = await startServer(dialect, { authMode: 'FULL', jobs: { pollMs: 100 } });
    for (const user of ['regular', 'curator', 'admin']) {
      const response = await server.api('POST', 'token', { body: { username: user, password: passwordOf(user) } });
      sessions[user] = (await response.json()) as { token: string; imageToken: string };
    }
    const db = server.app.database.db as Kysely<CoreTables>;
    const experiment = await db.insertInto('experiments').values({ experiment_name: 'Drone flights', user_id: null, project_id: null, description: null, experiment_date: null }).returning('id').executeTakeFirstOrThrow();
    const dataset = await db
      .insertInto('datasets')
      .values({ experiment_id: experiment.id, name: 'Private trial', description: null, date_start: null, date_end: null, source_file: null, datatype: null, dublin_core: null, version: null, created_by: null, dataset_state_id: 2, license_id: null, hyperlink: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tif = geotiff({ epsg: 4326, width: 20, height: 10, origin: [10, 50], pixel: [0.01, 0.01], kind: 'rgb' });
    const zip = await geotiffZip([[String(dataset.id), null, null, null, 'trial.tif', 'Trial', '20240501'], [null, null, null, null, 'region.tif', 'Region', null]], { 'trial.tif': tif, 'region.tif': tif });
    const curator = sessions.curator.token;
    const uuid = await uploadJob(server, curator, { name: 'overlays.zip', bytes: zip }, { type: 'geotiff' });
    const checked = await waitForJob(server, curator, uuid);
    if (checked.status !== 'completed') {
      const log = await server.api('GET', `import/template/${uuid}/log`, { token: curator });
      expect.fail(Object.values(unzipSync(new Uint8Array(await log.arrayBuffer()))).map((f) => strFromU8(f)).join('\n'));
    }
    expect(checked).toMatchObject({ status: 'completed', feedback: [] });
    expect((await server.api('GET', `import/template/${uuid}/import`, { token: curator })).status).toBe(200);
    const imported = await waitForJob(server, curator, uuid, (j) => j.imported && !['waiting', 'running'].includes(j.status));
    expect(imported).toMatchObject({ status: 'completed', stats: { mapoverlays: 2, datasets: 1 } });
    const rows = await db.withTables<{ mapoverlays: { id: number; dataset_id: number | null } }>().selectFrom('mapoverlays').select(['id', 'dataset_id']).orderBy('id').execute();
    privateOverlay = rows[0].id;
    freeOverlay = rows[1].id;
  });
  afterAll(async () => server?.close());

  const table = async (user: string) => {
    const response = await server.api('POST', 'mapoverlay/table', { token: sessions[user].token, body: {} });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { mapoverlayId: number; mapoverlayDescription: string; mapoverlayBottomLeftLat: number; datasetName: string | null }[] }).data;
  };

  it('lists overlays without a dataset to everyone, and a private dataset\'s to who may see it', async () => {
    expect((await table('regular')).map((o) => o.mapoverlayId)).toEqual([freeOverlay]);
    const all = await table('admin');
    expect(all.map((o) => o.mapoverlayId)).toEqual([privateOverlay, freeOverlay]);
    expect(all[0]).toMatchObject({ mapoverlayDescription: 'Trial', datasetName: 'Private trial', mapoverlayBottomLeftLat: expect.closeTo(49.9, 9) });
  });

  it('serves the PNG only with a live image token, and a private dataset\'s only to who may see it', async () => {
    const src = (id: number, token?: string) => fetch(`${server.url}/api/mapoverlay/${id}/src${token ? `?token=${token}` : ''}`);
    expect((await src(freeOverlay)).status).toBe(403);
    // The bearer token is not an image token.
    expect((await src(freeOverlay, sessions.regular.token)).status).toBe(403);
    const png = await src(freeOverlay, sessions.regular.imageToken);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await sharp(new Uint8Array(await png.arrayBuffer())).metadata()).format).toBe('png');
    expect((await src(privateOverlay, sessions.regular.imageToken)).status).toBe(404);
    expect((await src(privateOverlay, sessions.admin.imageToken)).status).toBe(200);
    expect((await src(privateOverlay + 100, sessions.admin.imageToken)).status).toBe(404);
  });
});
