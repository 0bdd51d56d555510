import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../core/api-client.js';
import { useServices, type PaneProps } from '../pane-api.js';
import { Modal } from '../ui/Modal.js';
import { ensureStyle } from '../widgets/styles.js';
import { AdminSection, usePasswordStrength } from './setup/AdminSection.js';
import { DatabaseSection } from './setup/DatabaseSection.js';
import { GatekeeperSection } from './setup/GatekeeperSection.js';
import { SETUP_CSS } from './setup/setup-style.js';
import {
  IDLE,
  adminBody,
  adminProblems,
  databaseBody,
  emptyAdmin,
  emptyDatabase,
  emptyGatekeeper,
  gatekeeperBody,
  serverText,
  setupComplete,
  type CheckState,
} from './setup/setup-form.js';

const POLL_MS = 500;
const START_TIMEOUT_MS = 120_000;

/** Every refusal is the wizard's to show (no toast, no logout on a 401: there is no session yet). */
const QUIET = [{ codes: [], callback: () => undefined }];

type Phase = 'form' | 'storing' | 'starting' | 'start-failed' | 'configured';

/** Resolves once GET settings answers 200: the server has switched from setup mode to the normal app. */
async function waitForServer(signal: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && !signal.aborted) {
    try {
      // Plain fetch: the 503s and refused connections while the server switches are expected, not errors.
      const response = await fetch('api/settings', { cache: 'no-store', signal });
      if (response.ok) return true;
    } catch {
      // the server is between apps: ask again
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}

/**
 * The first-run setup wizard (shown while GET settings answers 503): database, user-access tool, first
 * administrator; each section valid (the first two checked by the server) before setup/store is offered.
 */
export default function SetupPane(_props: PaneProps) {
  const { api, t } = useServices();
  ensureStyle('setup-pane', SETUP_CSS);
  const [phase, setPhase] = useState<Phase>('form');
  const [configuredText, setConfiguredText] = useState('');
  const [database, setDatabase] = useState(emptyDatabase);
  const [databaseCheck, setDatabaseCheck] = useState<CheckState>(IDLE);
  const [gatekeeper, setGatekeeper] = useState(emptyGatekeeper);
  const [gatekeeperCheck, setGatekeeperCheck] = useState<CheckState>(IDLE);
  const [admin, setAdmin] = useState(emptyAdmin);
  const [confirming, setConfirming] = useState(false);
  const [storeError, setStoreError] = useState<string | null>(null);
  const strength = usePasswordStrength(admin.password, [admin.username, admin.fullName, admin.email]);
  const problems = adminProblems(admin, strength);
  const ready = setupComplete(databaseCheck, gatekeeper, gatekeeperCheck, problems);
  const polling = useRef<AbortController | null>(null);
  const completeRef = useRef<HTMLButtonElement>(null);

  const alreadyConfigured = (error: unknown) => {
    setConfiguredText(serverText(error, t));
    setPhase('configured');
  };

  // Opened on a configured server (the /setup URL by hand): say so instead of showing a form that cannot work.
  useEffect(() => {
    api.get('setup/check', { handlers: QUIET }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 503) alreadyConfigured(error);
    });
    return () => polling.current?.abort();
    // Once, when the pane opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const runCheck = async (path: string, body: unknown, set: (state: CheckState) => void) => {
    set({ status: 'checking' });
    try {
      await api.post(path, { body, handlers: QUIET });
      set({ status: 'ok' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) alreadyConfigured(error);
      set({ status: 'failed', message: serverText(error, t) });
    }
  };

  const store = async () => {
    setConfirming(false);
    setStoreError(null);
    setPhase('storing');
    try {
      await api.post('setup/store', {
        body: { dbConfig: databaseBody(database), gkConfig: gatekeeperBody(gatekeeper), adminConfig: adminBody(admin) },
        handlers: QUIET,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) return alreadyConfigured(error);
      setStoreError(serverText(error, t));
      setPhase('form');
      return;
    }
    setPhase('starting');
    const controller = new AbortController();
    polling.current = controller;
    if (await waitForServer(controller.signal)) window.location.assign('/home');
    else if (!controller.signal.aborted) setPhase('start-failed');
  };

  if (phase === 'configured') {
    return (
      <div className="pane-body setup">
        <h2>{t('setup.heading')}</h2>
        <p role="alert">{configuredText}</p>
        <button type="button" onClick={() => window.location.assign('/home')}>
          {t('setup.goHome')}
        </button>
      </div>
    );
  }

  return (
    <div className="pane-body setup">
      <h2>{t('setup.heading')}</h2>
      <p className="setup-intro">{t('setup.intro')}</p>
      {/* One disabled fieldset freezes every input while the setup is stored. */}
      <fieldset disabled={phase !== 'form'} className="setup-sections">
        <DatabaseSection
          form={database}
          onChange={(form) => {
            setDatabase(form);
            setDatabaseCheck(IDLE);
          }}
          check={databaseCheck}
          onCheck={() => void runCheck('setup/check/database', databaseBody(database), setDatabaseCheck)}
        />
        <GatekeeperSection
          form={gatekeeper}
          onChange={(form) => {
            setGatekeeper(form);
            setGatekeeperCheck(IDLE);
          }}
          check={gatekeeperCheck}
          onCheck={() => void runCheck('setup/check/gatekeeper', gatekeeperBody(gatekeeper), setGatekeeperCheck)}
        />
        <AdminSection form={admin} onChange={setAdmin} strength={strength} problems={problems} />
      </fieldset>
      <div className="setup-complete">
        {ready ? null : <p className="setup-muted">{t('setup.incomplete')}</p>}
        <button ref={completeRef} type="button" className="setup-primary" disabled={!ready || phase !== 'form'} onClick={() => setConfirming(true)}>
          {t('setup.complete')}
        </button>
        <div aria-live="polite">
          {phase === 'storing' ? <p>{t('setup.storing')}</p> : null}
          {phase === 'starting' ? <p className="setup-ok">{t('setup.done')}</p> : null}
        </div>
        {phase === 'start-failed' ? <p role="alert" className="form-error">{t('setup.startTimeout')}</p> : null}
        {storeError ? (
          <p role="alert" className="form-error">
            {storeError}
          </p>
        ) : null}
      </div>
      <Modal
        open={confirming}
        title={t('setup.confirm.title')}
        onClose={() => {
          setConfirming(false);
          completeRef.current?.focus();
        }}
      >
        <p>{t('setup.confirm.message', { username: admin.username.trim() })}</p>
        <div className="setup-actions">
          <button type="button" className="setup-primary" onClick={() => void store()}>
            {t('setup.confirm.yes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('setup.confirm.cancel')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
