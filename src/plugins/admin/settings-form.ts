/**
 * The germinate-settings form as data: what GET settings/admin answers, the form's editable state,
 * the validation (mirroring the server's, so the admin sees problems before a 400)
 * and the POST settings/admin body. Pure, so it is tested without a browser.
 */

export const DATA_IMPORT_MODES = ['NONE', 'VERIFY', 'IMPORT'] as const;
export type DataImportMode = (typeof DATA_IMPORT_MODES)[number];

/** The home page's data categories: the overview counts' keys, which the server accepts (stats/overview). */
export const DASHBOARD_CATEGORIES = [
  'germplasm', 'markers', 'maps', 'traits', 'climates', 'locations', 'datasets', 'datasetsGenotype', 'datasetsTrials',
  'datasetsAllelefreq', 'datasetsClimate', 'datasetsPedigree', 'experiments', 'groups', 'images', 'fileresources',
  'publications', 'dataStories', 'projects',
] as const;
/** The home page's sections (Germinate's default dashboardSections). */
export const DASHBOARD_SECTIONS = ['publications', 'news', 'projects', 'dataupdates', 'datastories'] as const;

export const PALETTES = ['colorsTemplate', 'colorsCharts', 'colorsGradient'] as const;
export type PaletteKey = (typeof PALETTES)[number];

export const TOGGLES = [
  'brapiEnabled',
  'commentsEnabled',
  'showGdprNotification',
  'pdciEnabled',
  'registrationEnabled',
  'gatekeeperRegistrationRequiresApproval',
  'hiddenPagesAutodiscover',
  'plausibleHashMode',
] as const;
export type ToggleKey = (typeof TOGGLES)[number];

/** Text settings that may be unset (an empty field sends null). */
export const OPTIONAL_TEXTS = [
  'colorPrimary',
  'gatekeeperUrl',
  'gatekeeperUsername',
  'externalLinkIdentifier',
  'externalLinkTemplate',
  'googleAnalyticsKey',
  'plausibleDomain',
  'usageLoggerUrl',
  'mapTileUrl',
  'mapTileAttribution',
] as const;
export type OptionalTextKey = (typeof OPTIONAL_TEXTS)[number];

export const HOURS = ['filesDeleteAfterHoursAsync', 'filesDeleteAfterHoursTemp'] as const;
export type HoursKey = (typeof HOURS)[number];
export const MAX_HOURS = 8760;
/** The backup schedule's bounds, as the server takes them: whole days, and GB (decimals allowed). */
export const MAX_BACKUP_DAYS = 3650;
export const MAX_BACKUP_GB = 1_000_000;
export const MAX_COLOURS = 100;
/** Longest text per setting, as the server allows; unlisted optional texts take 255. */
const MAX_LENGTH: Readonly<Record<string, number>> = { externalLinkTemplate: 2000, gatekeeperUrl: 2000, usageLoggerUrl: 2000, plausibleApiHost: 2000, mapTileUrl: 2000, mapTileAttribution: 500 };

// The external link template becomes a link in Germinate's client: only web addresses, never javascript:.
const URL_KEYS: readonly string[] = ['gatekeeperUrl', 'usageLoggerUrl', 'plausibleApiHost', 'externalLinkTemplate', 'mapTileUrl'];

