import { useId } from 'react';
import type { Services } from '../../../shell/pane-api.js';
import {
  DATA_IMPORT_MODES,
  PALETTES,
  toggleInList,
  type DataImportMode,
  type FormErrors,
  type HoursKey,
  type OptionalTextKey,
  type PaletteKey,
  type SettingsForm,
  type ToggleKey,
} from '../settings-form.js';
import { CheckField, CheckList, ColourList, TextField } from '../../../shell/ui/fields.js';

/** The fieldsets of the germinate-settings form; the pane owns the state and the save. */

export interface SectionProps {
  form: SettingsForm;
  update(change: (form: SettingsForm) => SettingsForm): void;
  errors: FormErrors;
  t: Services['t'];
}

export type Option = { value: string; label: string };

function err(props: SectionProps, id: string): string | undefined {
  const key = props.errors[id];
  return key ? props.t(key) : undefined;
}

function text(props: SectionProps, key: OptionalTextKey, extra: { type?: 'url'; hint?: string } = {}) {
  return (
    <TextField
      label={props.t(`admin.settings.field.${key}`)}
      value={props.form.texts[key]}
      error={err(props, key)}
      hint={extra.hint}
      type={extra.type}
      onChange={(value) => props.update((f) => ({ ...f, texts: { ...f.texts, [key]: value } }))}
    />
  );
}

function toggle(props: SectionProps, key: ToggleKey) {
  return (
    <CheckField
      label={props.t(`admin.settings.field.${key}`)}
      checked={props.form.toggles[key]}
      onChange={(on) => props.update((f) => ({ ...f, toggles: { ...f.toggles, [key]: on } }))}
    />
  );
}

function hours(props: SectionProps, key: HoursKey) {
  return (
    <TextField
      label={props.t(`admin.settings.field.${key}`)}
      value={props.form.hours[key]}
      inputMode="numeric"
      error={err(props, key)}
      onChange={(value) => props.update((f) => ({ ...f, hours: { ...f.hours, [key]: value } }))}
    />
  );
}

export function ColoursSection(props: SectionProps) {
  const { t } = props;
  const palette = (key: PaletteKey) => {
    const name = t(`admin.settings.field.${key}`);
    return (
      <ColourList
        key={key}
        legend={name}
        colours={props.form.palettes[key]}
        onChange={(colours) => props.update((f) => ({ ...f, palettes: { ...f.palettes, [key]: colours } }))}
        errorAt={(index) => err(props, `${key}.${index}`)}
        listError={err(props, key)}
        texts={{
          colour: (n) => t('admin.settings.colour', { palette: name, n }),
          picker: (n) => t('admin.settings.colourPicker', { palette: name, n }),
          moveUp: (n) => t('admin.settings.colourUp', { palette: name, n }),
          moveDown: (n) => t('admin.settings.colourDown', { palette: name, n }),
          remove: (n) => t('admin.settings.colourRemove', { palette: name, n }),
          add: t('admin.settings.colourAdd'),
        }}
      />
    );
  };
  return (
    <fieldset>
      <legend>{t('admin.settings.section.colours')}</legend>
      {text(props, 'colorPrimary', { hint: t('admin.settings.hint.colorPrimary') })}
      {PALETTES.map(palette)}
    </fieldset>
  );
}

export function FeaturesSection(props: SectionProps) {
  return (
    <fieldset>
      <legend>{props.t('admin.settings.section.features')}</legend>
      {toggle(props, 'brapiEnabled')}
      {toggle(props, 'commentsEnabled')}
      {toggle(props, 'showGdprNotification')}
      {toggle(props, 'pdciEnabled')}
      {toggle(props, 'registrationEnabled')}
      {toggle(props, 'gatekeeperRegistrationRequiresApproval')}
    </fieldset>
  );
}

export function AccessToolSection(props: SectionProps & { passwordSet: boolean }) {
  const { t, form } = props;
  return (
    <fieldset>
      <legend>{t('admin.settings.section.accessTool')}</legend>
      <p className="ui-hint">{t('admin.settings.hint.accessTool')}</p>
      {text(props, 'gatekeeperUrl', { type: 'url' })}
      {text(props, 'gatekeeperUsername')}
      <TextField
        label={t('admin.settings.field.gatekeeperPassword')}
        type="password"
        autoComplete="new-password"
        value={form.gatekeeperPassword}
        disabled={form.clearGatekeeperPassword}
        hint={t(props.passwordSet ? 'admin.settings.hint.passwordSet' : 'admin.settings.hint.passwordUnset')}
        onChange={(value) => props.update((f) => ({ ...f, gatekeeperPassword: value }))}
      />
      {props.passwordSet ? (
        <CheckField
          label={t('admin.settings.field.clearGatekeeperPassword')}
          checked={form.clearGatekeeperPassword}
          onChange={(on) => props.update((f) => ({ ...f, clearGatekeeperPassword: on, gatekeeperPassword: on ? '' : f.gatekeeperPassword }))}
        />
      ) : null}
    </fieldset>
  );
}

