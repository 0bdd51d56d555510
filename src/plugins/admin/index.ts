import type { ClientPlugin, CommandSpec } from '../../core/contracts.js';
import { roleAtLeast } from '../../core/when.js';

/**
 * The administrators' plugin: global settings, user permissions (dataset
 * permissions, user groups, access requests, users), user feedback, the audit log and database backups. Every pane needs
 * the ADMIN role; the server checks the same on every call.
 */

export const PANE = {
  settings: 'admin:settings',
  permissions: 'admin:user-permissions',
  feedback: 'admin:user-feedback',
  audit: 'admin:audit-log',
  backups: 'admin:backups',
} as const;

const adminOnly = roleAtLeast('ADMIN');

function opener(id: string, titleKey: string, type: string): CommandSpec {
  return {
    id,
    titleKey,
    when: adminOnly,
    run: (_args, context) => context.workspace.open({ type, params: {} }, 'replace'),
  };
}

const commands: CommandSpec[] = [
  opener('admin:open-settings', 'admin.command.openSettings', PANE.settings),
  opener('admin:open-user-permissions', 'admin.command.openUserPermissions', PANE.permissions),
  opener('admin:open-user-feedback', 'admin.command.openUserFeedback', PANE.feedback),
  opener('admin:open-audit-log', 'admin.command.openAuditLog', PANE.audit),
  opener('admin:open-backups', 'admin.command.openBackups', PANE.backups),
];

export const adminPlugin: ClientPlugin = {
  id: 'admin',
  contributes: {
    panes: [
      {
        id: PANE.settings,
        route: '/admin/germinate-settings',
        pageName: 'germinate-settings',
        titleKey: 'admin.pane.settings',
        minRole: 'ADMIN',
        load: () => import('./panes/settings.js'),
      },
      {
        id: PANE.permissions,
        route: '/admin/user-permissions',
        pageName: 'user-permissions',
        titleKey: 'admin.pane.permissions',
        minRole: 'ADMIN',
        load: () => import('./panes/user-permissions.js'),
      },
      {
        id: PANE.feedback,
        route: '/admin/user-feedback',
        pageName: 'user-feedback',
        titleKey: 'admin.pane.feedback',
        minRole: 'ADMIN',
        load: () => import('./panes/user-feedback.js'),
      },
      {
        id: PANE.audit,
        route: '/admin/audit-log',
        pageName: 'audit-log',
        titleKey: 'admin.pane.audit',
        minRole: 'ADMIN',
        load: () => import('./panes/audit-log.js'),
      },
      {
        // Germinate's own route and page name for its backup page.
        id: PANE.backups,
        route: '/backup',
        pageName: 'backup',
        titleKey: 'admin.pane.backups',
        minRole: 'ADMIN',
        load: () => import('./panes/backups.js'),
      },
    ],
    commands,
  },
};

export default adminPlugin;
