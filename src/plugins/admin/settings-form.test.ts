import { describe, expect, it } from 'vitest';
import {
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
  registrationRequiresApproval: true,
  showGdprNotification: false,
  brapiEnabled: false,
  pdciEnabled: true,
  filesDeleteAfterHoursAsync: 12,
  filesDeleteAfterHoursTemp: 24,
  hiddenPagesAutodiscover: false,
  gatekeeperUrl: 'https://gatekeeper.example.org',
  gatekeeperPasswordSet: true,
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
      colorsCharts: 'admin.settings.error.paletteEmpty',
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
});
