import { useState } from 'react';
import { LONG_TOAST_MS, successToast } from '../../../core/errors.js';
import { ApiError, type ErrorHandler } from '../../../core/api-client.js';
import { Modal } from '../../ui/Modal.js';
import { useServices } from '../../pane-api.js';
import type { ShellModalProps, ShellModalRequest } from '../modal-request.js';
import { ExistingAccountForm } from './ExistingAccountForm.js';
import { NewAccountForm } from './NewAccountForm.js';
import { tooManyAttemptsMessage } from '../../panes/login-refusal.js';
import { newAccountBody, registrationFailureKey, registrationSuccessKey, type NewAccountFields } from './register-request.js';

type Mode = 'new' | 'existing';

/**
 * Registration: a new account, or access for an account the server knows.
 * A lazy chunk with the password-strength dictionaries; a modal, so it works under FULL before login.
 */
export default function RegisterModal({ request, onClose }: ShellModalProps) {
  const { t, api, store, settings, toast } = useServices();
  const [mode, setMode] = useState<Mode>((request as Extract<ShellModalRequest, { kind: 'register' }>).mode);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const approvalRequired = settings.gatekeeperRegistrationRequiresApproval !== false;

  async function send(kind: Mode, path: string, body: unknown) {
    setBusy(true);
    setProblem(null);
    const outcome: { failure: string | null } = { failure: null };
    // Every refusal is explained in the form; none may end a session or leave for the login page.
    // Too many attempts from this address: say in how many seconds to try again, as the login pane does.
    const explain: ErrorHandler = {
      codes: [],
      callback: (error) => (outcome.failure = error.status === 429 ? tooManyAttemptsMessage(error, t) : t(registrationFailureKey(error.reasonPhrase))),
    };
    try {
      await api.post(path, { body, handlers: [explain] });
    } catch (error) {
      outcome.failure ??= error instanceof ApiError && error.kind !== 'http' ? t('error.serverUnavailable') : t('register.failed');
    }
    setBusy(false);
    if (outcome.failure !== null) {
      setProblem(outcome.failure);
      return;
    }
    toast(successToast(registrationSuccessKey(kind, approvalRequired), LONG_TOAST_MS));
    onClose();
  }

  const choose = (next: Mode) => {
    setMode(next);
    setProblem(null);
  };

  return (
    <Modal open title={t('register.title')} onClose={onClose} closeLabel={t('shell.close')} wide>
      <fieldset className="consent-choice">
        <legend>{t('register.mode')}</legend>
        <label>
          <input type="radio" name="register-mode" checked={mode === 'new'} onChange={() => choose('new')} />
          {t('register.command')}
        </label>
        <label>
          <input type="radio" name="register-mode" checked={mode === 'existing'} onChange={() => choose('existing')} />
          {t('register.existingCommand')}
        </label>
      </fieldset>
      {mode === 'new' ? (
        <NewAccountForm
          busy={busy}
          problem={problem}
          onProblem={setProblem}
          onSubmit={(fields: NewAccountFields) => void send('new', 'gatekeeper/user/new', newAccountBody(fields, store.state.locale))}
        />
      ) : (
        <ExistingAccountForm
          busy={busy}
          problem={problem}
          onProblem={setProblem}
          onSubmit={(body) => void send('existing', 'gatekeeper/user/existing', { ...body, locale: store.state.locale })}
        />
      )}
      {approvalRequired ? <p className="hint">{t('register.approvalNote')}</p> : null}
    </Modal>
  );
}
