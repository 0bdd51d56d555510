import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { UNGUARDED_PAGES } from '../../../core/guard.js';
import { SPEC_ROUTES } from '../../../core/routes.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import {
  DASHBOARD_CATEGORIES,
  DASHBOARD_SECTIONS,
  formFromSettings,
  readAdminSettings,
  settingsPayload,
  validateSettings,
  type AdminSettingsView,
  type SettingsForm,
} from '../settings-form.js';
import {
  AccessToolSection,
  AnalyticsSection,
  ColoursSection,
  DataSection,
  FeaturesSection,
  HomeSection,
  PagesSection,
  type Option,
} from '../widgets/settings-sections.js';

/** This page: never offered for hiding, or the administrator could hide the way back here. */
const SELF = 'germinate-settings';

/** The page names the server lets an administrator hide: Germinate's route names, about-germinate excepted. */
const HIDEABLE = new Set(SPEC_ROUTES.filter((route) => route.hideable && !UNGUARDED_PAGES.includes(route.name)).map((route) => route.name));

/**
 * germinate-settings: every admin setting in one form over
 * GET/POST settings/admin. Checked here as the server checks it; saved settings apply at once, since
 * the shell reloads the public settings (hidden pages, colours) after the save.
 */
export default function SettingsPane(props: PaneProps) {
  const services = useServices();
  const { api, t, toast, registry, translator } = services;
  // Read once per visit: a revalidation on focus would be harmless (equal data keeps its identity) but
  // pointless while the form is being edited.
  const { data: view, error, mutate } = useSWR<AdminSettingsView>('admin:settings', () => api.get<unknown>('settings/admin').then(readAdminSettings), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // The form starts from the stored settings, and again from what was stored after a save.
  useEffect(() => {
    if (!view) return;
    setForm(formFromSettings(view));
    setSubmitted(false);
  }, [view]);

  // After a refused save, the first marked field gets the focus (rendered by then).
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const known = (key: string) => Object.prototype.hasOwnProperty.call(translator.intl.messages, key);
  const options = (values: readonly string[], prefix: string): Option[] =>
    values.map((value) => ({ value, label: known(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value }));

  // Every page the shell has under a Germinate route name, plus names already hidden that no pane here declares.
  const pages = useMemo((): Option[] => {
    const titles = new Map<string, string>();
    for (const pane of registry.paneTypes()) {
      if (pane.hideable === false || !HIDEABLE.has(pane.pageName) || pane.pageName === SELF) continue;
      if (!titles.has(pane.pageName)) titles.set(pane.pageName, `${t(pane.titleKey)} (${pane.pageName})`);
    }
    for (const name of view?.hiddenPages ?? []) if (!titles.has(name)) titles.set(name, name);
    return [...titles].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [registry, t, view]);

  if (error) return <p className="admin-pane ui-pane ui-error" role="alert">{t('admin.settings.loadFailed')}</p>;
  if (!view || !form) return <p className="admin-pane ui-pane" role="status">{t('admin.loading')}</p>;

  const categories = [...DASHBOARD_CATEGORIES, ...view.dashboardCategories.filter((c) => !(DASHBOARD_CATEGORIES as readonly string[]).includes(c))];
  const sections = [...DASHBOARD_SECTIONS, ...view.dashboardSections.filter((s) => !(DASHBOARD_SECTIONS as readonly string[]).includes(s))];
  const errors = submitted ? validateSettings(form, HIDEABLE) : {};
  const invalid = Object.keys(errors).length > 0;
  const update = (change: (f: SettingsForm) => SettingsForm) => setForm((f) => (f ? change(f) : f));
  const section = { form, update, errors, t };
  const titleId = `${props.paneKey}-settings-title`;

  // Discard the edits: the form again as stored now (read again, another administrator may have saved).
  const reset = async () => {
    const stored = await mutate().catch(() => undefined);
    if (!stored) return;
    setForm(formFromSettings(stored));
    setSubmitted(false);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateSettings(form, HIDEABLE)).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setSaving(true);
    api
      .post<boolean>('settings/admin', { body: settingsPayload(form) })
      .then(async () => {
        toast({ titleKey: 'admin.settings.savedTitle', messageKey: 'admin.settings.saved', variant: 'success', autoHideMs: 5000, append: true });
        // Hidden pages, colours and toggles take effect without a reload.
        await services.refreshSettings();
        await mutate();
      })
      .catch(() => {
        // The api client has shown the server's reason.
      })
      .finally(() => setSaving(false));
  };

  return (
    <section className="admin-pane ui-pane" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.pane.settings')}</h2>
      <p>{t('admin.settings.authMode', { mode: view.authMode })}</p>
      <form ref={formRef} noValidate onSubmit={save}>
        <ColoursSection {...section} />
        <FeaturesSection {...section} />
        <AccessToolSection {...section} passwordSet={view.gatekeeperPasswordSet} />
        <HomeSection {...section} categories={options(categories, 'admin.settings.category')} sections={options(sections, 'admin.settings.homeSection')} />
        <DataSection {...section} />
        <PagesSection {...section} pages={pages} />
        <AnalyticsSection {...section} />
        <div role="alert">{invalid ? <p className="ui-error">{t('admin.settings.invalid')}</p> : null}</div>
        <div className="ui-actions">
          <button type="submit" className="ui-button ui-button-primary" disabled={saving}>
            {t('admin.settings.save')}
          </button>
          <button type="button" disabled={saving} onClick={() => void reset()}>
            {t('admin.settings.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}
