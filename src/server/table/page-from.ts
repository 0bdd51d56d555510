import { sql, type RawBuilder } from 'kysely';
import type { ColumnDef, TableView } from './view.js';

/**
 * The FROM clause that a page's id lookup and its count need: the view's driving table and only the joins
 * the given columns read (with the joins those read in turn), in the view's order. `columns` null means
 * a condition the engine cannot see into (the view's own `where`, a caller's extra condition): all joins.
 * Rule: leaving out a join changes no row, since a view's joins match at most one row each (ViewJoin).
 */
export function pageFrom(view: TableView, columns: readonly ColumnDef[] | null): RawBuilder<unknown> {
  const parts = view.joins;
  if (!parts || columns === null) return view.from;
  const byAlias = new Map(parts.joins.map((j) => [j.alias, j]));
  const needed = new Set<string>();
  const need = (alias: string): void => {
    if (needed.has(alias)) return;
    const join = byAlias.get(alias);
    if (!join) throw new Error(`View ${view.name}: a column reads join ${alias}, which the view does not declare`);
    needed.add(alias);
    for (const before of join.after ?? []) need(before);
  };
  for (const column of columns) for (const alias of column.joins ?? []) need(alias);
  return sql.join([parts.base, ...parts.joins.filter((j) => needed.has(j.alias)).map((j) => j.sql)], sql` `);
}
