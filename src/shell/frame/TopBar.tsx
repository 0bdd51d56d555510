import { useSnapshot } from 'valtio';
import { useSyncExternalStore } from 'react';
import { LOCALES, isLocale } from '../../core/i18n.js';
import { useServices } from '../pane-api.js';
import { useShell } from '../shell-context.js';
import { Button } from '../ui/Button.js';
import { Select } from '../ui/Field.js';
import { useIsDark } from '../ui/theme.js';

const LOCALE_NAMES: Record<string, string> = { en_GB: 'English (UK)', de_DE: 'Deutsch' };

export function TopBar() {
  const { t, store, session, settings } = useServices();
  const { run, setLocale, toggleDarkMode } = useShell();
  const snap = useSnapshot(store.state);
  const user = useSyncExternalStore(session.subscribe, session.current);
  const dark = useIsDark(snap.darkMode);
  return (
    <header className="shell-topbar">
      <a className="shell-appname" href="/home" onClick={(e) => { e.preventDefault(); run('workspace:go-home', 'button'); }}>
        {t('shell.appName')}
      </a>
      <div className="shell-topbar-actions">
        <Button icon="⌘" onClick={() => run('shell:open-palette', 'button')}>
          {t('shell.command.openPalette')}
        </Button>
        <label className="shell-locale">
          <span>{t('shell.locale')}</span>
          <Select value={snap.locale} onChange={(e) => isLocale(e.target.value) && void setLocale(e.target.value)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale.replace('_', '-')}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </Select>
        </label>
        <Button icon={dark ? '☾' : '☀'} aria-pressed={dark} onClick={toggleDarkMode}>
          {t('shell.darkMode')}
        </Button>
        {settings.supportsFeedback === true ? (
          <button type="button" onClick={() => run('shell:feedback', 'button')}>
            {t('shell.command.feedback')}
          </button>
        ) : null}
        {settings.authMode === 'NONE' ? null : user ? (
          <>
            <button type="button" onClick={() => run('shell:session-token', 'button')}>
              {t('shell.apiToken')}
            </button>
            <button type="button" onClick={() => run('shell:logout', 'button')}>
              {t('shell.logoutAs', { name: user.username })}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => run('shell:login', 'button')}>
            {t('shell.command.login')}
          </button>
        )}
      </div>
    </header>
  );
}
