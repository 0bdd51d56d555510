import type { CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { showExportJobs } from '../../../../shell/export/open-jobs.js';
import { startGenotypeExport } from './start.js';
import { EXPORT_PANE } from './state.js';

/**
 * The genotype export page's commands, while its pane (the datasets' export pane of genotype datasets) is
 * focused: start the export, and bring the jobs panel with its downloads to the keyboard. The page's
 * buttons run the same commands.
 */

const onPage = paneFocused(EXPORT_PANE);

export const EXPORT_COMMANDS = { start: 'genotypes:export-start', jobs: 'genotypes:export-show-jobs' } as const;

export const exportCommands: CommandSpec[] = [
  {
    id: EXPORT_COMMANDS.start,
    titleKey: 'genotypes.exportPage.command.start',
    keys: ['Shift+e', '$mod+Enter'],
    when: onPage,
    run: (_args, context) => startGenotypeExport(context),
  },
  {
    id: EXPORT_COMMANDS.jobs,
    titleKey: 'genotypes.exportPage.command.jobs',
    keys: ['Shift+j'],
    when: onPage,
    run: (_args, context) => showExportJobs(context.store, [], false),
  },
];
