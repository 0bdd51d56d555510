import { describe, expect, it } from 'vitest';
import type { CommandContext, ContextKeys, PaneInstance } from '../../core/contracts.js';
import { guardPane } from '../../core/guard.js';
import { createRegistry } from '../../core/registry.js';
import { stubServices } from '../../core/services.test-support.js';
import type { Role } from '../../core/roles.js';
import adminPlugin, { PANE } from './index.js';

const keys = (role: Role | null): ContextKeys => ({ authMode: 'SELECTIVE', role, focusedPane: null, selectionCount: 0 });

describe('admin client plugin', () => {
  it('registers the admin panes under their routes and page names, for administrators only', () => {
    const registry = createRegistry();
    registry.registerPlugin(adminPlugin);
    const panes = registry.paneTypes();
    expect(panes.map((p) => [p.id, p.route, p.pageName])).toEqual([
      [PANE.settings, '/admin/germinate-settings', 'germinate-settings'],
      [PANE.permissions, '/admin/user-permissions', 'user-permissions'],
      [PANE.feedback, '/admin/user-feedback', 'user-feedback'],
      [PANE.audit, '/admin/audit-log', 'audit-log'],
      [PANE.backups, '/backup', 'backup'],
    ]);
    for (const pane of panes) {
      const decide = (role: Role | null) => guardPane({ authMode: 'SELECTIVE', hiddenPages: [], role, pane }).kind;
      expect([decide(null), decide('AUTH_USER'), decide('DATA_CURATOR'), decide('ADMIN')], pane.id).toEqual(['forbidden', 'forbidden', 'forbidden', 'allow']);
    }
  });

  it('offers its open commands to administrators, and each opens its pane in place', async () => {
    const commands = adminPlugin.contributes.commands ?? [];
    expect(commands.map((c) => c.id)).toEqual(['admin:open-settings', 'admin:open-user-permissions', 'admin:open-user-feedback', 'admin:open-audit-log', 'admin:open-backups']);
    for (const command of commands) {
      expect([null, 'AUTH_USER', 'DATA_CURATOR', 'ADMIN'].map((role) => command.when?.(keys(role as Role | null)))).toEqual([false, false, false, true]);
    }
    const opened: [PaneInstance, string][] = [];
    const workspace = { open: (instance: PaneInstance, where: string) => opened.push([instance, where]) };
    const context: CommandContext = { ...stubServices({ workspace }), keys: keys('ADMIN'), source: 'palette' };
    for (const command of commands) await command.run(undefined, context);
    expect(opened).toEqual([
      [{ type: PANE.settings, params: {} }, 'replace'],
      [{ type: PANE.permissions, params: {} }, 'replace'],
      [{ type: PANE.feedback, params: {} }, 'replace'],
      [{ type: PANE.audit, params: {} }, 'replace'],
      [{ type: PANE.backups, params: {} }, 'replace'],
    ]);
  });
});
