import { useCallback } from 'react';
import { hasRole, type Role } from '../core/roles.js';
import { useServices, type PaneProps } from './pane-api.js';

/**
 * The dialog a pane shows, kept in its view state (`dialog`), so that palette commands can open it and
 * the layout in the URL says it is open. `close` drops it from the state and keeps the rest.
 */
export function usePaneDialog(props: Pick<PaneProps, 'instance' | 'setState'>): { dialog: unknown; open(name: string): void; close(): void } {
  const { instance, setState } = props;
  const state = instance.state;
  const close = useCallback(() => {
    const { dialog: _closed, ...rest } = state ?? {};
    setState(rest);
  }, [state, setState]);
  const open = useCallback((name: string) => setState({ ...(state ?? {}), dialog: name }), [state, setState]);
  return { dialog: state?.dialog, open, close };
}

/** Whether the signed-in user (a valid session) has at least `role`; false for anonymous visitors. */
export function useHasRole(role: Role): boolean {
  const { session } = useServices();
  const current = session.current();
  return current !== null && session.isValid() && current.role !== 'UNKNOWN' && hasRole(current.role, role);
}
