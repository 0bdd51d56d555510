import { useState, type FormEvent } from 'react';
import { useShell } from '../shell-context.js';
import { useServices, type PaneProps } from '../pane-api.js';

/** Login (SPEC §2): returns to the page a refused visitor wanted (store.originalTarget), else home. */
export default function LoginPane(_props: PaneProps) {
  const { api, store, t } = useServices();
  const { shell } = useShell();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
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
        handlers: [{ codes: [403], callback: () => setProblem(t('reasonPhrase.FORBIDDEN_INVALID_CREDENTIALS')) }],
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
      <form onSubmit={submit} aria-labelledby="login-heading" noValidate>
        <h2 id="login-heading">{t('login.heading')}</h2>
        <label>
          {t('login.username')}
          <input autoFocus autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
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
        <button type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </div>
  );
}
