import { useState, type FormEvent } from 'react';
import { useServices } from '../../pane-api.js';

/** "Request access with an existing account": the name and password of an account this server knows. */
export function ExistingAccountForm(props: { busy: boolean; problem: string | null; onProblem(text: string | null): void; onSubmit(body: { username: string; password: string }): void }) {
  const { t } = useServices();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (username.trim() === '' || password === '') {
      props.onProblem(t('reasonPhrase.BAD_REQUEST_MISSING_FIELDS'));
      return;
    }
    props.onSubmit({ username: username.trim(), password });
  }
  return (
    <form className="modal-form" onSubmit={submit} noValidate aria-label={t('register.existingCommand')}>
      <p className="hint">{t('register.existingIntro')}</p>
      <label>
        {t('login.username')}
        <input required autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
      </label>
      <label>
        {t('login.password')}
        <input required type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {props.problem ? (
        <p role="alert" className="form-error">
          {props.problem}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="submit" className="button-primary" disabled={props.busy}>
          {t('register.requestAccess')}
        </button>
      </div>
    </form>
  );
}
