import { useSnapshot } from 'valtio';
import { useServices } from '../pane-api.js';
import { COOKIES_PANE_TYPE } from '../core-plugin.js';
import { useShell } from '../shell-context.js';

/**
 * The GDPR notice: only while the server asks for it and this user has not
 * chosen. A region in the page flow under the top bar rather than a modal or an overlay: the site
 * stays usable while the choice is open, and nothing of it is covered.
 */
export function CookieBanner() {
  const { t, store, settings } = useServices();
  const { shell } = useShell();
  const { cookiesAccepted } = useSnapshot(store.state);
  if (settings.showGdprNotification !== true || cookiesAccepted !== null) return null;
  return (
    <section className="cookie-banner" role="region" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title">{t('cookies.consentTitle')}</h2>
      <p>
        {t('cookies.bannerText')}{' '}
        <a
          href="/cookies"
          onClick={(event) => {
            event.preventDefault();
            shell.open({ type: COOKIES_PANE_TYPE, params: {} }, 'right');
          }}
        >
          {t('cookies.readMore')}
        </a>
      </p>
      <p className="hint" id="cookie-banner-warning">
        {t('cookies.declineWarning')}
      </p>
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={() => (store.state.cookiesAccepted = true)}>
          {t('cookies.allow')}
        </button>
        <button type="button" aria-describedby="cookie-banner-warning" onClick={() => (store.state.cookiesAccepted = false)}>
          {t('cookies.decline')}
        </button>
      </div>
    </section>
  );
}