/** GET settings/admin, read defensively: an absent key (the server omits unset ones) gets its empty value. */
export interface AdminSettingsView {
  palettes: Record<PaletteKey, string[]>;
  toggles: Record<ToggleKey, boolean>;
  texts: Record<OptionalTextKey, string | null>;
  plausibleApiHost: string;
  hours: Record<HoursKey, number>;
  dashboardCategories: string[];
  dashboardSections: string[];
  dataImportMode: DataImportMode;
  hiddenPages: string[];
  hiddenColumns: Record<string, string[]>;
  /** Whether a user-access tool password is stored (the server answers a placeholder, never the password). */
  gatekeeperPasswordSet: boolean;
  authMode: string;
  /** A PERIODICAL backup every this many days (null or 0 = none). */
  databaseBackupEveryDays: number | null;
  /** Oldest backups are deleted beyond this many GB (null or 0 = no limit). */
  databaseBackupMaxSizeGB: number | null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const pick = <K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

export function readAdminSettings(raw: unknown): AdminSettingsView {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const columns = typeof r.hiddenColumns === 'object' && r.hiddenColumns !== null ? (r.hiddenColumns as Record<string, unknown>) : {};
  const mode = DATA_IMPORT_MODES.find((m) => m === r.dataImportMode) ?? 'NONE';
  return {
    palettes: pick(PALETTES, (key) => strings(r[key])),
    toggles: pick(TOGGLES, (key) => r[key] === true),
    texts: pick(OPTIONAL_TEXTS, (key) => (typeof r[key] === 'string' ? (r[key] as string) : null)),
    plausibleApiHost: typeof r.plausibleApiHost === 'string' ? r.plausibleApiHost : '',
    hours: pick(HOURS, (key) => (typeof r[key] === 'number' ? (r[key] as number) : 12)),
    dashboardCategories: strings(r.dashboardCategories),
    dashboardSections: strings(r.dashboardSections),
    dataImportMode: mode,
    hiddenPages: strings(r.hiddenPages),
    hiddenColumns: Object.fromEntries(Object.entries(columns).map(([table, list]) => [table, strings(list)])),
    gatekeeperPasswordSet: typeof r.gatekeeperPassword === 'string' && r.gatekeeperPassword !== '',
    authMode: typeof r.authMode === 'string' ? r.authMode : '',
    databaseBackupEveryDays: numberOrNull(r.databaseBackupEveryDays),
    databaseBackupMaxSizeGB: numberOrNull(r.databaseBackupMaxSizeGB),
  };
}

/** What the form edits: fields hold text as typed; lists are what the checkboxes say. */
export interface SettingsForm {
  palettes: Record<PaletteKey, string[]>;
  toggles: Record<ToggleKey, boolean>;
  texts: Record<OptionalTextKey, string>;
  plausibleApiHost: string;
  hours: Record<HoursKey, string>;
  dashboardCategories: string[];
  dashboardSections: string[];
  dataImportMode: DataImportMode;
  hiddenPages: string[];
  /** Per table: column names, one per line (commas and spaces separate too). */
  hiddenColumns: Record<string, string>;
  /** Write-only: empty keeps the stored password. */
  gatekeeperPassword: string;
  clearGatekeeperPassword: boolean;
  /** The backup schedule as typed; empty sends null. */
  databaseBackupEveryDays: string;
  databaseBackupMaxSizeGB: string;
}

export function formFromSettings(view: AdminSettingsView): SettingsForm {
  return {
    palettes: pick(PALETTES, (key) => [...view.palettes[key]]),
    toggles: { ...view.toggles },
    texts: pick(OPTIONAL_TEXTS, (key) => view.texts[key] ?? ''),
    plausibleApiHost: view.plausibleApiHost,
    hours: pick(HOURS, (key) => String(view.hours[key])),
    dashboardCategories: [...view.dashboardCategories],
    dashboardSections: [...view.dashboardSections],
    dataImportMode: view.dataImportMode,
    hiddenPages: [...view.hiddenPages],
    hiddenColumns: Object.fromEntries(Object.entries(view.hiddenColumns).map(([table, list]) => [table, list.join('\n')])),
    gatekeeperPassword: '',
    clearGatekeeperPassword: false,
    databaseBackupEveryDays: view.databaseBackupEveryDays === null ? '' : String(view.databaseBackupEveryDays),
    databaseBackupMaxSizeGB: view.databaseBackupMaxSizeGB === null ? '' : String(view.databaseBackupMaxSizeGB),
  };
}

/** Adds or removes one value, keeping the order of the others (the home page shows them in order). */
export function toggleInList(list: readonly string[], value: string, on: boolean): string[] {
  if (on) return list.includes(value) ? [...list] : [...list, value];
  return list.filter((item) => item !== value);
}

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const COLUMN_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export function isHexColour(text: string): boolean {
  return HEX_COLOUR.test(text.trim());
}

/** `#abc` → `#aabbcc`, for the native colour picker, which takes only the long form. */
export function longHex(text: string): string | null {
  const value = text.trim();
  if (!isHexColour(value)) return null;
  if (value.length === 7) return value.toLowerCase();
  return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
}

export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function columnNames(text: string): string[] {
  return text.split(/[\s,]+/).filter((name) => name !== '');
}

/**
 * Field id → message key of what is wrong. Ids: a setting key, `colorsTemplate.2` for one colour of a
 * palette, `hiddenColumns.germplasm` for one table. Empty when the form may be saved.
 */
export type FormErrors = Record<string, string>;

/**
 * `hideablePages`: the page names the server lets an administrator hide (SPEC_ROUTES' hideable names);
 * omitted, page names are not checked beyond about-germinate.
 */
export function validateSettings(form: SettingsForm, hideablePages?: ReadonlySet<string>): FormErrors {
  const errors: FormErrors = {};
  for (const palette of PALETTES) {
    const colours = form.palettes[palette];
    if (colours.length === 0 || colours.length > MAX_COLOURS) errors[palette] = 'admin.settings.error.paletteSize';
    colours.forEach((colour, index) => {
      if (!isHexColour(colour)) errors[`${palette}.${index}`] = 'admin.settings.error.colour';
    });
  }
  const primary = form.texts.colorPrimary.trim();
  if (primary !== '' && !isHexColour(primary)) errors.colorPrimary = 'admin.settings.error.colour';
  for (const key of URL_KEYS) {
    const value = key === 'plausibleApiHost' ? form.plausibleApiHost : form.texts[key as OptionalTextKey];
    // The analytics host always has a value; the other addresses may be unset.
    if ((value.trim() !== '' || key === 'plausibleApiHost') && !isHttpUrl(value)) errors[key] = 'admin.settings.error.url';
  }
  // A tile address names where the map puts the tile's zoom and position.
  const tiles = form.texts.mapTileUrl.trim();
  if (!errors.mapTileUrl && tiles !== '' && !['{z}', '{x}', '{y}'].every((part) => tiles.includes(part))) errors.mapTileUrl = 'admin.settings.error.tileUrl';
  for (const key of OPTIONAL_TEXTS) {
    if (!errors[key] && form.texts[key].trim().length > (MAX_LENGTH[key] ?? 255)) errors[key] = 'admin.settings.error.tooLong';
  }
  if (!errors.plausibleApiHost && form.plausibleApiHost.trim().length > MAX_LENGTH.plausibleApiHost) errors.plausibleApiHost = 'admin.settings.error.tooLong';
  for (const key of HOURS) {
    const text = form.hours[key].trim();
    const hours = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(hours >= 1 && hours <= MAX_HOURS)) errors[key] = 'admin.settings.error.hours';
  }
  // Empty is allowed for both (null: no schedule, no limit), as the server allows it.
  const days = form.databaseBackupEveryDays.trim();
  if (days !== '' && !(/^\d+$/.test(days) && Number(days) <= MAX_BACKUP_DAYS)) errors.databaseBackupEveryDays = 'admin.settings.error.backupDays';
  const size = form.databaseBackupMaxSizeGB.trim();
  if (size !== '' && !(/^\d+(\.\d+)?$/.test(size) && Number(size) <= MAX_BACKUP_GB)) errors.databaseBackupMaxSizeGB = 'admin.settings.error.backupSize';
  if (form.dashboardCategories.some((category) => !(DASHBOARD_CATEGORIES as readonly string[]).includes(category))) {
    errors.dashboardCategories = 'admin.settings.error.unknownCategory';
  }
  if (form.hiddenPages.includes('about-germinate')) errors.hiddenPages = 'admin.settings.error.aboutGerminate';
  else if (hideablePages && form.hiddenPages.some((page) => !hideablePages.has(page))) errors.hiddenPages = 'admin.settings.error.unknownPage';
  for (const [table, text] of Object.entries(form.hiddenColumns)) {
    if (!columnNames(text).every((name) => COLUMN_NAME.test(name))) errors[`hiddenColumns.${table}`] = 'admin.settings.error.columns';
  }
  return errors;
}

