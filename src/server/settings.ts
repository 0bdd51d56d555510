import type { Kysely } from 'kysely';
import type { AuthMode } from '../core/roles.js';
import type { CoreTables } from './db/tables.js';

/** Settings an administrator may change; kept in the `settings` table so every server process sees them. */
export interface AdminSettings {
  colorsTemplate: string[];
  colorsCharts: string[];
  colorsGradient: string[];
  colorPrimary: string | null;
  commentsEnabled: boolean;
  dashboardCategories: string[];
  dashboardSections: string[];
  dataImportMode: 'NONE' | 'VERIFY' | 'IMPORT';
  externalLinkIdentifier: string | null;
  externalLinkTemplate: string | null;
  googleAnalyticsKey: string | null;
  plausibleDomain: string | null;
  plausibleHashMode: boolean;
  plausibleApiHost: string;
  hiddenPages: string[];
  hiddenColumns: Record<string, string[]>;
  registrationEnabled: boolean;
  showGdprNotification: boolean;
  brapiEnabled: boolean;
  pdciEnabled: boolean;
  filesDeleteAfterHoursAsync: number;
  filesDeleteAfterHoursTemp: number;
  hiddenPagesAutodiscover: boolean;
  /** New accounts wait for an administrator's approval (Germinate's name, whether or not Gatekeeper is used). */
  gatekeeperRegistrationRequiresApproval: boolean;
  /** An external user-access tool (Gatekeeper); unset = the built-in accounts. */
  gatekeeperUrl: string | null;
  gatekeeperUsername: string | null;
  /** Write-only: `GET settings/admin` answers STORED_PASSWORD in its place when one is set. */
  gatekeeperPassword: string | null;
  /** Where the client sends its anonymous usage log (only with consent); unset = none. */
  usageLoggerUrl: string | null;
  /**
   * A raster tile server the maps may use instead of the offline base map ({z}/{x}/{y} URL template, e.g. a
   * genebank's own tile cache); unset = the offline map only. Users choose it as their map layer.
   */
  mapTileUrl: string | null;
  /** The tiles' attribution, shown on maps that draw them (their licence usually asks for it). */
  mapTileAttribution: string | null;
  /** A PERIODICAL database backup every this many days; null or 0 = none. */
  databaseBackupEveryDays: number | null;
  /** The oldest backups are deleted while the backups folder is larger than this (GB; null = no limit). */
  databaseBackupMaxSizeGB: number | null;
}

/** The tables of Germinate's HiddenColumns setting: per table, the column keys hidden by default. */
export const HIDDEN_COLUMN_TABLES = [
  'germplasm', 'germplasmAttributes', 'images', 'climates', 'climateData', 'comments', 'fileresources', 'maps',
  'markers', 'mapDefinitions', 'datasets', 'datasetAttributes', 'experiments', 'entities', 'groups', 'institutions',
  'locations', 'pedigrees', 'pedigreedefinitions', 'traits', 'trialsData', 'collaborators', 'publications',
];

