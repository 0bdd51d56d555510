import type { CommandSpec } from '../../../../core/contracts.js';
import { paneFocused } from '../../../../core/when.js';
import { showExportJobs } from '../../../../shell/export/open-jobs.js';
import { chooseMethod, continueToBinning, startFrequencyExport, toggleHistogramTable } from './actions.js';
import { BINNING_METHODS } from './binning-choice.js';
import { ALLELEFREQ_PANE } from './state.js';

/**
 * The allele-frequency export page's commands, while its pane (the datasets' export pane of allele-frequency
 * datasets) is focused: continue to the histogram, choose the binning method (chords `b e`, `b s`, `b a`),
 * show the histogram's table, export, and bring the jobs panel to the keyboard. The page's buttons run the
 * same commands.
 */

const onPage = paneFocused(ALLELEFREQ_PANE);

export const ALLELEFREQ_COMMANDS = {
  continue: 'genotypes:allelefreq-continue',
  table: 'genotypes:allelefreq-histogram-table',
  start: 'genotypes:allelefreq-export-start',
  jobs: 'genotypes:allelefreq-show-jobs',
} as const;

export const methodCommand = (method: (typeof BINNING_METHODS)[number]) => `genotypes:allelefreq-binning-${method}`;

export const allelefreqCommands: CommandSpec[] = [
  {
    id: ALLELEFREQ_COMMANDS.continue,
    titleKey: 'genotypes.allelefreqPage.command.continue',
    keys: ['Shift+c'],
    when: onPage,
    run: (_args, context) => continueToBinning(context),
  },
  ...BINNING_METHODS.map(
    (method): CommandSpec => ({
      id: methodCommand(method),
      titleKey: `genotypes.allelefreqPage.command.method.${method}`,
      keys: [`b ${method[0]}`],
      when: onPage,
      run: (_args, context) => chooseMethod(context, method),
    }),
  ),
  {
    id: ALLELEFREQ_COMMANDS.table,
    titleKey: 'genotypes.allelefreqPage.command.table',
    keys: ['t'],
    when: onPage,
    run: (_args, context) => toggleHistogramTable(context),
  },
  {
    id: ALLELEFREQ_COMMANDS.start,
    titleKey: 'genotypes.allelefreqPage.command.start',
    keys: ['Shift+e', '$mod+Enter'],
    when: onPage,
    run: (_args, context) => startFrequencyExport(context),
  },
  {
    id: ALLELEFREQ_COMMANDS.jobs,
    titleKey: 'genotypes.allelefreqPage.command.jobs',
    keys: ['Shift+j'],
    when: onPage,
    run: (_args, context) => showExportJobs(context.store, [], false),
  },
];
