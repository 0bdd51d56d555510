import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PaneInstance } from '../../core/contracts.js';
import { useServices } from '../pane-api.js';
import { useShell } from '../shell-context.js';
import { forgetPane, lazyPane } from './lazy-panes.js';
import { PaneErrorBoundary } from './PaneErrorBoundary.js';

interface Props {
  paneKey: string;
  instance: PaneInstance;
  focused: boolean;
  title: string;
}

/** One tile's content: a landmark named after the pane, the lazily loaded pane, its load errors. */
export function PaneHost({ paneKey, instance, focused, title }: Props) {
  const { registry, t } = useServices();
  const { shell } = useShell();
  const [attempt, setAttempt] = useState(0);
  const region = useRef<HTMLElement>(null);
  const spec = registry.paneType(instance.type);
  const setState = useCallback((state: Record<string, unknown>) => shell.setPaneState(paneKey, state), [shell, paneKey]);

  // Keyboard focus follows the focused pane, unless it already is inside it (a click, a field).
  useEffect(() => {
    const element = region.current;
    if (focused && element && !element.contains(document.activeElement)) element.focus({ preventScroll: true });
  }, [focused]);

  const Pane = spec ? lazyPane(spec) : null;
  return (
    <section
      ref={region}
      role="region"
      aria-label={title}
      // Reachable by Tab, so a long pane can be scrolled with the arrow keys.
      tabIndex={0}
      className={focused ? 'pane pane-focused' : 'pane'}
      data-pane-key={paneKey}
      data-pane-type={instance.type}
      onFocusCapture={() => shell.focus(paneKey)}
      onMouseDownCapture={() => shell.focus(paneKey)}
    >
      {Pane ? (
        <PaneErrorBoundary
          key={attempt}
          onRetry={() => {
            forgetPane(instance.type);
            setAttempt((n) => n + 1);
          }}
          fallback={(retry) => (
            <div className="pane-body" role="alert">
              <p>{t('shell.pane.loadError')}</p>
              <button type="button" onClick={retry}>
                {t('shell.pane.retry')}
              </button>
            </div>
          )}
        >
          <Suspense fallback={<p className="pane-body pane-loading">{t('shell.pane.loading')}</p>}>
            <Pane paneKey={paneKey} instance={instance} focused={focused} setState={setState} />
          </Suspense>
        </PaneErrorBoundary>
      ) : (
        <p className="pane-body">{t('shell.pane.unknown')}</p>
      )}
    </section>
  );
}
