import type { ReactNode } from 'react';
import { useShell } from '../shell-context.js';
import { useServices, type PaneProps } from '../pane-api.js';

/** The body of the 403 and 404 panes: what was refused (the guard keeps it in the state) and a way home. */
export function RefusedPane({ instance, titleKey, messageKey }: PaneProps & { titleKey: string; messageKey: string }) {
  const { t, registry } = useServices();
  const { run } = useShell();
  const refused = instance.state?.refused;
  const refusedType =
    typeof refused === 'object' && refused !== null && 'type' in refused && typeof refused.type === 'string'
      ? registry.paneType(refused.type)
      : undefined;
  let what: ReactNode = null;
  if (refusedType) what = <p>{t('error.page.refusedPane', { title: t(refusedType.titleKey) })}</p>;
  return (
    <div className="pane-body refused">
      <h2>{t(titleKey)}</h2>
      <p>{t(messageKey)}</p>
      {what}
      <button type="button" onClick={() => run('workspace:go-home', 'button')}>
        {t('shell.command.goHome')}
      </button>
    </div>
  );
}
