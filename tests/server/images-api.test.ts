import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageExportSettled } from '../../src/plugins/images/export.js';
import { testDialects } from '../support/databases.js';
import { seedGermplasm } from '../support/seed.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';

type Row = Record<string, unknown> & { imageId: number; tags?: { tagId: number; tagName: string }[] };

/**
 * The images calls on the real server: the table's rows and filters, the tag lists and
 * tag edits, the image files with thumbnails made on first request, patch and delete by curators only
 * (delete removes the files), the export job, and clear 404s for unknown ids.
 */
describe.each(testDialects())('images on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  let regular: string;
  const ids: number[] = [];
  const db = () => server.db.database.db as unknown as Kysely<unknown>;
  const uploads = () => path.join(server.app.config.dataDir, 'images', 'database', 'upload');
  const table = async (body: unknown, token: string | null = null) => {
    const response = await server.api('POST', 'image/table', { token, body });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { data: Row[]; count: number };
  };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    curator = await server.login('curator', passwordOf('curator'));
    regular = await server.login('regular', passwordOf('regular'));
    await seedGermplasm(server);
    fs.mkdirSync(uploads(), { recursive: true });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } }).png().toBuffer();
    for (const name of ['a.png', 'b.png', 'c.png']) fs.writeFileSync(path.join(uploads(), name), png);
    const exif = JSON.stringify({ cameraMake: 'Canon', cameraModel: 'Canon EOS 80D', fNumber: '5.6', isoSpeedRatings: '200' });
    const trait = (await sql<{ id: number }>`INSERT INTO phenotypes (name, datatype) VALUES ('Height', 'numeric') RETURNING id`.execute(db())).rows[0].id;
    for (const [type, foreign, name, description] of [[1, 1, 'a.png', 'Ear'], [1, 2, 'b.png', 'Leaf'], [3, trait, 'c.png', 'Ruler']] as const) {
      const row = await sql<{ id: number }>`INSERT INTO images (imagetype_id, description, foreign_id, path, exif) VALUES (${type}, ${description}, ${foreign}, ${`upload/${name}`}, ${type === 1 ? exif : null}) RETURNING id`.execute(db());
      ids.push(row.rows[0].id);
    }
    // An image of a germplasm that is gone: not in the view.
    await sql`INSERT INTO images (imagetype_id, description, foreign_id, path) VALUES (1, 'Orphan', 999999, 'upload/none.png')`.execute(db());
  });
  afterAll(async () => server?.close());

  it('lists images with their reference, EXIF and tags, filters by type and tag, and edits tags (curators only)', async () => {
    const all = await table({ orderBy: 'imageId', ascending: 1 });
    expect(all.count).toBe(3);
    expect(all.data[0]).toMatchObject({ imageId: ids[0], imageDescription: 'Ear', imagePath: 'upload/a.png', imageRefTable: 'germinatebase', imageType: 'Germplasm images', imageIsReference: false });
    expect(all.data[0].imageExif).toMatchObject({ cameraMake: 'Canon', fNumber: '5.6' });
    expect(all.data[2]).toMatchObject({ imageRefTable: 'phenotypes', referenceName: 'Height' });
    expect(typeof all.data[0].referenceName).toBe('string');
    const traits = await table({ filter: [{ column: 'imageRefTable', comparator: 'equals', operator: 'and', values: ['phenotypes'] }] });
    expect(traits.data.map((r) => r.imageId)).toEqual([ids[2]]);

    expect((await server.api('PUT', `image/${ids[0]}/tag`, { token: regular, body: ['x'] })).status).toBe(403);
    expect((await server.api('PUT', `image/${ids[0]}/tag`, { body: ['x'] })).status).toBe(401);
    expect((await server.api('PUT', `image/${ids[0]}/tag`, { token: curator, body: [' Ear ', 'Field Day', 'ear'] })).status).toBe(204);
    expect((await server.api('PUT', `image/${ids[1]}/tag`, { token: curator, body: ['field day'] })).status).toBe(204);
    expect((await server.api('PUT', `image/${ids[1]}/tag`, { token: curator, body: 'not a list' })).status).toBe(400);
    const tagged = await table({ orderBy: 'imageId', ascending: 1 });
    expect(tagged.data[0].tags?.map((t) => t.tagName)).toEqual(['ear', 'field day']);
    const tags = (await (await server.api('GET', 'imagetag')).json()) as { data: { tagId: number; tagName: string }[]; count: number };
    expect(tags).toMatchObject({ count: 2, data: [{ tagName: 'ear' }, { tagName: 'field day' }] });
    const fieldDay = tags.data[1].tagId;
    const byTag = await table({ filter: [{ column: 'tags', comparator: 'arrayContains', operator: 'and', values: [String(fieldDay)] }], orderBy: 'imageId', ascending: 1 });
    expect(byTag.data.map((r) => r.imageId)).toEqual([ids[0], ids[1]]);
    expect((await (await server.api('GET', 'imagetag/germinatebase/2')).json()) as object).toMatchObject({ count: 1, data: [{ tagName: 'field day' }] });
    expect((await (await server.api('GET', `image/${ids[0]}/tag`)).json()) as object).toMatchObject({ count: 2, data: [{ tagName: 'ear' }, { tagName: 'field day' }] });
    // Replacing the set drops the tag no image carries any more.
    expect((await server.api('PUT', `image/${ids[0]}/tag`, { token: curator, body: ['field day'] })).status).toBe(204);
    expect(((await (await server.api('GET', 'imagetag')).json()) as { count: number }).count).toBe(1);
  });

  it('serves the original and a thumbnail made once, and refuses names outside the folder', async () => {
    const large = await server.api('GET', `image/src?type=database&name=upload/a.png&size=large`);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(900);
    const small = await server.api('GET', `image/${ids[0]}/src?type=database&size=small`);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
    expect(fs.existsSync(path.join(server.app.config.dataDir, 'images', 'database', 'thumbnail-upload', 'a.png'))).toBe(true);
    expect((await server.api('GET', 'image/src/a.png?type=database&name=upload/a.png')).status).toBe(200);
    expect((await server.api('GET', 'image/src?type=database&name=../../germinate.sqlite')).status).toBe(403);
    expect((await server.api('GET', 'image/src?type=nothing&name=a.png')).status).toBe(400);
    expect((await server.api('GET', 'image/src?type=database')).status).toBe(400);
    expect((await server.api('GET', 'image/src?type=database&name=upload/missing.png')).status).toBe(404);
  });

  it('asks for the image token under FULL, except for template images and traits’ reference images', async () => {
    const config = server.app.config as { authMode: string };
    const login = (await (await server.api('POST', 'token', { body: { username: 'regular', password: passwordOf('regular') } })).json()) as { imageToken: string };
    await sql`UPDATE images SET is_reference = 1 WHERE id = ${ids[2]}`.execute(db());
    config.authMode = 'FULL';
    try {
      expect((await server.api('GET', `image/${ids[0]}/src?type=database&size=small`)).status).toBe(403);
      expect((await server.api('GET', `image/${ids[0]}/src?type=database&size=small&token=not-a-token`)).status).toBe(403);
      expect((await server.api('GET', `image/${ids[0]}/src?type=database&size=small&token=${login.imageToken}`)).status).toBe(200);
      expect((await server.api('GET', 'image/src?type=database&name=upload/a.png')).status).toBe(403);
      expect((await server.api('GET', `image/${ids[2]}/src?type=database`)).status).toBe(200);
      expect((await server.api('GET', 'image/src?type=template&name=none.png')).status).toBe(404);
    } finally {
      config.authMode = 'SELECTIVE';
      await sql`UPDATE images SET is_reference = 0 WHERE id = ${ids[2]}`.execute(db());
    }
  });

  it('patches and deletes for curators (the files go too), and says clearly when an image id does not exist', async () => {
    const body = { imageId: ids[1], imageDescription: 'Leaf, close', imageIsReference: true };
    expect((await server.api('PATCH', `image/${ids[1]}`, { token: regular, body })).status).toBe(403);
    expect((await server.api('PATCH', `image/${ids[1]}`, { token: curator, body: { ...body, imageId: ids[0] } })).status).toBe(400);
    expect((await server.api('PATCH', `image/${ids[1]}`, { token: curator, body })).status).toBe(200);
    expect((await table({ filter: [{ column: 'imageId', comparator: 'equals', operator: 'and', values: [String(ids[1])] }] })).data[0]).toMatchObject({ imageDescription: 'Leaf, close', imageIsReference: true });

    for (const [method, call, payload] of [['DELETE', 'image/987654', undefined], ['PATCH', 'image/987654', { imageId: 987654 }], ['PUT', 'image/987654/tag', ['a']], ['GET', 'image/987654/tag', undefined], ['GET', 'image/987654/src?type=database', undefined]] as const) {
      const response = await server.api(method, call, { token: curator, body: payload });
      expect(response.status, `${method} ${call}`).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe('There is no image with the id 987654.');
    }

    expect((await server.api('DELETE', `image/${ids[1]}`, { token: regular })).status).toBe(403);
    expect(fs.existsSync(path.join(uploads(), 'b.png'))).toBe(true);
    await server.api('GET', `image/${ids[1]}/src?type=database&size=small`);
    expect((await server.api('DELETE', `image/${ids[1]}`, { token: curator })).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), 'b.png'))).toBe(false);
    expect(fs.existsSync(path.join(server.app.config.dataDir, 'images', 'database', 'thumbnail-upload', 'b.png'))).toBe(false);
    expect((await table({})).count).toBe(2);
    expect(((await (await server.api('GET', 'imagetag')).json()) as { count: number }).count).toBe(1);
  });

  it('exports the matching images as a job whose zip holds their files', async () => {
    const response = await server.api('POST', 'image/table/export', { body: { filter: [{ column: 'imageRefTable', comparator: 'equals', operator: 'and', values: ['germinatebase'] }] } });
    expect(response.status).toBe(200);
    const [job] = (await response.json()) as { status: string; uuid: string }[];
    expect(job.status).toBe('waiting');
    await imageExportSettled(job.uuid);
    const row = await server.db.database.db.selectFrom('async_jobs').selectAll().where('uuid', '=', job.uuid).executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(typeof row.job_config === 'string' ? (JSON.parse(row.job_config) as object) : row.job_config).toMatchObject({ yIds: [ids[0]] });
    const download = await server.api('GET', `dataset/export/async/${job.uuid}/download`);
    expect(download.status).toBe(200);
    const { unzipSync } = await import('fflate');
    expect(Object.keys(unzipSync(new Uint8Array(await download.arrayBuffer())))).toEqual(['upload/a.png']);
  });
});
