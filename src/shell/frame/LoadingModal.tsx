import { useServices } from '../pane-api.js';
import { useShellState } from '../shell-context.js';

/**
 * Shown while a request has run for over 300 ms. It does not take the keyboard or the mouse: a slow
 * table should not stop someone from working in another pane.
 */
export function LoadingModal() {
  const { t } = useServices();
  const { loading } = useShellState();
  return (
    <div className={loading ? 'shell-loading shell-loading-shown' : 'shell-loading'} role="status" aria-live="polite">
      {loading ? <span className="shell-loading-box">{t('shell.loading')}</span> : null}
    </div>
  );
}
