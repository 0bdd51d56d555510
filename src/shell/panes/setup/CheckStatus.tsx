import { useServices } from '../../pane-api.js';
import type { CheckState } from './setup-form.js';

/**
 * A section's check result in a live region that is always there, so screen readers announce each new
 * result; a refusal shows the server's text.
 */
export function CheckStatus(props: { state: CheckState; okKey: string; idleKey?: string }) {
  const { t } = useServices();
  const { state } = props;
  let content = null;
  if (state.status === 'ok') content = <span className="setup-ok">✓ {t(props.okKey)}</span>;
  else if (state.status === 'failed') content = <span className="form-error">{state.message}</span>;
  else if (state.status === 'checking') content = <span>{t('setup.checking')}</span>;
  else if (props.idleKey) content = <span className="setup-muted">{t(props.idleKey)}</span>;
  return (
    <p className="setup-check" aria-live="polite">
      {content}
    </p>
  );
}
