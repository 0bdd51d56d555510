import { sql, type RawBuilder } from 'kysely';
import { itemSelectionSql } from '../../../server/access/groups.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { listOrNull } from '../../../server/http/dataset-request.js';

/**
 * The germplasm a request selects, as a condition on a germplasm id: the listed germplasm or the members
 * of the listed germplasm groups the caller sees (either selects); null when neither list names anything.
 */
export function germplasmSelectionSql(
  germplasm: RawBuilder<unknown>,
  yIds: readonly number[] | null | undefined,
  yGroupIds: readonly number[] | null | undefined,
  user: SessionUser | null,
  dialect: DialectName,
): RawBuilder<unknown> | null {
  return itemSelectionSql(germplasm, yIds, yGroupIds, 'germinatebase', user, dialect);
}

/** What a trials data request restricts, over the plots `ts` and the data points `pd`. */
export interface DataScope {
  datasetIds: readonly number[];
  traitIds?: readonly number[] | null;
  yIds?: readonly number[] | null;
  yGroupIds?: readonly number[] | null;
}

/**
 * The condition a data call adds to its query: the allowed datasets, the traits (`pd.phenotype_id`) and
 * the germplasm selection (`ts.germinatebase_id`). `withTraits: false` for queries without data points.
 */
export function dataScopeSql(scope: DataScope, user: SessionUser | null, dialect: DialectName, withTraits = true): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`ts.dataset_id IN (${sql.join(scope.datasetIds.length > 0 ? [...scope.datasetIds] : [-1])})`];
  const traits = withTraits ? listOrNull(scope.traitIds) : null;
  if (traits) parts.push(idListSql(sql`pd.phenotype_id`, traits, dialect));
  const germplasm = germplasmSelectionSql(sql`ts.germinatebase_id`, scope.yIds, scope.yGroupIds, user, dialect);
  if (germplasm) parts.push(germplasm);
  return sql.join(parts, sql` AND `);
}
