import { useSnapshot } from 'valtio';
import { KEYS_WITHOUT_CONSENT } from '../../core/client-state.js';
import { ConsentChoice } from '../widgets/ConsentChoice.js';
import { useServices, type PaneProps } from '../pane-api.js';

/** What this site keeps in the browser, by purpose; `essential` ones are kept even without consent. */
const STORED: readonly { key: string; essential: boolean }[] = [
  { key: 'session', essential: true },
  { key: 'markedItems', essential: true },
  { key: 'locale', essential: true },
  { key: 'asyncJobs', essential: true },
  { key: 'projects', essential: true },
  { key: 'tables', essential: false },
  { key: 'appearance', essential: false },
  { key: 'other', essential: false },
];

/**
 * /cookies: what is stored and why, what declining switches off,
 * third parties when configured, and the consent switch.
 */
export default function CookiesPane(_props: PaneProps) {
  const { t, settings, store } = useServices();
  const { cookiesAccepted } = useSnapshot(store.state);
  const gdpr = settings.showGdprNotification === true;
  const usageLogger = typeof settings.usageLoggerUrl === 'string' && settings.usageLoggerUrl !== '';
  const analytics = typeof settings.googleAnalyticsKey === 'string' && settings.googleAnalyticsKey !== '';
  return (
    <div className="pane-body cookies-pane">
      <section aria-labelledby="cookies-what">
        <h2 id="cookies-what">{t('cookies.what')}</h2>
        <p>{t('cookies.intro')}</p>
        <dl>
          {STORED.map((entry) => (
            <div key={entry.key} style={{ display: 'contents' }}>
              <dt>{t(`cookies.stored.${entry.key}`)}</dt>
              <dd>
                {t(`cookies.stored.${entry.key}.text`)} {entry.essential ? <span className="tag">{t('cookies.essential')}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        <p className="hint" data-essential-keys={KEYS_WITHOUT_CONSENT.join(' ')}>
          {gdpr ? t('cookies.withoutConsent') : t('cookies.noGdpr')}
        </p>
      </section>
      {usageLogger || analytics ? (
        <section aria-labelledby="cookies-third">
          <h2 id="cookies-third">{t('cookies.thirdParty')}</h2>
          <ul>
            {usageLogger ? <li>{t('cookies.usageLogger')}</li> : null}
            {analytics ? <li>{t('cookies.analytics')}</li> : null}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="cookies-choice">
        <h2 id="cookies-choice">{t('cookies.yourChoice')}</h2>
        {cookiesAccepted === false ? <p className="notice">{t('cookies.declinedEffects')}</p> : null}
        <ConsentChoice />
      </section>
    </div>
  );
}