/** The POST settings/admin body: every setting the server stores; the password only when it changes. */
export function settingsPayload(form: SettingsForm): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const palette of PALETTES) body[palette] = form.palettes[palette].map((colour) => colour.trim());
  for (const toggle of TOGGLES) body[toggle] = form.toggles[toggle];
  for (const key of OPTIONAL_TEXTS) {
    const value = form.texts[key].trim();
    body[key] = value === '' ? null : value;
  }
  body.plausibleApiHost = form.plausibleApiHost.trim();
  for (const key of HOURS) body[key] = Number(form.hours[key].trim());
  body.dashboardCategories = [...form.dashboardCategories];
  body.dashboardSections = [...form.dashboardSections];
  body.dataImportMode = form.dataImportMode;
  body.hiddenPages = [...form.hiddenPages];
  body.hiddenColumns = Object.fromEntries(Object.entries(form.hiddenColumns).map(([table, text]) => [table, columnNames(text)]));
  const days = form.databaseBackupEveryDays.trim();
  const size = form.databaseBackupMaxSizeGB.trim();
  body.databaseBackupEveryDays = days === '' ? null : Number(days);
  body.databaseBackupMaxSizeGB = size === '' ? null : Number(size);
  // Absent keeps the stored password, '' clears it, text replaces it.
  if (form.clearGatekeeperPassword) body.gatekeeperPassword = '';
  else if (form.gatekeeperPassword !== '') body.gatekeeperPassword = form.gatekeeperPassword;
  return body;
}
