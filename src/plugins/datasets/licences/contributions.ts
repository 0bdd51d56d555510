import type { CommandSpec, PaneTypeSpec } from '../../../core/contracts.js';
import { roleAtLeast } from '../../../core/when.js';

/** The licence panes: everyone's list to read and accept licences, and the administrators' to manage them. */
export const LICENCE_PANE = { list: 'datasets:licences', admin: 'datasets:licence-admin' } as const;

/**
 * The licence panes and commands the datasets plugin contributes. Germinate's client has no licence page
 * of its own (licences open from the dataset tables); these routes are ours: `/data/licenses` beside the
 * datasets, `/admin/licenses` in the admin area.
 */
export const licencePanes: PaneTypeSpec[] = [
  {
    id: LICENCE_PANE.list,
    route: '/data/licenses',
    pageName: 'licenses',
    titleKey: 'datasets.licence.pane.list',
    load: () => import('./panes/licences.js'),
  },
  {
    id: LICENCE_PANE.admin,
    route: '/admin/licenses',
    pageName: 'licenses-admin',
    titleKey: 'datasets.licence.pane.admin',
    minRole: 'ADMIN',
    sidebarSection: 'admin',
    load: () => import('./panes/licence-admin.js'),
  },
];

export const licenceCommands: CommandSpec[] = [
  {
    id: 'datasets:open-licences',
    titleKey: 'datasets.licence.command.openList',
    run: (_args, context) => context.workspace.open({ type: LICENCE_PANE.list, params: {} }, 'replace'),
  },
  {
    id: 'datasets:open-licence-admin',
    titleKey: 'datasets.licence.command.openAdmin',
    when: roleAtLeast('ADMIN'),
    run: (_args, context) => context.workspace.open({ type: LICENCE_PANE.admin, params: {} }, 'replace'),
  },
];
