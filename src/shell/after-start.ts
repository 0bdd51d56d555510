import { subscribe } from 'valtio/vanilla';
import type { ClientStore } from '../core/client-state.js';
import type { ClientSettings } from './pane-api.js';
import type { ShellModalRequest } from './modals/modal-request.js';

/**
 * What runs once the first screen is up: the changelog of a new version and the usage log. Both load
 * their code (semver, bowser) only here, so neither weighs on the first screen.
 */
export async function afterStart(deps: {
  store: ClientStore;
  settings: ClientSettings;
  version: string;
  openModal(request: ShellModalRequest): void;
}): Promise<void> {
  const { store, settings, version } = deps;
  const seen = store.state.changelogVersionNumber;
  // The usual visit (this version seen) and a first visit (recorded silently) need no changelog code.
  if (seen === null) {
    store.state.changelogVersionNumber = version;
  } else if (seen !== version) {
    const { changelogOnLoad } = await import('./changelog.js');
    const decision = changelogOnLoad(seen, version);
    if (decision.store !== null) store.state.changelogVersionNumber = decision.store;
    if (decision.show) deps.openModal({ kind: 'changelog', since: decision.since });
  }

  if (typeof settings.usageLoggerUrl !== 'string' || settings.usageLoggerUrl === '') return;
  const { logUsage } = await import('./usage-logger.js');
  const attempt = () =>
    logUsage({
      url: settings.usageLoggerUrl,
      cookiesAccepted: store.state.cookiesAccepted,
      hostname: window.location.hostname,
      userAgent: navigator.userAgent,
      automated: navigator.webdriver,
      version,
      locale: store.state.locale,
      clientId: () => (store.state.uniqueClientId ??= crypto.randomUUID()),
      fetch: (url, init) => fetch(url, init),
    });
  // Consent given later in this visit counts too; logUsage itself sends at most once per load.
  if (!attempt()) {
    const stop = subscribe(store.state, () => {
      if (store.state.cookiesAccepted === true && attempt()) stop();
    });
  }
}
