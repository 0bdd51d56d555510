import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_TOOLS, defaultSettings, STORED_PASSWORD } from '../../src/server/settings.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

type Json = Record<string, unknown>;

describe.each(testDialects())('admin settings on %s', (dialect) => {
  let server: TestServer;
  let adminToken: string;
  let regularToken: string;

  beforeAll(async () => {
    server = await startServer(dialect);
    adminToken = await server.login('admin', passwordOf('admin'));
    regularToken = await server.login('regular', passwordOf('regular'));
  });
  afterAll(async () => server?.close());

  const getAdmin = async () => {
    const response = await server.api('GET', 'settings/admin', { token: adminToken });
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };
  const getPublic = async () => (await (await server.api('GET', 'settings')).json()) as Json;
  const post = (body: unknown) => server.api('POST', 'settings/admin', { token: adminToken, body });
  const postOk = async (body: unknown) => {
    const response = await post(body);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toBe(true);
  };
  const refused = async (body: unknown) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { reasonPhrase: string; message: string };
    expect(error.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
    return error.message;
  };
  const auditRows = () => server.db.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').orderBy('id').execute();

  it('answers Germinate’s ClientAdminConfiguration: every setting, authMode and data directory from the deployment', async () => {
    const settings = await getAdmin();
    expect(settings).toEqual({
      ...defaultSettings(),
      authMode: 'SELECTIVE',
      bcryptSalt: 10,
      dataDirectoryExternal: server.app.config.dataDir,
      databaseBackupEveryDays: null,
      databaseBackupMaxSizeGB: 1,
      ...COMPANION_TOOLS,
      supportsFeedback: true,
    });
    // Germinate's own keys come first (Gson writes a subclass's fields before the inherited ones).
    expect(Object.keys(settings).slice(0, 3)).toEqual(['bcryptSalt', 'brapiEnabled', 'dataDirectoryExternal']);
    expect(settings).not.toHaveProperty('registrationRequiresApproval');
    expect(settings).not.toHaveProperty('gatekeeperPasswordSet');
  });

  it('takes Germinate’s whole settings form back, ignoring what this server does not store', async () => {
    const before = await getAdmin();
    const sent = { ...before, bcryptSalt: 12, databaseBackupEveryDays: 3, databaseBackupMaxSizeGB: 2.5, dataDirectoryExternal: '/data/germinate' };
    await postOk(sent);
    // The backup settings are stored (the backup schedule reads them); the deployment's values are not.
    expect(await getAdmin()).toEqual({ ...before, databaseBackupEveryDays: 3, databaseBackupMaxSizeGB: 2.5 });
    expect((await refused({ databaseBackupMaxSizeGB: 'lots' }))).toContain('databaseBackupMaxSizeGB');
  });

  it('stores a change and shows it at once in the public settings, keeping the sessions', async () => {
    const tokensBefore = await server.db.database.db.selectFrom('tokens').select('token_hash').execute();
    await postOk({
      colorPrimary: '#123abc',
      hiddenPages: ['germplasm', 'maps', 'germplasm'],
      registrationEnabled: true,
      gatekeeperRegistrationRequiresApproval: false,
      commentsEnabled: false,
      usageLoggerUrl: 'https://usage.example.org/log',
      dashboardCategories: ['germplasm', 'datasets'],
      filesDeleteAfterHoursAsync: 8760,
      filesDeleteAfterHoursTemp: 1,
      dataImportMode: 'VERIFY',
    });
    const settings = await getAdmin();
    expect(settings).toMatchObject({
      colorPrimary: '#123abc',
      hiddenPages: ['germplasm', 'maps'],
      registrationEnabled: true,
      gatekeeperRegistrationRequiresApproval: false,
      filesDeleteAfterHoursAsync: 8760,
      filesDeleteAfterHoursTemp: 1,
      dataImportMode: 'VERIFY',
    });
    const open = await getPublic();
    expect(open).toMatchObject({
      colorPrimary: '#123abc',
      hiddenPages: ['germplasm', 'maps'],
      registrationEnabled: true,
      gatekeeperRegistrationRequiresApproval: false,
      commentsEnabled: false,
      supportsFeedback: true,
      usageLoggerUrl: 'https://usage.example.org/log',
      dashboardCategories: ['germplasm', 'datasets'],
      dataImportMode: 'VERIFY',
    });
    // Sessions stay: the same token still works and no token was removed.
    expect((await server.api('GET', 'settings/admin', { token: adminToken })).status).toBe(200);
    const tokensAfter = await server.db.database.db.selectFrom('tokens').select('token_hash').execute();
    expect(tokensAfter.length).toBe(tokensBefore.length);
  });

  it('audits the changed keys only', async () => {
    const before = (await auditRows()).length;
    await postOk({ colorPrimary: '#123abc', pdciEnabled: false });
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    const last = rows[rows.length - 1];
    expect(JSON.parse(last.details ?? 'null')).toEqual({ pdciEnabled: false });
    expect(last.username).toBe('admin');
    // Nothing changed → nothing recorded.
    await postOk({ pdciEnabled: false });
    expect((await auditRows()).length).toBe(before + 1);
  });

  it('keeps the user-access tool password write-only: set, keep on null or absence, clear with an empty text', async () => {
    const stored = async () =>
      (await server.db.database.db.selectFrom('settings').select('value').where('key', '=', 'gatekeeperPassword').executeTakeFirst())?.value;
    await postOk({ gatekeeperUrl: 'https://gatekeeper.example.org/', gatekeeperUsername: 'germinate', gatekeeperPassword: 'very-secret-1' });
    expect(await stored()).toBe(JSON.stringify('very-secret-1'));
    const settings = await getAdmin();
    expect(settings.gatekeeperPassword).toBe(STORED_PASSWORD);
    expect(settings.gatekeeperUrl).toBe('https://gatekeeper.example.org/');
    for (const text of [JSON.stringify(settings), JSON.stringify(await getPublic())]) expect(text).not.toContain('very-secret-1');
    const rows = await auditRows();
    const details = rows[rows.length - 1].details ?? '';
    expect(details).not.toContain('very-secret-1');
    expect(JSON.parse(details)).toMatchObject({ gatekeeperPassword: '***', gatekeeperUsername: 'germinate' });

    await postOk({ gatekeeperPassword: null, gatekeeperUsername: 'germinate-2' });
    await postOk({ registrationEnabled: true });
    // Germinate's form sends back what it read: the placeholder keeps the password.
    await postOk({ gatekeeperPassword: STORED_PASSWORD });
    expect(await stored()).toBe(JSON.stringify('very-secret-1'));
    await postOk({ gatekeeperPassword: '' });
    expect((await getAdmin()).gatekeeperPassword).toBeNull();
    expect(await stored()).toBe('null');
  });

  it('refuses invalid values with one 400 naming every bad field, and stores none of the request', async () => {
    const before = await getAdmin();
    const message = await refused({
      colorsCharts: ['#00a0f1', 'blue'],
      filesDeleteAfterHoursAsync: 0,
      usageLoggerUrl: 'ftp://example.org',
      dataImportMode: 'SOMETIMES',
      noSuchSetting: 1,
      pdciEnabled: true,
    });
    for (const field of ['colorsCharts', 'filesDeleteAfterHoursAsync', 'usageLoggerUrl', 'dataImportMode', 'noSuchSetting']) {
      expect(message).toContain(field);
    }
    expect(message).not.toMatch(/pdciEnabled/);
    expect(await getAdmin()).toEqual(before);

    expect(await refused({ colorsTemplate: [] })).toContain('colorsTemplate');
    expect(await refused({ colorPrimary: '#12345' })).toContain('colorPrimary');
    expect(await refused({ filesDeleteAfterHoursTemp: 8761 })).toContain('filesDeleteAfterHoursTemp');
    expect(await refused({ filesDeleteAfterHoursTemp: 1.5 })).toContain('filesDeleteAfterHoursTemp');
    expect(await refused({ dashboardCategories: ['germplasm', 'weather'] })).toContain('dashboardCategories');
    expect(await refused({ dashboardSections: ['news', 'gossip'] })).toContain('dashboardSections');
    expect(await refused({ hiddenColumns: { germplasm: [1] } })).toContain('hiddenColumns');
    expect(await refused({ hiddenColumns: { notATable: ['x'] } })).toContain('notATable');
    expect(await refused({ hiddenPages: ['no-such-page'] })).toContain('no-such-page');
    expect(await refused({ registrationEnabled: 'yes' })).toContain('registrationEnabled');
    expect(await refused({ gatekeeperPassword: 42 })).toContain('gatekeeperPassword');
    expect(await refused({ plausibleApiHost: null })).toContain('plausibleApiHost');
    expect(await refused([])).toMatch(/object/);
    expect(await getAdmin()).toEqual(before);
  });

  it('never hides about-germinate', async () => {
    const message = await refused({ hiddenPages: ['germplasm', 'about-germinate'] });
    expect(message).toContain('hiddenPages');
    expect(message).toContain('about-germinate cannot be hidden');
    expect((await getPublic()).hiddenPages).toEqual(['germplasm', 'maps']);
  });

  it('takes back what GET returned: authMode only unchanged', async () => {
    const before = (await auditRows()).length;
    await postOk(await getAdmin());
    expect((await auditRows()).length).toBe(before);
    expect(await refused({ authMode: 'NONE' })).toContain('authMode');
    expect((await getAdmin()).authMode).toBe('SELECTIVE');
  });

  it('replaces the hidden columns of the tables sent and keeps the others; blank optional texts are unset', async () => {
    await postOk({ hiddenColumns: { datasets: ['contact', 'contact'] }, externalLinkTemplate: 'https://example.org/{id}' });
    const settings = await getAdmin();
    const hidden = settings.hiddenColumns as Record<string, string[]>;
    expect(hidden.datasets).toEqual(['contact']);
    expect(hidden.germplasm).toEqual(defaultSettings().hiddenColumns.germplasm);
    expect(settings.externalLinkTemplate).toBe('https://example.org/{id}');
    await postOk({ externalLinkTemplate: '  ', usageLoggerUrl: '' });
    const after = await getAdmin();
    expect(after.externalLinkTemplate).toBeNull();
    expect(after.usageLoggerUrl).toBeNull();
    expect(await getPublic()).not.toHaveProperty('usageLoggerUrl');
  });

  it('leaves the admin settings to administrators', async () => {
    for (const [token, status] of [
      [null, 401],
      [regularToken, 403],
    ] as const) {
      expect((await server.api('GET', 'settings/admin', { token })).status).toBe(status);
      expect((await server.api('POST', 'settings/admin', { token, body: { registrationEnabled: false } })).status).toBe(status);
    }
    expect((await getAdmin()).registrationEnabled).toBe(true);
  });
});
