import type { ClientPlugin, CommandContext, CommandSpec } from '../../core/contracts.js';
import { roleAtLeast } from '../../core/when.js';
import { isTemplateType } from './templates.js';
import { JOBS_CHANGED_EVENT } from './events.js';

/**
 * The data import plugin (issue 6, the data uploader): the uploader pane and the commands that
 * open it, open a job's report, and bring up the jobs panel in the sidebar.
 */

export const PANE = {
  upload: 'import:data-upload',
  uploadType: 'import:data-upload-type',
} as const;

/** The sidebar jobs panel marks itself with this attribute; the command focuses it. */
export const JOBS_PANEL_SELECTOR = '[data-jobs-panel]';

const curators = roleAtLeast('DATA_CURATOR');

export interface OpenReportArgs {
  uuid: string;
  templateType?: string;
}

function isOpenReportArgs(args: unknown): args is OpenReportArgs {
  return typeof args === 'object' && args !== null && typeof (args as OpenReportArgs).uuid === 'string';
}

/** Shows the sidebar if it is collapsed, then moves focus to the jobs panel once it is there. */
function openJobs(context: CommandContext): void {
  context.store.state.sidebarState = 'open';
  context.store.state.asyncSidebarTabIndex = 1;
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  window.dispatchEvent(new Event(JOBS_CHANGED_EVENT));
  // The sidebar renders on a later frame, and the palette, when it ran the command, hands focus back to
  // where it was as it closes; so focus is (re)placed on the panel for the next few frames.
  // Only focus that lands back where it was (or nowhere) is moved; a user who tabs on keeps their place.
  const before = document.activeElement;
  let frames = 0;
  const focus = () => {
    const panel = document.querySelector<HTMLElement>(JOBS_PANEL_SELECTOR);
    const here = document.activeElement;
    if (panel && here !== panel && (here === null || here === document.body || here === before)) panel.focus();
    if (frames++ < 20) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}

const commands: CommandSpec[] = [
  {
    id: 'import:open-uploader',
    titleKey: 'import.command.openUploader',
    when: curators,
    run: (_args, context) => context.workspace.open({ type: PANE.upload, params: {} }, 'replace'),
  },
  {
    id: 'import:open-jobs',
    titleKey: 'import.command.openJobs',
    run: (_args, context) => openJobs(context),
  },
  {
    id: 'import:open-report',
    titleKey: 'import.command.openReport',
    when: curators,
    run: (args, context) => {
      // From the palette (no job named) it opens the uploader, whose sidebar list names the jobs.
      if (!isOpenReportArgs(args)) return context.workspace.open({ type: PANE.upload, params: {} }, 'replace');
      const state: Record<string, unknown> = { job: args.uuid };
      if (isTemplateType(args.templateType)) state.templateType = args.templateType;
      return context.workspace.open({ type: PANE.upload, params: {}, state }, 'replace');
    },
  },
];

export const importPlugin: ClientPlugin = {
  id: 'import',
  contributes: {
    panes: [
      {
        id: PANE.upload,
        route: '/import/data-upload',
        pageName: 'import-upload',
        titleKey: 'import.pane.title',
        minRole: 'DATA_CURATOR',
        load: () => import('./panes/data-upload.js'),
      },
      {
        id: PANE.uploadType,
        route: '/import/data-upload/:templateType',
        pageName: 'import-upload-type',
        titleKey: 'import.pane.title',
        minRole: 'DATA_CURATOR',
        inSidebar: false,
        // The same pane, preselected to a template (Germinate merges both routes into one chunk too).
        load: () => import('./panes/data-upload.js'),
      },
    ],
    commands,
  },
};

export default importPlugin;
