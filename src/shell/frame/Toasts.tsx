import { useEffect } from 'react';
import { useServices } from '../pane-api.js';
import { useShell, useShellState } from '../shell-context.js';
import type { ShownToast } from '../shell-controller.js';

function ToastItem({ toast }: { toast: ShownToast }) {
  const { t } = useServices();
  const { shell } = useShell();
  useEffect(() => {
    const timer = setTimeout(() => shell.dismissToast(toast.id), toast.autoHideMs);
    return () => clearTimeout(timer);
  }, [shell, toast]);
  const urgent = toast.variant === 'danger' || toast.variant === 'warning';
  return (
    <div className={`toast toast-${toast.variant}`} role={urgent ? 'alert' : 'status'}>
      <strong className="toast-title">{t(toast.titleKey)}</strong>
      <span className="toast-message">{t(toast.messageKey, toast.values)}</span>
      <button type="button" className="toast-close" aria-label={t('shell.toast.close')} onClick={() => shell.dismissToast(toast.id)}>
        <span aria-hidden="true">✕</span>
      </button>
    </div>
  );
}

/**
 * Toasts are appended below older ones, hidden after their delay (5 s for errors). Each is its own live
 * region (alert or status); a list would hide that role from assistive technology, so they stack in a div.
 */
export function Toasts() {
  const { toasts } = useShellState();
  return (
    <div className="shell-toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
