import type { ClientPlugin, CommandSpec } from '../../core/contracts.js';

/**
 * The statistics client plugin: Germinate's statistics page as a pane (charts over the whole database,
 * open to everyone the auth mode lets in) and the command that opens it.
 */

export const PANE = {
  overview: 'statistics:overview',
} as const;

const commands: CommandSpec[] = [
  {
    id: 'statistics:open-overview',
    titleKey: 'statistics.command.openOverview',
    run: (_args, context) => context.workspace.open({ type: PANE.overview, params: {} }, 'replace'),
  },
];

export const statisticsPlugin: ClientPlugin = {
  id: 'statistics',
  contributes: {
    panes: [
      {
        id: PANE.overview,
        route: '/data/statistics',
        pageName: 'statistics',
        titleKey: 'statistics.pane.title',
        load: () => import('./panes/overview.js'),
      },
    ],
    commands,
  },
};

export default statisticsPlugin;
