import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { seedTrials, type TrialsSeed } from '../support/trials-seed.js';

const ROLES = ['regular', 'curator', 'admin'] as const;
type Role = (typeof ROLES)[number];
interface Plot {
  germinatebase_id: number;
  rep: string;
  block: string;
  trial_row: number | null;
  trial_column: number | null;
  location_id: number | null;
}

/**
 * `POST dataset/data/trial` on the real server: curators write the plots of a layout into a trials
 * dataset they see; every refusal (role, visibility, dataset type, clashing cells, unknown germplasm,
 * malformed bodies) is a 400/403/404 with its reason, and writes nothing.
 */
describe.each(testDialects())('trial creation on %s', (dialect) => {
  let server: TestServer;
  let db: Kysely<unknown>;
  let seed: TrialsSeed;
  const tokens: Record<Role, string> = { regular: '', curator: '', admin: '' };
  let empty: number;
  let granted: number;
  let curatorId: number;

  const dataset = async (name: string, state: number, type: number) =>
    Number(
      (
        await sql<{ id: number }>`INSERT INTO datasets (experiment_id, name, description, dataset_state_id, datasettype_id, is_external)
          SELECT MIN(id), ${name}, ${name}, ${state}, ${type}, 0 FROM experiments RETURNING id`.execute(db)
      ).rows[0].id,
    );
  const plotsOf = async (datasetId: number) =>
    (
      await sql<Plot>`SELECT germinatebase_id, rep, block, trial_row, trial_column, location_id FROM trialsetup
        WHERE dataset_id = ${datasetId} ORDER BY germinatebase_id, id`.execute(db)
    ).rows.map((r) => ({ ...r, germinatebase_id: Number(r.germinatebase_id) }));
  const countAll = async () => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM trialsetup`.execute(db)).rows[0].n);
  const post = (body: unknown, role: Role | null = 'curator') => server.api('POST', 'dataset/data/trial', { token: role ? tokens[role] : null, body });
  const refusal = async (response: Response) => (await response.json()) as { reasonPhrase?: string; message?: string };

  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    db = server.app.database.db as unknown as Kysely<unknown>;
    seed = await seedTrials(server);
    for (const role of ROLES) tokens[role] = await server.login(role, passwordOf(role));
    empty = await dataset('New trial', 1, 3);
    granted = await dataset('Granted private trial', 2, 3);
    curatorId = Number((await sql<{ id: number }>`SELECT id FROM users WHERE username = 'curator'`.execute(db)).rows[0].id);
    await sql`INSERT INTO datasetpermissions (dataset_id, user_id) VALUES (${granted}, ${curatorId})`.execute(db);
    // Two germplasm share a display name: it names neither.
    await sql`UPDATE germinatebase SET display_name = 'Twin' WHERE id IN (17, 18)`.execute(db);
  });
  afterAll(async () => server?.close());

  it('writes the plots of a curator\'s layout, matching names as the importers do, and records it', async () => {
    const body = {
      datasetId: empty,
      plots: [
        { germplasm: 'Barke', row: 1, column: 1, rep: '1', block: 'A' },
        // Case does not matter; a display name of one germplasm names it (GP is Golden Promise).
        { germplasm: 'barke-2', row: 1, column: 2, rep: 2 },
        { germplasm: ' GP ', row: 2, column: 1 },
        { germplasm: 'MÜLLER', row: 2, column: 2, block: '' },
        { germplasm: 'åLAND', row: 3, column: 1 },
        { germplasm: 'Zebra' },
      ],
    };
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(6);
    const stored = await plotsOf(empty);
    expect(stored).toEqual([
      { germinatebase_id: 1, rep: '1', block: 'A', trial_row: 1, trial_column: 1, location_id: null },
      { germinatebase_id: 3, rep: '2', block: '1', trial_row: 1, trial_column: 2, location_id: null },
      { germinatebase_id: 4, rep: '1', block: '1', trial_row: 2, trial_column: 2, location_id: null },
      { germinatebase_id: 10, rep: '1', block: '1', trial_row: 2, trial_column: 1, location_id: null },
      { germinatebase_id: 13, rep: '1', block: '1', trial_row: null, trial_column: null, location_id: null },
      { germinatebase_id: 15, rep: '1', block: '1', trial_row: 3, trial_column: 1, location_id: null },
    ]);
    const audit = (await sql<{ action: string; target: string; username: string; details: string }>`SELECT action, target, username, details FROM audit_log
      WHERE action = 'trial.create' ORDER BY id`.execute(db)).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: `dataset ${empty}`, username: 'curator' });
    expect(JSON.parse(audit[0].details)).toEqual({ datasetId: empty, plots: 6, germplasm: 6 });
  });

  it('refuses a plot on a cell the dataset already uses, naming it, and writes nothing', async () => {
    const before = await countAll();
    const response = await post({ datasetId: empty, plots: [{ germplasm: 'Barke', row: 4, column: 1 }, { germplasm: 'Barke', row: 1, column: 2 }] });
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('TRIALS_ROW_COL_MISMATCH');
    const body = await refusal(response);
    expect(body.reasonPhrase).toBe('TRIALS_ROW_COL_MISMATCH');
    expect(body.message).toContain('row 1, column 2');
    expect(body.message).not.toContain('row 4, column 1');
    // The seeded open trial uses rows 1–2 × columns 1–4.
    const seeded = await post({ datasetId: seed.openSet, plots: [{ germplasm: 'Barke', row: 2, column: 4 }] });
    expect(seeded.status).toBe(400);
    expect((await refusal(seeded)).reasonPhrase).toBe('TRIALS_ROW_COL_MISMATCH');
    expect(await countAll()).toBe(before);
    // A free cell of the same dataset is fine.
    expect((await post({ datasetId: seed.openSet, plots: [{ germplasm: 'Barke', row: 3, column: 1 }] })).status).toBe(200);
    expect(await countAll()).toBe(before + 1);
  });

  it('refuses two plots of one layout on one cell, naming the cell and the plots', async () => {
    const before = await countAll();
    const plots = [
      { germplasm: 'Barke', row: 10, column: 1 },
      { germplasm: 'Gold', row: 10, column: 2 },
      { germplasm: 'Zebra', row: 10, column: 1 },
    ];
    const response = await post({ datasetId: empty, plots });
    expect(response.status).toBe(400);
    const body = await refusal(response);
    expect(body.reasonPhrase).toBe('TRIALS_ROW_COL_MISMATCH');
    expect(body.message).toContain('row 10, column 1 (plots 1, 3)');
    expect(await countAll()).toBe(before);
  });

  it('refuses unknown germplasm, naming them, and writes nothing', async () => {
    const before = await countAll();
    const plots = [
      { germplasm: 'Barke', row: 20, column: 1 },
      { germplasm: 'No such line', row: 20, column: 2 },
      { germplasm: 'Barke-syn', row: 20, column: 3 },
      { germplasm: 'Twin', row: 20, column: 4 },
      { germplasm: 'no such LINE', row: 20, column: 5 },
    ];
    const response = await post({ datasetId: empty, plots });
    expect(response.status).toBe(400);
    expect(response.statusText).toBe('GENERIC_INVALID_GERMPLASM');
    const body = await refusal(response);
    expect(body.reasonPhrase).toBe('GENERIC_INVALID_GERMPLASM');
    // Each unknown name once; synonyms are not names; a shared display name names no one germplasm.
    expect(body.message).toBe('Unknown germplasm: No such line; Barke-syn. Display name of several germplasm (use their names): Twin.');
    expect(await countAll()).toBe(before);
  });

  it('is for curators and administrators only', async () => {
    const body = { datasetId: empty, plots: [{ germplasm: 'Barke', row: 30, column: 1 }] };
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, 'regular')).status).toBe(403);
    const before = await countAll();
    expect((await post({ datasetId: empty, plots: [{ germplasm: 'Barke', row: 30, column: 1 }] }, 'admin')).status).toBe(200);
    expect(await countAll()).toBe(before + 1);
  });

  it('writes only into trials datasets the caller sees', async () => {
    const before = await countAll();
    const plots = [{ germplasm: 'Barke', row: 40, column: 1 }];
    // A private dataset nobody granted the curator.
    const hidden = await post({ datasetId: seed.privateSet, plots });
    expect(hidden.status).toBe(403);
    expect((await refusal(hidden)).reasonPhrase).toBe('FORBIDDEN_INSUFFICIENT_PERMISSIONS');
    const missing = await post({ datasetId: 999_999, plots });
    expect(missing.status).toBe(404);
    const genotypes = await post({ datasetId: seed.genotypeSet, plots });
    expect(genotypes.status).toBe(400);
    expect((await refusal(genotypes)).message).toBe(`Dataset ${seed.genotypeSet} is not a trials dataset.`);
    expect(await countAll()).toBe(before);
    // A private dataset the curator was granted, and the private one for an administrator.
    expect((await post({ datasetId: granted, plots })).status).toBe(200);
    expect((await post({ datasetId: seed.privateSet, plots }, 'admin')).status).toBe(200);
    expect(await countAll()).toBe(before + 2);
  });

  it('answers malformed bodies with a 400 that says what is wrong', async () => {
    const before = await countAll();
    const cases: [unknown, string][] = [
      [{ plots: [{ germplasm: 'Barke' }] }, 'datasetId'],
      [{ datasetId: empty }, 'plots'],
      [{ datasetId: empty, plots: [] }, 'plots must be non-empty'],
      [{ datasetId: 'one', plots: [{ germplasm: 'Barke' }] }, 'datasetId'],
      [{ datasetId: empty, plots: [{ row: 1, column: 1 }] }, 'plots[0].germplasm'],
      [{ datasetId: empty, plots: [{ germplasm: 'Barke', row: 1.5 }] }, 'plots[0].row'],
      [{ datasetId: empty, plots: [{ germplasm: 'Barke', column: 70_000 }] }, 'plots[0].column'],
      [{ datasetId: empty, plots: [{ germplasm: 'Barke', rep: { a: 1 } }] }, 'plots[0].rep'],
      [{ datasetId: empty, plots: [{ germplasm: 'Barke' }, { germplasm: '  ' }] }, 'plots without one: 2'],
      [[1, 2], 'datasetId must be a number'],
    ];
    for (const [body, text] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await refusal(response)).message, JSON.stringify(body)).toContain(text);
    }
    for (const raw of ['', 'null', '{"datasetId":', 'plots']) {
      const response = await server.api('POST', 'dataset/data/trial', { token: tokens.curator, raw });
      expect(response.status, raw).toBe(400);
    }
    expect(await countAll()).toBe(before);
  });

  it('writes a layout of 10,000 plots in one request', async () => {
    const large = await dataset('Large trial', 1, 3);
    const names = ['Barke', 'Gold', 'Zebra', 'apple', 'Line 17', 'Line 20', 'Müller', 'GP'];
    const plots = Array.from({ length: 10_000 }, (_, i) => ({ germplasm: names[i % names.length], row: Math.floor(i / 100) + 1, column: (i % 100) + 1, rep: String((i % 4) + 1) }));
    const response = await post({ datasetId: large, plots });
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(10_000);
    const counts = (await sql<{ n: number; cells: number; reps: number }>`SELECT COUNT(*) AS n, COUNT(DISTINCT trial_row * 1000 + trial_column) AS cells,
      COUNT(DISTINCT rep) AS reps FROM trialsetup WHERE dataset_id = ${large}`.execute(db)).rows[0];
    expect({ n: Number(counts.n), cells: Number(counts.cells), reps: Number(counts.reps) }).toEqual({ n: 10_000, cells: 10_000, reps: 4 });
    // The same layout again collides with every cell and names the first ones.
    const again = await post({ datasetId: large, plots });
    expect(again.status).toBe(400);
    expect((await refusal(again)).message).toMatch(/^The dataset already has plots at: row 1, column 1; row 1, column 2; .*; and more\.$/);
  });
});
