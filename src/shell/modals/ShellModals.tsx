import { lazy, Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import { useShell } from '../shell-context.js';
import { LeaveQuestion } from './LeaveQuestion.js';
import type { ShellModalKind, ShellModalProps } from './modal-request.js';

type LazyModal = LazyExoticComponent<ComponentType<ShellModalProps>>;

// Each modal is its own chunk: none of them is part of the first screen.
const MODALS: Record<ShellModalKind, LazyModal> = {
  'session-token': lazy(() => import('./SessionTokenModal.js')) as LazyModal,
  feedback: lazy(() => import('./FeedbackModal.js')) as LazyModal,
  changelog: lazy(() => import('./ChangelogModal.js')) as LazyModal,
  'chart-colours': lazy(() => import('./ChartColoursModal.js')) as LazyModal,
  register: lazy(() => import('./register/RegisterModal.js')) as LazyModal,
  'cookie-consent': lazy(() => import('./CookieConsentModal.js')) as LazyModal,
};

/** Renders the modal a command asked for; closing it clears the request and gives focus back. */
export function ShellModals() {
  const { modal } = useShell();
  const request = useSyncExternalStore(modal.subscribe, modal.get);
  const opener = useRef<HTMLElement | null>(null);
  const open = request !== null;
  useEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    // A modal closed by its own action (sent, saved) is unmounted while open, so the browser does not
    // restore focus as it does for Escape: do it here, so keyboard users are back where they were.
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }, [open]);
  const Component = request ? MODALS[request.kind] : null;
  return (
    <>
      {/* Asked by the workspace itself, not by a command: always ready, so no change waits for a chunk. */}
      <LeaveQuestion />
      {request && Component ? (
        <Suspense fallback={null}>
          <Component key={request.kind} request={request} onClose={() => modal.set(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
