import { Modal } from '../ui/Modal.js';
import { ConsentChoice } from '../widgets/ConsentChoice.js';
import { useServices } from '../pane-api.js';
import { COOKIES_PANE_TYPE } from '../core-plugin.js';
import { useShell } from '../shell-context.js';
import type { ShellModalProps } from './modal-request.js';

/** `shell:cookie-consent`: change the choice from anywhere, also where the /cookies pane is out of reach (FULL, logged out). */
export default function CookieConsentModal({ onClose }: ShellModalProps) {
  const { t } = useServices();
  const { shell } = useShell();
  return (
    <Modal open title={t('cookies.consentTitle')} onClose={onClose} closeLabel={t('shell.close')}>
      <div className="modal-form">
        <p>{t('cookies.bannerText')}</p>
        <p className="hint">{t('cookies.declineWarning')}</p>
        <ConsentChoice />
        <div className="modal-actions">
          <a
            href="/cookies"
            onClick={(event) => {
              event.preventDefault();
              onClose();
              shell.open({ type: COOKIES_PANE_TYPE, params: {} }, 'right');
            }}
          >
            {t('cookies.readMore')}
          </a>
          <button type="button" className="button-primary" onClick={onClose}>
            {t('shell.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