export function HomeSection(props: SectionProps & { categories: readonly Option[]; sections: readonly Option[] }) {
  const { t } = props;
  return (
    <fieldset>
      <legend>{t('admin.settings.section.home')}</legend>
      <CheckList
        legend={t('admin.settings.field.dashboardCategories')}
        options={props.categories}
        selected={props.form.dashboardCategories}
        error={err(props, 'dashboardCategories')}
        onToggle={(value, on) => props.update((f) => ({ ...f, dashboardCategories: toggleInList(f.dashboardCategories, value, on) }))}
      />
      <CheckList
        legend={t('admin.settings.field.dashboardSections')}
        options={props.sections}
        selected={props.form.dashboardSections}
        onToggle={(value, on) => props.update((f) => ({ ...f, dashboardSections: toggleInList(f.dashboardSections, value, on) }))}
      />
    </fieldset>
  );
}

export function DataSection(props: SectionProps) {
  const { t, form } = props;
  const name = useId();
  return (
    <fieldset>
      <legend>{t('admin.settings.section.data')}</legend>
      <fieldset>
        <legend>{t('admin.settings.field.dataImportMode')}</legend>
        {DATA_IMPORT_MODES.map((mode: DataImportMode) => (
          <label key={mode} className="ui-check">
            <input
              type="radio"
              name={name}
              value={mode}
              checked={form.dataImportMode === mode}
              onChange={() => props.update((f) => ({ ...f, dataImportMode: mode }))}
            />
            {t(`admin.settings.importMode.${mode}`)}
          </label>
        ))}
      </fieldset>
      {text(props, 'externalLinkIdentifier', { hint: t('admin.settings.hint.externalLinkIdentifier') })}
      {text(props, 'externalLinkTemplate', { hint: t('admin.settings.hint.externalLinkTemplate') })}
      {hours(props, 'filesDeleteAfterHoursAsync')}
      {hours(props, 'filesDeleteAfterHoursTemp')}
      {text(props, 'mapTileUrl', { type: 'url', hint: t('admin.settings.hint.mapTileUrl') })}
      {text(props, 'mapTileAttribution', { hint: t('admin.settings.hint.mapTileAttribution') })}
      <BackupFields {...props} />
    </fieldset>
  );
}

/** The backup schedule: the Backups pane shows it and links here, where it is edited. */
function BackupFields(props: SectionProps) {
  const { t, form } = props;
  return (
    <fieldset>
      <legend>{t('admin.settings.section.backups')}</legend>
      <TextField
        label={t('admin.settings.field.databaseBackupEveryDays')}
        hint={t('admin.settings.hint.databaseBackupEveryDays')}
        value={form.databaseBackupEveryDays}
        inputMode="numeric"
        error={err(props, 'databaseBackupEveryDays')}
        onChange={(value) => props.update((f) => ({ ...f, databaseBackupEveryDays: value }))}
      />
      <TextField
        label={t('admin.settings.field.databaseBackupMaxSizeGB')}
        hint={t('admin.settings.hint.databaseBackupMaxSizeGB')}
        value={form.databaseBackupMaxSizeGB}
        error={err(props, 'databaseBackupMaxSizeGB')}
        onChange={(value) => props.update((f) => ({ ...f, databaseBackupMaxSizeGB: value }))}
      />
    </fieldset>
  );
}

export function PagesSection(props: SectionProps & { pages: readonly Option[] }) {
  const { t, form } = props;
  return (
    <fieldset>
      <legend>{t('admin.settings.section.pages')}</legend>
      {toggle(props, 'hiddenPagesAutodiscover')}
      <CheckList
        legend={t('admin.settings.field.hiddenPages')}
        hint={t('admin.settings.hint.hiddenPages')}
        options={props.pages}
        selected={form.hiddenPages}
        error={err(props, 'hiddenPages')}
        onToggle={(value, on) => props.update((f) => ({ ...f, hiddenPages: toggleInList(f.hiddenPages, value, on) }))}
      />
      <details>
        <summary>{t('admin.settings.field.hiddenColumns')}</summary>
        <p className="ui-hint">{t('admin.settings.hint.hiddenColumns')}</p>
        {Object.keys(form.hiddenColumns).map((table) => (
          <ColumnsField key={table} table={table} {...props} />
        ))}
      </details>
    </fieldset>
  );
}

function ColumnsField(props: SectionProps & { table: string }) {
  const { table } = props;
  const error = err(props, `hiddenColumns.${table}`);
  const id = `${useId()}-columns`;
  return (
    <div className="ui-field">
      <label htmlFor={id}>{props.t('admin.settings.hiddenColumnsOf', { table })}</label>
      <textarea
        id={id}
        rows={2}
        value={props.form.hiddenColumns[table]}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          props.update((f) => ({ ...f, hiddenColumns: { ...f.hiddenColumns, [table]: value } }));
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="ui-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AnalyticsSection(props: SectionProps) {
  const { t } = props;
  return (
    <fieldset>
      <legend>{t('admin.settings.section.analytics')}</legend>
      {text(props, 'googleAnalyticsKey')}
      {text(props, 'plausibleDomain')}
      {toggle(props, 'plausibleHashMode')}
      <TextField
        label={t('admin.settings.field.plausibleApiHost')}
        type="url"
        value={props.form.plausibleApiHost}
        error={err(props, 'plausibleApiHost')}
        onChange={(value) => props.update((f) => ({ ...f, plausibleApiHost: value }))}
      />
      {text(props, 'usageLoggerUrl', { type: 'url', hint: t('admin.settings.hint.usageLoggerUrl') })}
    </fieldset>
  );
}
