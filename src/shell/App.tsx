import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { useBrowserLocation, useSearch } from 'wouter/use-browser-location';
import type { Translator } from '../core/i18n.js';
import type { Box } from './box.js';
import { ServicesContext, useServices, type Services } from './pane-api.js';
import { ShellContext, useShell, useShellState, type ShellRuntime } from './shell-context.js';
import { useKeyBindings } from './use-key-bindings.js';
import { LocationSync } from './LocationSync.js';
import { LoadingModal } from './frame/LoadingModal.js';
import { Sidebar } from './frame/Sidebar.js';
import { Toasts } from './frame/Toasts.js';
import { TopBar } from './frame/TopBar.js';
import { CookieBanner } from './frame/CookieBanner.js';
import { ShellModals } from './modals/ShellModals.js';

// cmdk and its dialog load when the palette first opens, not with the first screen.
const Palette = lazy(() => import('./frame/Palette.js'));
// react-mosaic and react-dnd: a chunk of their own that main.tsx starts loading at boot.
const Workspace = lazy(() => import('./workspace/Workspace.js').then((module) => ({ default: module.Workspace })));

export interface AppProps {
  runtime: ShellRuntime;
  translator: Box<Translator>;
  /** Services without the translator, which changes with the locale. */
  services: Omit<Services, 'translator' | 't'>;
}

function Frame() {
  const { paletteOpen, layout } = useShellState();
  const { t, registry } = useServices();
  const focused = layout.panes[layout.focused];
  const titleKey = focused ? registry.paneType(focused.type)?.titleKey : undefined;
  const title = titleKey ? `${t(titleKey)} – ${t('shell.appName')}` : t('shell.appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    // Fetch the palette's chunk once the first screen is up, so Ctrl+K opens at once and no typed key is lost.
    const timer = setTimeout(() => void import('./frame/Palette.js').catch(() => undefined), 1500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="shell">
      <TopBar />
      <CookieBanner />
      <div className="shell-body">
        <Sidebar />
        <main className="shell-main">
          <Suspense fallback={null}>
            <Workspace />
          </Suspense>
        </main>
      </div>
      <Toasts />
      <LoadingModal />
      <ShellModals />
      {paletteOpen ? (
        <Suspense fallback={null}>
          <PaletteHost />
        </Suspense>
      ) : null}
    </div>
  );
}

function PaletteHost() {
  const { shell } = useShell();
  return <Palette onClose={() => shell.setPaletteOpen(false)} />;
}

export function App({ runtime, translator, services }: AppProps) {
  const current = useSyncExternalStore(translator.subscribe, translator.get);
  const value = useMemo<Services>(() => ({ ...services, translator: current, t: current.t }), [services, current]);
  useKeyBindings(runtime);
  return (
    <IntlProvider
      locale={current.intl.locale}
      defaultLocale="en-GB"
      messages={current.intl.messages}
      // Missing texts show the key or English, as the core translator does; nothing to report.
      onError={() => undefined}
    >
      <ServicesContext.Provider value={value}>
        <ShellContext.Provider value={runtime}>
          {/* The address bar is wouter's browser location; the shell follows it and writes it through wouter. */}
          <Router hook={useBrowserLocation} searchHook={useSearch}>
            <LocationSync />
            <Frame />
          </Router>
        </ShellContext.Provider>
      </ServicesContext.Provider>
    </IntlProvider>
  );
}
