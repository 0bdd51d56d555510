import type { ClientPlugin } from '../core/contracts.js';

/**
 * "Copy link to this workspace": the URL holds every tile with its view state (filters, sort, page,
 * row cursor), so the link opens the same workspace for whoever follows it.
 */
export const linkPlugin: ClientPlugin = {
  id: 'workspace-link',
  contributes: {
    commands: [
      {
        id: 'workspace:copy-link',
        titleKey: 'shell.command.copyLink',
        keys: ['Alt+Shift+KeyC'],
        run: async (_args, context) => {
          const link = context.workspace.link();
          try {
            await navigator.clipboard.writeText(link);
            context.toast({ titleKey: 'shell.copyLink.title', messageKey: 'shell.copyLink.done', variant: 'success', autoHideMs: 5000, append: true });
          } catch {
            // Clipboard access can be refused (permissions, an insecure origin): show the link to copy by hand.
            context.toast({ titleKey: 'shell.copyLink.title', messageKey: 'shell.copyLink.failed', values: { link }, variant: 'warning', autoHideMs: 15000, append: true });
          }
        },
      },
    ],
  },
};
