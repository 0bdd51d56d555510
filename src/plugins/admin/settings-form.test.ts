import { describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from '../../core/routes.js';
// The server's own check, so the form is tested against what it mirrors (tests only: the client never loads it).
import { OVERVIEW_KEYS } from '../../server/hidden-pages.js';
import { defaultSettings, STORED_PASSWORD } from '../../server/settings.js';
import { DASHBOARD_SECTIONS as SERVER_SECTIONS, parseSettingsUpdate } from '../../server/settings-update.js';
import {
  DASHBOARD_CATEGORIES,
  DASHBOARD_SECTIONS,
  formFromSettings,
  longHex,
  readAdminSettings,
  settingsPayload,
  toggleInList,
  validateSettings,
  type SettingsForm,
} from './settings-form.js';

/** A GET settings/admin answer as the server sends it (unset strings omitted). */
const answer = {
  colorsTemplate: ['#FF9E15', '#799900'],
  colorsCharts: ['#00a0f1'],
  colorsGradient: ['#440154', '#fde725'],
  commentsEnabled: true,
  dashboardCategories: ['germplasm', 'markers'],
  dashboardSections: ['news'],
  dataImportMode: 'VERIFY',
  plausibleHashMode: true,
  plausibleApiHost: 'https://plausible.io',
  hiddenPages: ['maps'],
  hiddenColumns: { germplasm: ['latitude', 'longitude'], maps: [] },
  registrationEnabled: false,
  gatekeeperRegistrationRequiresApproval: true,
  showGdprNotification: false,
  brapiEnabled: false,
  pdciEnabled: true,
  filesDeleteAfterHoursAsync: 12,
  filesDeleteAfterHoursTemp: 24,
  hiddenPagesAutodiscover: false,
  gatekeeperUrl: 'https://gatekeeper.example.org',
  gatekeeperPassword: STORED_PASSWORD,
  bcryptSalt: 10,
  dataDirectoryExternal: '/data/germinate',
  databaseBackupMaxSizeGB: 1,
  authMode: 'SELECTIVE',
};

const form = (): SettingsForm => formFromSettings(readAdminSettings(answer));

describe('settings form', () => {
  it('reads the answer defensively: absent strings are empty, unknown modes fall back', () => {
    const view = readAdminSettings({ ...answer, dataImportMode: 'SOMETIMES' });
    expect(view.texts.colorPrimary).toBeNull();
    expect(view.texts.gatekeeperUrl).toBe('https://gatekeeper.example.org');
    expect(view.dataImportMode).toBe('NONE');
    expect(view.gatekeeperPasswordSet).toBe(true);
    expect(readAdminSettings(null).palettes.colorsCharts).toEqual([]);
  });

  it('accepts the settings as the server sent them', () => {
    expect(validateSettings(form())).toEqual({});
  });

  it('marks a malformed colour, by palette and position, and an empty palette', () => {
    const f = form();
    f.palettes.colorsTemplate[1] = '#12345';
    f.palettes.colorsCharts = [];
    f.texts.colorPrimary = 'red';
    expect(validateSettings(f)).toEqual({
      'colorsTemplate.1': 'admin.settings.error.colour',
      colorsCharts: 'admin.settings.error.paletteSize',
      colorPrimary: 'admin.settings.error.colour',
    });
  });

  it('takes #rgb and #rrggbb in either case, and widens #rgb for the colour picker', () => {
    const f = form();
    f.palettes.colorsGradient = ['#abc', '#ABCDEF', ' #123456 '];
    expect(validateSettings(f)).toEqual({});
    expect(longHex('#aBc')).toBe('#aabbcc');
    expect(longHex('#zzzzzz')).toBeNull();
  });

  it('needs whole hours from 1 to 8760', () => {
    for (const bad of ['0', '8761', '1.5', '', 'x', '-3']) {
      const f = form();
      f.hours.filesDeleteAfterHoursAsync = bad;
      expect(validateSettings(f), bad).toEqual({ filesDeleteAfterHoursAsync: 'admin.settings.error.hours' });
    }
    const f = form();
    f.hours.filesDeleteAfterHoursTemp = '8760';
    expect(validateSettings(f)).toEqual({});
  });

  it('takes the backup schedule as the server does: whole days 0–3650 and GB from 0, or empty', () => {
    expect(form().databaseBackupMaxSizeGB).toBe('1');
    expect(form().databaseBackupEveryDays).toBe('');
    for (const [days, size] of [['0', '0'], ['3650', '2.5'], ['', ''], [' 7 ', '1000000']]) {
      const f = form();
      f.databaseBackupEveryDays = days;
      f.databaseBackupMaxSizeGB = size;
      expect(validateSettings(f), `${days} ${size}`).toEqual({});
    }
    for (const bad of ['-1', '3651', '1.5', 'weekly']) {
      const f = form();
      f.databaseBackupEveryDays = bad;
      expect(validateSettings(f), bad).toEqual({ databaseBackupEveryDays: 'admin.settings.error.backupDays' });
    }
    for (const bad of ['-1', '1000001', '1,5', 'big', '.5']) {
      const f = form();
      f.databaseBackupMaxSizeGB = bad;
      expect(validateSettings(f), bad).toEqual({ databaseBackupMaxSizeGB: 'admin.settings.error.backupSize' });
    }
    const f = form();
    f.databaseBackupEveryDays = ' 7 ';
    f.databaseBackupMaxSizeGB = '';
    expect(settingsPayload(f)).toMatchObject({ databaseBackupEveryDays: 7, databaseBackupMaxSizeGB: null });
    f.databaseBackupMaxSizeGB = '0.5';
    expect(settingsPayload(f).databaseBackupMaxSizeGB).toBe(0.5);
  });

  it('needs http(s) addresses; optional ones may be empty, the analytics host may not', () => {
    const f = form();
    f.texts.gatekeeperUrl = 'ftp://example.org';
    f.texts.usageLoggerUrl = '';
    f.plausibleApiHost = '';
    expect(validateSettings(f)).toEqual({ gatekeeperUrl: 'admin.settings.error.url', plausibleApiHost: 'admin.settings.error.url' });
  });

  it('refuses unknown dashboard categories, hiding about-germinate and odd column names', () => {
    const f = form();
    f.dashboardCategories = ['germplasm', 'weather'];
    f.hiddenPages = ['about-germinate'];
    f.hiddenColumns.maps = 'mapName, drop;table';
    expect(validateSettings(f)).toEqual({
      dashboardCategories: 'admin.settings.error.unknownCategory',
      hiddenPages: 'admin.settings.error.aboutGerminate',
      'hiddenColumns.maps': 'admin.settings.error.columns',
    });
  });

  it('sends every stored setting, nulls for empty texts, numbers for hours, lists for columns', () => {
    const f = form();
    f.hiddenColumns.maps = 'mapName,\n  markerCount ';
    f.hours.filesDeleteAfterHoursTemp = ' 48 ';
    const body = settingsPayload(f);
    expect(body).toMatchObject({
      colorPrimary: null,
      gatekeeperUrl: 'https://gatekeeper.example.org',
      filesDeleteAfterHoursTemp: 48,
      hiddenColumns: { germplasm: ['latitude', 'longitude'], maps: ['mapName', 'markerCount'] },
      dataImportMode: 'VERIFY',
    });
    expect(body).not.toHaveProperty('authMode');
    expect(body).not.toHaveProperty('gatekeeperPasswordSet');
  });

  it('keeps the stored password unless a new one is typed or clearing is asked for', () => {
    const f = form();
    expect(settingsPayload(f)).not.toHaveProperty('gatekeeperPassword');
    f.gatekeeperPassword = 'new secret';
    expect(settingsPayload(f).gatekeeperPassword).toBe('new secret');
    f.clearGatekeeperPassword = true;
    expect(settingsPayload(f).gatekeeperPassword).toBe('');
  });

  it('adds checked values at the end and keeps the order of the rest', () => {
    expect(toggleInList(['news', 'projects'], 'publications', true)).toEqual(['news', 'projects', 'publications']);
    expect(toggleInList(['news', 'projects'], 'news', true)).toEqual(['news', 'projects']);
    expect(toggleInList(['news', 'projects', 'x'], 'projects', false)).toEqual(['news', 'x']);
  });

  it('refuses texts longer than the server stores, and more than 100 colours', () => {
    const f = form();
    f.texts.googleAnalyticsKey = 'k'.repeat(256);
    f.texts.externalLinkTemplate = `https://example.org/${'x'.repeat(1970)}`;
    f.palettes.colorsCharts = Array.from({ length: 101 }, () => '#abc');
    expect(validateSettings(f)).toEqual({ googleAnalyticsKey: 'admin.settings.error.tooLong', colorsCharts: 'admin.settings.error.paletteSize' });
  });

  it('refuses page names the server does not know when given the hideable ones', () => {
    const f = form();
    f.hiddenPages = ['maps', 'germplasm-compare'];
    expect(validateSettings(f, hideable)).toEqual({ hiddenPages: 'admin.settings.error.unknownPage' });
    f.hiddenPages = ['maps', 'germplasm'];
    expect(validateSettings(f, hideable)).toEqual({});
  });

  it('takes column keys as the server does: a letter first, at most 64 characters', () => {
    for (const bad of ['_private', '1st', 'a'.repeat(65)]) {
      const f = form();
      f.hiddenColumns.maps = bad;
      expect(validateSettings(f), bad).toEqual({ 'hiddenColumns.maps': 'admin.settings.error.columns' });
    }
  });
});

const hideable = new Set(SPEC_ROUTES.filter((route) => route.hideable).map((route) => route.name));
const serverAccepts = (body: Record<string, unknown>) => {
  try {
    parseSettingsUpdate(body, defaultSettings(), 'SELECTIVE');
    return true;
  } catch {
    return false;
  }
};

describe('settings form against the server check', () => {
  it('offers the categories and sections the server accepts', () => {
    expect([...DASHBOARD_CATEGORIES]).toEqual([...OVERVIEW_KEYS]);
    expect([...DASHBOARD_SECTIONS]).toEqual([...SERVER_SECTIONS]);
  });

  it('reads a stored password from the placeholder the server sends in its place', () => {
    expect(readAdminSettings({ ...answer, gatekeeperPassword: null }).gatekeeperPasswordSet).toBe(false);
    expect(readAdminSettings({ ...answer, gatekeeperPassword: undefined }).gatekeeperPasswordSet).toBe(false);
  });

  it('lets Germinate’s own form post back its whole configuration, read-only and foreign keys included', () => {
    const germinateForm = { ...answer, gridscoreUrl: 'https://gridscore.example.org', supportsFeedback: true, databaseBackupEveryDays: 7 };
    const ignored: { key: string; value: unknown }[] = [];
    const fixed = { ...answer, gridscoreUrl: 'https://gridscore.hutton.ac.uk', supportsFeedback: true };
    const update = parseSettingsUpdate(germinateForm, defaultSettings(), 'SELECTIVE', fixed, ignored);
    expect(update).not.toHaveProperty('gatekeeperPassword');
    expect(update.gatekeeperRegistrationRequiresApproval).toBe(true);
    expect(update.databaseBackupEveryDays).toBe(7);
    expect(ignored).toEqual([{ key: 'gridscoreUrl', value: 'https://gridscore.example.org' }]);
  });

  it('sends what the server accepts when the form is valid', () => {
    const f = form();
    f.palettes.colorsTemplate.push(' #abc ');
    f.texts.colorPrimary = '#123456';
    f.dashboardCategories = [...DASHBOARD_CATEGORIES];
    f.hiddenColumns = { germplasm: 'latitude\nlongitude' };
    f.gatekeeperPassword = 'secret';
    f.databaseBackupEveryDays = '3650';
    f.databaseBackupMaxSizeGB = '0.25';
    expect(validateSettings(f, hideable)).toEqual({});
    expect(serverAccepts(settingsPayload(f))).toBe(true);
  });

  it('refuses what the server refuses', () => {
    const cases: ((f: SettingsForm) => void)[] = [
      (f) => (f.palettes.colorsGradient = ['#12']),
      (f) => (f.palettes.colorsCharts = []),
      (f) => (f.texts.colorPrimary = 'blue'),
      (f) => (f.hours.filesDeleteAfterHoursTemp = '9000'),
      (f) => (f.texts.usageLoggerUrl = 'mailto:a@b.c'),
      (f) => (f.plausibleApiHost = 'plausible.io'),
      (f) => (f.hiddenPages = ['about-germinate']),
      (f) => (f.hiddenPages = ['germplasm-compare']),
      (f) => (f.hiddenColumns = { maps: '9lives' }),
      (f) => (f.texts.plausibleDomain = 'd'.repeat(256)),
      (f) => (f.databaseBackupEveryDays = '3651'),
      (f) => (f.databaseBackupEveryDays = '2.5'),
      (f) => (f.databaseBackupMaxSizeGB = '-1'),
    ];
    for (const change of cases) {
      const f = form();
      change(f);
      expect(Object.keys(validateSettings(f, hideable)).length, change.toString()).toBeGreaterThan(0);
      expect(serverAccepts(settingsPayload(f)), change.toString()).toBe(false);
    }
  });
});
