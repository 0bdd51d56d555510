import { useSyncExternalStore } from 'react';
import { Modal } from '../ui/Modal.js';
import { useServices } from '../pane-api.js';
import { copyText } from './copy.js';
import type { ShellModalProps } from './modal-request.js';

/** The example call: the germplasm table's first five rows, with the reader's own token. */
export function curlExample(origin: string, token: string): string {
  const url = new URL('api/germplasm/table', origin).toString();
  return `curl -H "Authorization: Bearer ${token}" ${url} -X POST -H 'content-type: application/json' -d '{"page":0,"limit":5}'`;
}

/**
 * The session-token modal: the bearer token for scripts, when it runs out, and a call that
 * works as shown. The token only ever appears here, never in a URL.
 */
export default function SessionTokenModal({ onClose }: ShellModalProps) {
  const { t, session, translator, toast } = useServices();
  const current = useSyncExternalStore(session.subscribe, session.current);
  const token = current ? session.validToken() : null;
  const example = token ? curlExample(document.baseURI, token) : '';
  return (
    <Modal open title={t('sessionToken.title')} onClose={onClose} closeLabel={t('shell.close')} wide>
      {current && token ? (
        <div className="modal-form">
          <p className="hint">{t('sessionToken.intro')}</p>
          <label htmlFor="session-token-value">{t('sessionToken.token')}</label>
          <div className="copy-row">
            <input id="session-token-value" readOnly value={token} onFocus={(e) => e.currentTarget.select()} data-testid="session-token" />
            <button type="button" onClick={() => void copyText(token, toast)}>
              {t('shell.copy')}
            </button>
          </div>
          <p>
            {t('sessionToken.expires', {
              time: translator.formatDateTime(new Date(current.createdOn + current.lifetime)),
            })}
          </p>
          <h3>{t('sessionToken.example')}</h3>
          <pre className="code-block" data-testid="session-token-example">
            <code>{example}</code>
          </pre>
          <div className="modal-actions">
            <button type="button" onClick={() => void copyText(example, toast)}>
              {t('sessionToken.copyExample')}
            </button>
            <button type="button" className="button-primary" onClick={onClose}>
              {t('shell.close')}
            </button>
          </div>
        </div>
      ) : (
        <p role="alert">{t('sessionToken.loggedOut')}</p>
      )}
    </Modal>
  );
}
