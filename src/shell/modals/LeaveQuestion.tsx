import { useEffect } from 'react';
import { useServices } from '../pane-api.js';
import { useShell, useShellState } from '../shell-context.js';
import { Confirm } from '../ui/Confirm.js';

/** While some pane has unsaved changes, the browser asks before the tab is closed or reloaded. */
function useUnloadPrompt(guarded: boolean): void {
  useEffect(() => {
    if (!guarded) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guarded]);
}

/**
 * The one question before the workspace leaves a pane with unsaved changes (closed, replaced, an address
 * that drops it). Stay has the focus and is what Escape does, so a reflex keeps the work; Leave makes the
 * change that was asked for.
 */
export function LeaveQuestion() {
  const { t } = useServices();
  const { shell } = useShell();
  const { leaving, guarded } = useShellState();
  useUnloadPrompt(guarded);
  return (
    <Confirm
      open={leaving !== null}
      title={t('shell.leave.title')}
      message={leaving ? t(leaving.messageKey) : ''}
      confirmLabel={t('shell.leave.leave')}
      cancelLabel={t('shell.leave.stay')}
      danger
      onConfirm={() => shell.answerLeave(true)}
      // Once Leave answered, this second call finds no question and does nothing.
      onClose={() => shell.answerLeave(false)}
    />
  );
}