export function defaultSettings(): AdminSettings {
  const hiddenColumns: Record<string, string[]> = Object.fromEntries(HIDDEN_COLUMN_TABLES.map((t) => [t, []]));
  hiddenColumns.germplasm = [
    'entityParentName', 'entityParentGeneralIdentifier', 'institutionId', 'institutionName', 'latitude', 'longitude', 'collDate',
  ];
  hiddenColumns.climateData = ['climateId'];
  hiddenColumns.comments = ['commentForeignId', 'commentTypeId'];
  hiddenColumns.fileresources = ['fileresourcetypeId'];
  hiddenColumns.datasets = ['experimentId'];
  hiddenColumns.groups = ['userId'];
  hiddenColumns.trialsData = ['traitId'];
  return {
    colorsTemplate: ['#FF9E15', '#799900', '#00748C', '#853175', '#555559', '#FFD100', '#C2002F', '#CF009E', '#6AA2B8', '#D6C200'],
    colorsCharts: ['#00a0f1', '#5ec418', '#910080', '#222183', '#ff7c00', '#c5e000', '#c83831', '#ff007a', '#fff600'],
    colorsGradient: [
      '#440154', '#481a6c', '#472f7d', '#414487', '#39568c', '#31688e', '#2a788e', '#23888e', '#1f988b', '#22a884',
      '#35b779', '#54c568', '#7ad151', '#a5db36', '#d2e21b', '#e5e419', '#fde725',
    ],
    colorPrimary: null,
    commentsEnabled: true,
    dashboardCategories: ['germplasm', 'markers', 'traits', 'locations'],
    dashboardSections: ['publications', 'news', 'projects', 'dataupdates', 'datastories'],
    // A fresh install lets curators verify and import (issue 6's decision for the embedded default).
    dataImportMode: 'IMPORT',
    externalLinkIdentifier: null,
    externalLinkTemplate: null,
    googleAnalyticsKey: null,
    plausibleDomain: null,
    plausibleHashMode: true,
    plausibleApiHost: 'https://plausible.io',
    hiddenPages: [],
    hiddenColumns,
    registrationEnabled: false,
    showGdprNotification: false,
    brapiEnabled: false,
    pdciEnabled: true,
    filesDeleteAfterHoursAsync: 12,
    filesDeleteAfterHoursTemp: 12,
    hiddenPagesAutodiscover: false,
    gatekeeperRegistrationRequiresApproval: true,
    gatekeeperUrl: null,
    gatekeeperUsername: null,
    gatekeeperPassword: null,
    usageLoggerUrl: null,
    mapTileUrl: null,
    mapTileAttribution: null,
    databaseBackupEveryDays: null,
    databaseBackupMaxSizeGB: 1,
  };
}

/** The stored settings over the defaults; pass a transaction to read what it is about to change. */
export async function readSettings(db: Kysely<CoreTables>): Promise<AdminSettings> {
  const settings = defaultSettings();
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const target = settings as unknown as Record<string, unknown>;
  for (const row of rows) {
    if (row.key in target) {
      try {
        target[row.key] = JSON.parse(row.value);
      } catch {
        // A damaged value keeps its default rather than breaking every page.
      }
    }
  }
  return settings;
}

/** Stores settings (one row per key, JSON text); pass a transaction to commit them with other changes. */
export async function writeSettings(db: Kysely<CoreTables>, values: Partial<AdminSettings>, now: Date): Promise<void> {
  const updated = now.toISOString();
  for (const [key, value] of Object.entries(values)) {
    const json = JSON.stringify(value);
    await db
      .insertInto('settings')
      .values({ key, value: json, updated_on: updated })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_on: updated }))
      .execute();
  }
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Stands in for the stored user-access tool password in `GET settings/admin` (Germinate sends the password
 * itself); posted back unchanged it keeps the stored one.
 */
export const STORED_PASSWORD = '\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022';

/** Germinate's bcrypt cost setting: read-only there too; our password hashing has its own parameters. */
export const BCRYPT_COST = 10;

/** The companion tools Germinate's client links to (fixed, as in a default Germinate). */
export const COMPANION_TOOLS = {
  gridscoreUrl: 'https://gridscore.hutton.ac.uk',
  heliumUrl: 'https://helium.hutton.ac.uk/',
  fieldhubUrl: 'https://ics.hutton.ac.uk/fieldhub/',
} as const;

/** The ClientConfiguration of `GET settings`, open to everyone; unset strings are omitted. */
export type ClientConfiguration = Record<string, unknown>;

export class SettingsStore {
  constructor(
    private readonly db: Kysely<CoreTables>,
    private readonly authMode: AuthMode,
    /** Pages whose data is empty (used when hiddenPagesAutodiscover is on); none when not given. */
    private readonly discoverHiddenPages: () => Promise<string[]> = async () => [],
  ) {}

