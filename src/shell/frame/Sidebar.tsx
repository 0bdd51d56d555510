import { useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { guardPane } from '../../core/guard.js';
import { roleOfSession } from '../session-role.js';
import { useServices } from '../pane-api.js';
import { useShellState } from '../shell-context.js';
import { JobsPanel } from './JobsPanel.js';

/** The pane types this user may open, grouped by plugin; a click opens one in the focused tile. */
export function Sidebar() {
  const { t, registry, session, settings, workspace, store } = useServices();
  const { layout } = useShellState();
  const { sidebarState } = useSnapshot(store.state);
  useSyncExternalStore(session.subscribe, session.current);
  const role = roleOfSession(session);
  const focusedType = layout.panes[layout.focused]?.type;
  const plugins = registry.plugins();
  const listed = plugins.flatMap((plugin) =>
    (plugin.contributes.panes ?? [])
      .filter(
        (pane) =>
          pane.inSidebar !== false &&
          !pane.route.includes(':') &&
          guardPane({ authMode: settings.authMode, hiddenPages: settings.hiddenPages, role, pane }).kind === 'allow',
      )
      .map((pane) => ({ pane, owner: plugin.id, section: pane.sidebarSection && plugins.some((p) => p.id === pane.sidebarSection) ? pane.sidebarSection : plugin.id })),
  );
  // In plugin order, each section's own panes first, then those listed under it by other plugins.
  const groups = plugins
    .map((plugin) => {
      const inSection = listed.filter((entry) => entry.section === plugin.id);
      const own = inSection.filter((entry) => entry.owner === plugin.id);
      return { id: plugin.id, panes: [...own, ...inSection.filter((entry) => entry.owner !== plugin.id)].map((entry) => entry.pane) };
    })
    .filter((group) => group.panes.length > 0);
  // Collapsed: gone from view and from the Tab order; Alt+B or the palette brings it back.
  if (sidebarState === 'collapsed' || groups.length === 0) return null;
  return (
    <nav className="shell-sidebar" aria-label={t('shell.sidebar')}>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`sidebar-${group.id}`}>
          <h2 id={`sidebar-${group.id}`}>{t(`shell.plugin.${group.id}`)}</h2>
          <ul>
            {group.panes.map((pane) => (
              <li key={pane.id}>
                <button
                  type="button"
                  aria-current={pane.id === focusedType ? 'page' : undefined}
                  onClick={(event) =>
                    workspace.open({ type: pane.id, params: {} }, event.shiftKey ? 'right' : 'replace')
                  }
                >
                  {t(pane.titleKey)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <JobsPanel />
    </nav>
  );
}
