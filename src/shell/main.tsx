import { createRoot } from 'react-dom/client';
import { subscribe } from 'valtio/vanilla';
import { createApiClient } from '../core/api-client.js';
import { createClientState, DEFAULT_NAMESPACE } from '../core/client-state.js';
import { createTranslator, isLocale, loadMessages, LOCALE_COMPLETE_HEADER, toLanguageTag, type Locale, type Messages } from '../core/i18n.js';
import { bindingsOf, createKeymap, detectPlatform } from '../core/keys.js';
import { leaves, singlePane } from '../core/layout.js';
import { createRegistry } from '../core/registry.js';
import { clearTokenCookie, createSession } from '../core/session.js';
import { clientPlugins } from '../plugins/client.js';
import { App } from './App.js';
import { APP_VERSION } from './app-version.js';
import { afterStart } from './after-start.js';
import { createBox } from './box.js';
import { createCorePlugin, LOGIN_PANE_TYPE } from './core-plugin.js';
import { loadSettings, readSettings } from './load-settings.js';
import type { PluginServices, Services, Workspace } from './pane-api.js';
import { createTableControllers } from '../core/table-controllers.js';
import { tablePlugin } from '../core/table-plugin.js';
import { linkPlugin } from './link-plugin.js';
import { urlOf } from './url-state.js';
import { absoluteUrl, browserHistory, currentUrl } from './browser-location.js';
import { roleOfSession } from './session-role.js';
import type { ShellRuntime } from './shell-context.js';
import { createShellController } from './shell-controller.js';
import { createLoadingTracker } from './loading.js';
import type { ShellModalRequest } from './modals/modal-request.js';
import { isDark, localeFromLanguages, onSystemSchemeChange } from './ui/theme.js';
import './shell.css';

const LOCALE_TIMEOUT_MS = 10_000;

