import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';

/** The experiments table: Germinate's ViewTableExperiments rows (`experiment/table`) under Germinate's names. */
export interface ExperimentRow extends Record<string, unknown> {
  experimentId: number;
  experimentName: string;
  experimentDescription?: string | null;
  experimentDate?: string | null;
  createdOn?: string | null;
}

/** The five counts of an experiment row and the dataset type each counts (datasettypes.description). */
export const COUNT_COLUMNS = [
  ['trialsCount', 'trials'],
  ['genotypeCount', 'genotype'],
  ['alleleFreqCount', 'allelefreq'],
  ['climateCount', 'climate'],
  ['pedigreeCount', 'pedigree'],
] as const;

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `experiments.column.${id}`, type, hidden });

export const EXPERIMENT_COLUMNS: readonly TableColumn[] = [
  column('experimentId', 'number'),
  column('experimentName'),
  column('experimentDescription'),
  column('experimentDate', 'date'),
  ...COUNT_COLUMNS.map(([id]) => column(id, 'number')),
  column('createdOn', 'date', true),
];

export const PANE = { table: 'experiments:table', details: 'experiments:details' } as const;

/** A date column as the day it names (Germinate's timestamps carry a time the reader does not need). */
function experimentCell(row: ExperimentRow, key: string): string {
  const value = row[key];
  if ((key === 'experimentDate' || key === 'createdOn') && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

export const experimentsTable: TableDeclaration<ExperimentRow> = {
  id: 'experiments',
  path: 'experiment/table',
  exportPath: 'experiment/table/export',
  columns: EXPERIMENT_COLUMNS,
  rowId: (row) => row.experimentId,
  rowTitle: (row) => row.experimentName || String(row.experimentId),
  open: (row) => ({ type: PANE.details, params: { experimentId: String(row.experimentId) } }),
  cellText: experimentCell,
};
