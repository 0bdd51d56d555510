import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKUP_TYPES, SIZE_UNITS } from './backups.js';
import adminPlugin from './index.js';
import { DASHBOARD_CATEGORIES, DASHBOARD_SECTIONS, DATA_IMPORT_MODES, HOURS, OPTIONAL_TEXTS, PALETTES, TOGGLES } from './settings-form.js';
import { REQUEST_STATUSES } from './types.js';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Keys the admin panes build from values (every other key is written out in the source). */
const builtKeys = [
  ...[...PALETTES, ...TOGGLES, ...OPTIONAL_TEXTS, ...HOURS].map((key) => `admin.settings.field.${key}`),
  ...DATA_IMPORT_MODES.map((mode) => `admin.settings.importMode.${mode}`),
  ...DASHBOARD_CATEGORIES.map((category) => `admin.settings.category.${category}`),
  ...DASHBOARD_SECTIONS.map((section) => `admin.settings.homeSection.${section}`),
  ...[...REQUEST_STATUSES, 'all'].map((status) => `admin.request.status.${status}`),
  ...['new', 'existing'].map((kind) => `admin.request.kind.${kind}`),
  ...['question', 'data_error', 'general', 'bug', 'feature_request'].map((type) => `admin.feedback.type.${type}`),
  ...['low', 'medium', 'high'].map((severity) => `admin.feedback.severity.${severity}`),
  ...['regular', 'curator', 'admin', 'suspended'].map((role) => `admin.role.${role}`),
  ...BACKUP_TYPES.map((type) => `admin.backup.type.${type}`),
  ...SIZE_UNITS.map((unit) => `admin.backup.unit.${unit}`),
];

/** Every literal `admin.…` key in the plugin's source. */
function sourceKeys(): string[] {
  const files = ['index.ts', 'panes/settings.tsx', 'panes/user-permissions.tsx', 'panes/user-feedback.tsx', 'panes/audit-log.tsx', 'panes/backups.tsx',
    'tabs/AccessRequests.tsx', 'tabs/DatasetPermissions.tsx', 'tabs/GroupMembers.tsx', 'tabs/UserGroups.tsx', 'tabs/Users.tsx',
    'widgets/settings-sections.tsx', 'widgets/format.ts', 'settings-form.ts', 'backups.ts'];
  const keys = new Set<string>();
  for (const file of files) {
    const text = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    for (const match of text.matchAll(/'(admin\.[A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }
  // Prefixes the panes complete with a value ('admin.settings.category' + '.maps') are not keys.
  return [...keys].filter((key) => !builtKeys.some((built) => built.startsWith(`${key}.`)));
}

describe('admin locale texts', () => {
  const keys = [
    ...builtKeys,
    ...sourceKeys(),
    ...(adminPlugin.contributes.panes ?? []).map((p) => p.titleKey),
    ...(adminPlugin.contributes.commands ?? []).map((c) => c.titleKey),
  ];

  it('finds the keys written in the source', () => {
    expect(keys).toContain('admin.settings.invalid');
    expect(keys).toContain('admin.audit.caption');
  });

  for (const locale of ['en_GB', 'de_DE']) {
    it(`${locale} has every pane, command, field, tab and message text`, () => {
      const messages = read(locale);
      expect(keys.filter((k) => typeof messages[k] !== 'string' || messages[k] === '')).toEqual([]);
    });
  }

  it('says "Some fields in the form are invalid" when the settings form is invalid', () => {
    expect(read('en_GB')['admin.settings.invalid']).toBe('Some fields in the form are invalid.');
  });
});
