import type { ContextKeys } from '../../core/contracts.js';
import type { Role } from '../../core/roles.js';
import type { Services } from '../pane-api.js';

/**
 * Runs a command from a pane's button through the registry, like its key does, so it is checked by
 * the same `when` and recorded with source 'button'. The button's pane is the focused one: clicking
 * a pane focuses it. (The shell's own context keys are not among the services; these are rebuilt.)
 */
export function runFromButton(services: Services, paneKey: string, focusedPane: string, id: string, args?: unknown): void {
  const session = services.session.current();
  const role: Role | null = session && services.session.isValid() && session.role !== 'UNKNOWN' ? session.role : null;
  const focusedPaneKind = services.registry.paneType(focusedPane)?.kind ?? null;
  const keys: ContextKeys = { authMode: services.settings.authMode, role, focusedPane, focusedPaneKind, selectionCount: 0 };
  if (services.workspace.focusedKey() !== paneKey) services.workspace.focus(paneKey);
  void services.registry.execute(id, args, { ...services, keys, source: 'button' }).catch(() => {
    // Not available here (e.g. nothing to mark): the button is disabled in that case anyway.
  });
}
