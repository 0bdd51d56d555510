import { sql, type RawBuilder } from 'kysely';
import { datasetVisibleSql } from '../../server/access/datasets.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import type { ColumnDef, TableView } from '../../server/table/view.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/** datasettypes ids of the five counts Germinate's experiment rows carry. */
export const EXPERIMENT_COUNT_TYPES = {
  genotypeCount: 1,
  trialsCount: 3,
  alleleFreqCount: 4,
  climateCount: 5,
  pedigreeCount: 7,
} as const;

/**
 * One count of an experiment's datasets of a type, as the caller sees them: visible (not licence-gated,
 * as in Germinate) and not external (those only link out). Germinate fills these after paging, so there
 * they only filter and sort as zeros; here they are real columns, computed per caller through the
 * datasets_experiment index.
 */
function datasetCount(typeId: number): ColumnDef {
  const forCaller = (user: SessionUser | null): RawBuilder<unknown> =>
    sql`(SELECT COUNT(*) FROM datasets xd WHERE xd.experiment_id = e.id AND xd.datasettype_id = ${typeId} AND xd.is_external = 0
      AND ${datasetVisibleSql(sql`xd.id`, user)})`;
  return { sql: forCaller(null), type: 'integer', forCaller };
}

/** Germinate's ViewTableExperiments (`experiment/table`): every experiment, with its dataset counts by type. */
export function experimentView(): TableView {
  return {
    name: 'experiments',
    from: sql.raw('experiments e'),
    columns: {
      projectId: c('e.project_id', 'integer'),
      experimentId: c('e.id', 'integer'),
      experimentName: c('e.experiment_name', 'string'),
      experimentDescription: c('e.description', 'string'),
      experimentDate: c('e.experiment_date', 'date'),
      createdOn: c('e.created_on', 'date'),
      ...Object.fromEntries(Object.entries(EXPERIMENT_COUNT_TYPES).map(([key, typeId]) => [key, datasetCount(typeId)])),
    },
    idColumn: 'experimentId',
  };
}
