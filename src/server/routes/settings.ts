import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../http/errors.js';
import { isProtectedKey, LOCALE_COMPLETE_HEADER } from '../../core/locale-keys.js';
import { recordAudit } from '../audit.js';
import { readSettings, writeSettings } from '../settings.js';
import { changedSettings, parseSettingsUpdate, type IgnoredSetting } from '../settings-update.js';
import { settingsTemplateRoutes } from './settings-template.js';

/** Locales the client ships (locales/<locale>.json); an admin may override texts in DATA_DIR/template. */
export const LOCALES = [
  { locale: 'en_GB', name: 'English (UK)', flag: 'gb' },
  { locale: 'de_DE', name: 'Deutsch', flag: 'de' },
];

async function readJson(file: string): Promise<Record<string, string> | null> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
    return null;
  } catch {
    return null;
  }
}

export const settingsRoutes: FastifyPluginAsync<{ localesDir: string }> = async (app, options) => {
  app.get('/settings', { config: { access: 'none' } }, async () => app.settings.clientConfiguration());
  await app.register(settingsTemplateRoutes);

  app.get('/settings/admin', { config: { access: 'ADMIN' } }, async () => app.settings.adminConfiguration(app.config.dataDir));

  // Takes effect with the next request: every reader asks the database. Sessions stay valid (Germinate
  // logged everybody out here; nothing in these settings changes who a token belongs to). Germinate's own
  // form posts its whole configuration: the keys this server does not take are ignored with a logged note.
  app.post('/settings/admin', { config: { access: 'ADMIN' } }, async (request) => {
    const now = app.clock.now();
    const fixed = await app.settings.adminConfiguration(app.config.dataDir);
    const ignored: IgnoredSetting[] = [];
    await app.database.db.transaction().execute(async (trx) => {
      const current = await readSettings(trx);
      const changes = changedSettings(current, parseSettingsUpdate(request.body, current, app.config.authMode, fixed, ignored));
      if (Object.keys(changes).length === 0) return;
      await writeSettings(trx, changes, new Date(now));
      await recordAudit(trx, request.user, { action: 'settings.update', target: 'settings', details: changes }, now);
    });
    for (const { key, value } of ignored) {
      request.log.info({ setting: key, value }, `settings/admin: ${key} is not a setting of this server (deployment configuration or a feature it has not); the value sent was ignored`);
    }
    // Refreshes what this process keeps from the settings (the usage logger's origin for the page policy).
    await app.settings.read();
    return true;
  });

  app.get('/clientlocale', { config: { access: 'none' } }, async () => LOCALES);

  app.get<{ Params: { locale: string } }>('/clientlocale/:locale', { config: { access: 'none' } }, async (request, reply) => {
    const { locale } = request.params;
    if (!LOCALES.some((l) => l.locale === locale)) return sendError(reply, 404);
    const english = (await readJson(path.join(options.localesDir, 'en_GB.json'))) ?? {};
    const builtIn = locale === 'en_GB' ? english : ((await readJson(path.join(options.localesDir, `${locale}.json`))) ?? {});
    const overrides = (await readJson(path.join(app.config.dataDir, 'template', `${locale}.json`))) ?? {};
    // Installations cannot change the About Germinate texts; everything else they may override.
    for (const key of Object.keys(overrides)) if (isProtectedKey(key)) delete overrides[key];
    // Germinate answers text/plain with the JSON document; clients parse it either way. English under
    // the locale makes the answer complete, which the header tells our client (no built-in copy needed).
    return reply
      .type('text/plain; charset=utf-8')
      .header(LOCALE_COMPLETE_HEADER, 'true')
      .send(JSON.stringify({ ...english, ...builtIn, ...overrides }));
  });
};
