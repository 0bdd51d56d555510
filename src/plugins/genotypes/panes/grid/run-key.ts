import type { ContextKeys } from '../../../../core/contracts.js';
import type { Role } from '../../../../core/roles.js';
import type { Services } from '../../../../shell/pane-api.js';

/**
 * Runs a grid command for a key the cells took themselves (a held arrow repeats there, which the shell's
 * bindings leave alone): through the registry, with the same `when`, recorded with source 'key'.
 */
export function runGridKey(services: Services, paneKey: string, focusedPane: string, id: string): void {
  const session = services.session.current();
  const role: Role | null = session && services.session.isValid() && session.role !== 'UNKNOWN' ? session.role : null;
  const keys: ContextKeys = { authMode: services.settings.authMode, role, focusedPane, focusedPaneKind: null, selectionCount: 0 };
  if (services.workspace.focusedKey() !== paneKey) services.workspace.focus(paneKey);
  void services.registry.execute(id, undefined, { ...services, keys, source: 'key' }).catch(() => {
    // Not available: nothing to do.
  });
}