  /** The usage logger's origin as last read here (the security policy must let the client reach it). */
  usageLoggerOrigin: string | null = null;
  /** The map tile server's origin as last read here (the security policy must let maps load its tiles). */
  mapTileOrigin: string | null = null;

  async read(): Promise<AdminSettings> {
    const settings = await readSettings(this.db);
    this.usageLoggerOrigin = originOf(settings.usageLoggerUrl);
    this.mapTileOrigin = originOf(settings.mapTileUrl);
    return settings;
  }

  async write(values: Partial<AdminSettings>, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => writeSettings(trx, values, now));
    await this.read();
  }

  /**
   * `GET settings/admin`: Germinate's ClientAdminConfiguration (its own keys first, then the client
   * configuration's, hiddenPages as configured, without the discovered ones) plus our usageLoggerUrl. Every
   * setting is present (nulls included, so that a form knows each key). The user-access tool's password is
   * never sent: STORED_PASSWORD stands in for it when one is set, and comes back unchanged from a form.
   * authMode and the data directory come from the deployment; Germinate's fixed values (bcrypt cost,
   * companion tool URLs) are answered as this server runs them.
   */
  async adminConfiguration(dataDir: string): Promise<Record<string, unknown>> {
    const {
      gatekeeperPassword, gatekeeperUsername, gatekeeperRegistrationRequiresApproval, brapiEnabled, pdciEnabled,
      filesDeleteAfterHoursAsync, filesDeleteAfterHoursTemp, hiddenPagesAutodiscover, ...rest
    } = await this.read();
    return {
      bcryptSalt: BCRYPT_COST,
      brapiEnabled,
      dataDirectoryExternal: dataDir,
      gatekeeperUsername,
      gatekeeperPassword: gatekeeperPassword !== null && gatekeeperPassword !== '' ? STORED_PASSWORD : null,
      gatekeeperRegistrationRequiresApproval,
      pdciEnabled,
      filesDeleteAfterHoursAsync,
      filesDeleteAfterHoursTemp,
      hiddenPagesAutodiscover,
      authMode: this.authMode,
      ...rest,
      ...COMPANION_TOOLS,
      supportsFeedback: true,
    };
  }

  async clientConfiguration(): Promise<ClientConfiguration> {
    const s = await this.read();
    // The public list is the configured pages plus, when asked for, those without data (auto-discovery);
    // settings/admin keeps only the configured ones, so the form does not save the discovered ones.
    const hiddenPages = s.hiddenPagesAutodiscover ? [...new Set([...s.hiddenPages, ...(await this.discoverHiddenPages())])] : s.hiddenPages;
    const config: ClientConfiguration = {
      authMode: this.authMode,
      colorsTemplate: s.colorsTemplate,
      colorsCharts: s.colorsCharts,
      colorsGradient: s.colorsGradient,
      colorPrimary: s.colorPrimary,
      commentsEnabled: s.commentsEnabled,
      dashboardCategories: s.dashboardCategories,
      dashboardSections: s.dashboardSections,
      dataImportMode: s.dataImportMode,
      externalLinkIdentifier: s.externalLinkIdentifier,
      externalLinkTemplate: s.externalLinkTemplate,
      googleAnalyticsKey: s.googleAnalyticsKey,
      plausibleDomain: s.plausibleDomain,
      plausibleHashMode: s.plausibleHashMode,
      plausibleApiHost: s.plausibleApiHost,
      hiddenPages,
      registrationEnabled: s.registrationEnabled,
      gatekeeperRegistrationRequiresApproval: s.gatekeeperRegistrationRequiresApproval,
      showGdprNotification: s.showGdprNotification,
      ...COMPANION_TOOLS,
      hiddenColumns: s.hiddenColumns,
      // Feedback is stored in the database and read in the admin area: no mail server is needed.
      supportsFeedback: true,
      usageLoggerUrl: s.usageLoggerUrl,
      mapTileUrl: s.mapTileUrl,
      mapTileAttribution: s.mapTileAttribution,
    };
    return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== null && v !== undefined));
  }
}
