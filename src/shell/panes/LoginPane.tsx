import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { featureAllowed } from '../../core/client-state.js';
import { ConsentChoice } from '../widgets/ConsentChoice.js';
import { useShell } from '../shell-context.js';
import { useServices, type PaneProps } from '../pane-api.js';
import { tooManyAttemptsMessage } from './login-refusal.js';

/**
 * Login: returns to the page a refused visitor wanted (store.originalTarget), else home.
 * Declined cookies disable it, and it says so with the switch to change that; registration
 * opens from here when the administrator allows it.
 */
export default function LoginPane(_props: PaneProps) {
  const { api, store, t, settings } = useServices();
  const { shell, openModal } = useShell();
  const { cookiesAccepted } = useSnapshot(store.state);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = featureAllowed('login', { cookiesAccepted });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!allowed) return;
    if (!username || !password) {
      setProblem(t('reasonPhrase.BAD_REQUEST_MISSING_FIELDS'));
      return;
    }
    // Read before logging in: signing in switches the store to the user's own state.
    const target = store.state.originalTarget;
    store.state.originalTarget = null;
    setBusy(true);
    setProblem(null);
    try {
      await api.login(username, password, {
        handlers: [
          // Germinate's login page answers 400 and 403 alike: no hint whether the name exists.
          { codes: [400, 403], callback: () => setProblem(t('reasonPhrase.FORBIDDEN_INVALID_CREDENTIALS')) },
          { codes: [429], callback: (error) => setProblem(tooManyAttemptsMessage(error, t)) },
        ],
      });
    } catch {
      store.state.originalTarget = target;
      setBusy(false);
      return;
    }
    shell.navigate(target && target !== '/login' ? target : '/home', 'replace');
  }

  return (
    <div className="pane-body login">
      {allowed ? null : (
        <section className="notice" aria-labelledby="login-disabled">
          <h2 id="login-disabled">{t('login.disabledTitle')}</h2>
          <p>{t('login.disabled')}</p>
          <ConsentChoice />
        </section>
      )}
      <form onSubmit={submit} aria-labelledby="login-heading" noValidate>
        <h2 id="login-heading">{t('login.heading')}</h2>
        <fieldset disabled={!allowed} style={{ display: 'contents' }}>
          <label>
            {t('login.username')}
            <input autoFocus={allowed} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
          </label>
          <label>
            {t('login.password')}
            <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          {problem ? (
            <p role="alert" className="form-error">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="ui-button ui-button-primary" disabled={busy}>
            {t('login.submit')}
          </button>
        </fieldset>
      </form>
      {settings.registrationEnabled === true && allowed ? (
        <div className="login-links">
          <p className="hint">{t('login.noAccount')}</p>
          <button type="button" onClick={() => openModal({ kind: 'register', mode: 'new' })}>
            {t('register.command')}
          </button>
          <button type="button" onClick={() => openModal({ kind: 'register', mode: 'existing' })}>
            {t('register.existingCommand')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
