import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFromSettings, readAdminSettings, validateSettings } from '../../src/plugins/admin/settings-form.js';
import { passwordOf, startServer, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';

const HOSTILE = ['javascript:alert(document.cookie)//{id}', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'ftp://example.org/{id}', '//example.org/{id}', '{id}'];

/** externalLinkTemplate becomes a link in Germinate's client: only http(s) templates are stored. */
describe.each(testDialects())('the external link template on %s', (dialect) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(dialect, { jobs: false });
    admin = await server.login('admin', passwordOf('admin'));
  });
  afterAll(async () => server?.close());

  const post = (body: unknown) => server.api('POST', 'settings/admin', { token: admin, body });
  const stored = async () => (await server.app.settings.read()).externalLinkTemplate;

  it('refuses templates that are not http(s) addresses, and keeps the stored one', async () => {
    expect((await post({ externalLinkTemplate: 'https://example.org/accession/{id}' })).status).toBe(200);
    for (const template of HOSTILE) {
      const response = await post({ externalLinkTemplate: template });
      const body = (await response.json()) as { reasonPhrase?: string; message?: string };
      expect(response.status, template).toBe(400);
      expect(body.reasonPhrase).toBe('BAD_REQUEST_INVALID_PAYLOAD');
      expect(body.message).toContain('externalLinkTemplate');
    }
    expect(await stored()).toBe('https://example.org/accession/{id}');
    const settings = (await (await server.api('GET', 'settings')).json()) as { externalLinkTemplate?: string };
    expect(settings.externalLinkTemplate).toBe('https://example.org/accession/{id}');
    expect((await post({ externalLinkTemplate: 'http://genebank.example/{id}' })).status).toBe(200);
    expect((await post({ externalLinkTemplate: '' })).status).toBe(200);
    expect(await stored()).toBeNull();
  });

  it('is refused by the settings form before it is sent', async () => {
    const form = formFromSettings(readAdminSettings(await (await server.api('GET', 'settings/admin', { token: admin })).json()));
    for (const template of HOSTILE) {
      form.texts.externalLinkTemplate = template;
      expect(validateSettings(form).externalLinkTemplate, template).toBe('admin.settings.error.url');
    }
    form.texts.externalLinkTemplate = 'https://example.org/{id}';
    expect(validateSettings(form).externalLinkTemplate).toBeUndefined();
  });
});