/** Bootstraps the client: settings, session, state, texts, plugins, then the shell. */
async function boot(): Promise<void> {
  // The tiling code is its own chunk; it downloads while settings and texts load.
  const workspaceModule = import('./workspace/Workspace.js');
  const session = createSession({ now: Date.now, storage: window.localStorage });
  // The api client exists before the shell (settings are its first call), so its callbacks go through these.
  const late = {
    navigate: (_path: string) => {},
    toast: (_toast: Parameters<Services['toast']>[0]) => {},
    settled: (_ok: boolean) => {},
  };
  let authMode: Services['settings']['authMode'] = 'NONE';
  const loading = createLoadingTracker((shown) => shellRef?.setLoading(shown));
  let locale: Locale = 'en_GB';
  const api = createApiClient({
    session,
    authMode: () => authMode,
    onNavigate: (path, remember) => {
      if (remember) store.state.originalTarget = remember;
      late.navigate(path);
    },
    onToast: (toast) => late.toast(toast),
    onSettled: (outcome) => late.settled(outcome.ok),
    fetch: loading.wrap((input, init) => fetch(input, init)),
    locale: () => locale,
    currentPath: currentUrl,
  });
  const { settings, setupNeeded } = await loadSettings(api);
  authMode = settings.authMode;
  // Read before the store exists, which writes its defaults: a browser that kept nothing of ours gets
  // the language it asks for.
  const firstVisit = !storesUserState(window.localStorage);

  const store = createClientState({
    storage: window.localStorage,
    gdprEnabled: () => settings.showGdprNotification === true,
    userId: session.isValid() ? (session.current()?.userId ?? null) : null,
    // Marking after a "no" to cookies does nothing, so say why (declined cookies switch off item lists).
    onRefused: () => late.toast({ titleKey: 'shell.notice', messageKey: 'cookies.itemListsDisabled', variant: 'warning', autoHideMs: 5000, append: true }),
  });
  // An ended session clears the token and its cookie. We never set one, but a Germinate
  // client on the same origin may have.
  session.onClear(() => clearTokenCookie(document));
  // The built-in texts are chunks of their own, loaded only when the server's texts are not complete (a
  // Germinate server, or no answer); German only for those who choose it.
  const builtInFor = (wanted: Locale) => async () => {
    const en_GB = (await import('../../locales/en_GB.json')).default as Messages;
    return wanted === 'de_DE' ? { en_GB, de_DE: (await import('../../locales/de_DE.json')).default as Messages } : { en_GB };
  };
  const fetchText = async (path: string, headers: Record<string, string>) => {
    // A server that never answers must not hold the first screen: the built-in texts are used instead.
    const response = await fetch(`api/${path}`, { headers, signal: AbortSignal.timeout(LOCALE_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${response.status}`);
    return { text: await response.text(), complete: response.headers.get(LOCALE_COMPLETE_HEADER) === 'true' };
  };
  const translatorFor = async (wanted: Locale) => {
    const messages = await loadMessages(wanted, { fetchText, builtIn: builtInFor(wanted) });
    document.documentElement.lang = toLanguageTag(wanted);
    return createTranslator(wanted, messages);
  };
  if (firstVisit) store.state.locale = localeFromLanguages(navigator.languages ?? [navigator.language]);
  locale = isLocale(store.state.locale) ? store.state.locale : 'en_GB';
  const translator = createBox(await translatorFor(locale));

  const shell = createShellController({
    history: browserHistory,
    paneTypes: () => registry.paneTypes(),
    paneType: (id) => registry.paneType(id),
    authMode: () => settings.authMode,
    hiddenPages: () => settings.hiddenPages,
    role: () => roleOfSession(session),
    rememberTarget: (url) => {
      store.state.originalTarget = url;
    },
  });
  shellRef = shell;
  late.navigate = (path) => shell.navigate(path, 'push');
  late.toast = (toast) => shell.toast(toast);
  late.settled = (ok) => {
    if (!ok) loading.hide();
  };

  const workspace: Workspace = {
    open: (instance, where, from) => shell.open(instance, where, from),
    close: (key) => shell.close(key),
    focus: (key) => shell.focus(key),
    focusedKey: () => shell.get().layout.focused,
    instance: (key) => {
      const { layout } = shell.get();
      return layout.panes[key ?? layout.focused];
    },
    link: () => absoluteUrl(urlOf(shell.get().layout, (id) => registry.paneType(id))),
    setLeaveGuard: (key, guard) => shell.setLeaveGuard(key, guard),
  };
  const refreshSettings = async () => {
    const fresh = readSettings(await api.get<Record<string, unknown>>('settings'));
    for (const key of Object.keys(settings)) if (!(key in fresh)) delete settings[key];
    Object.assign(settings, fresh);
    // Hidden pages or roles may have changed for the panes that are showing.
    shell.commit(shell.get().layout, 'replace');
  };
  // The services include the registry, which hands them to plugins: it reads them once it exists.
  const registry = createRegistry({ services: () => services });
  const services: PluginServices = {
    api,
    session,
    store,
    registry,
    settings,
    refreshSettings,
    workspace,
    toast: shell.toast,
    publish: shell.publish,
    // Plugins activate once; the locale can change later, so they get a function, not a translator.
    t: (key, values) => translator.get().t(key, values),
    tables: createTableControllers(),
  };

  const setLocale = async (next: Locale) => {
    store.state.locale = next;
    locale = next;
    translator.set(await translatorFor(next));
  };
  const modal = createBox<ShellModalRequest | null>(null);
  const openModal = (request: ShellModalRequest) => modal.set(request);
  const runtime: ShellRuntime = {
    shell,
    modal,
    openModal,
    keymap: createKeymap({
      platform: detectPlatform(navigator.platform),
      panes: () => registry.paneTypes().map((pane) => ({ type: pane.id, kind: pane.kind ?? null })),
    }),
    platform: detectPlatform(navigator.platform),
    settings,
    isAvailable: (id) => registry.isAvailable(id, shell.contextKeys()),
    run: (id, source, args) => {
      if (!registry.isAvailable(id, shell.contextKeys())) return;
      registry
        .execute(id, args, { ...services, keys: shell.contextKeys(), source })
        .catch((error: unknown) => console.error(`Command '${id}' failed`, error));
    },
    setLocale,
    // The first toggle turns the system's scheme into a choice, which then stays.
    toggleDarkMode: () => {
      store.state.darkMode = !isDark(store.state.darkMode);
    },
    logout: async () => {
      await api.logout();
    },
  };

  for (const plugin of [
    createCorePlugin({
      shell,
      toggleDarkMode: runtime.toggleDarkMode,
      switchLocale: () => void setLocale(locale === 'en_GB' ? 'de_DE' : 'en_GB'),
      logout: runtime.logout,
      toggleSidebar: () => {
        store.state.sidebarState = store.state.sidebarState === 'open' ? 'collapsed' : 'open';
      },
      login: () => {
        store.state.originalTarget = currentUrl();
        shell.open({ type: LOGIN_PANE_TYPE, params: {} }, 'replace');
      },
      print: () => window.print(),
      openModal,
      settings: () => settings,
    }),
    // The shared table's commands serve every domain's table panes.
    tablePlugin,
    linkPlugin,
    ...clientPlugins,
  ]) {
    try {
      registry.registerPlugin(plugin);
      runtime.keymap.add(...bindingsOf(plugin.contributes.commands ?? [], plugin.id === 'core' ? 'core' : 'plugin', plugin.id));
    } catch (error) {
      // One broken plugin must not take the workspace down with it.
      console.error(`Plugin '${plugin.id}' was not registered`, error);
    }
  }

  // Until the user chooses, the theme follows the system's colour scheme, also when it changes.
  const applyTheme = () => {
    document.documentElement.dataset.theme = isDark(store.state.darkMode) ? 'dark' : 'light';
  };
  applyTheme();
  subscribe(store.state, applyTheme);
  onSystemSchemeChange(applyTheme);
  session.subscribe((state) => {
    store.switchUser(state?.userId ?? null);
    applyTheme();
    if (store.state.locale !== locale && isLocale(store.state.locale)) void setLocale(store.state.locale);
    // The new role may open or close panes that are showing.
    shell.commit(shell.get().layout, 'replace');
  });
  window.addEventListener('pagehide', () => store.flush());

  if (setupNeeded) shell.commit(singlePane({ type: 'core:setup', params: {} }), 'replace');
  else shell.navigate(null, 'replace');

  // Start the visible panes' chunks now rather than when React first renders them.
  const shown = shell.get().layout;
  for (const key of leaves(shown.root)) void registry.paneType(shown.panes[key]?.type ?? '')?.load().catch(() => undefined);
  await workspaceModule.catch(() => undefined);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(<App runtime={runtime} translator={translator} services={services} />);
  if (!setupNeeded) void afterStart({ store, settings, version: APP_VERSION, openModal }).catch((error: unknown) => console.error(error));
}

/** Whether this browser holds any user's state of ours (the shared entry alone does not count). */
function storesUserState(storage: Storage): boolean {
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index) ?? '';
    if (key.startsWith(`${DEFAULT_NAMESPACE}.`) && key !== `${DEFAULT_NAMESPACE}.shared`) return true;
  }
  return false;
}

let shellRef: ReturnType<typeof createShellController> | null = null;

void boot();
