import { sql, type RawBuilder } from 'kysely';
import type { ColumnDef, TableView } from './view.js';

/**
 * The FROM clause that a page's id lookup and its count need: the view's driving table and only the joins
 * the given columns read (with the joins those read in turn), in the view's order. `columns` null means
 * a condition the engine cannot see into (the view's own `where`, a caller's extra condition): all joins.
 * Rule: leaving out a join changes no row, since a view's joins match at most one row each (ViewJoin).
 *
 * The joins of the `required` columns (and those they read in turn) become inner joins: the conditions
 * keep only rows that have them anyway, and an inner join lets the database start from the joined table's
 * index (countries → locations → germplasm) instead of from every germplasm row.
 */
export function pageFrom(view: TableView, columns: readonly ColumnDef[] | null, required: readonly ColumnDef[] = []): RawBuilder<unknown> {
  const parts = view.joins;
  if (!parts || columns === null) return view.from;
  const byAlias = new Map(parts.joins.map((j) => [j.alias, j]));
  const chain = (columnList: readonly ColumnDef[]): Set<string> => {
    const found = new Set<string>();
    const need = (alias: string): void => {
      if (found.has(alias)) return;
      const join = byAlias.get(alias);
      if (!join) throw new Error(`View ${view.name}: a column reads join ${alias}, which the view does not declare`);
      found.add(alias);
      for (const before of join.after ?? []) need(before);
    };
    for (const column of columnList) for (const alias of column.joins ?? []) need(alias);
    return found;
  };
  const needed = chain(columns);
  const inner = chain(required);
  const clauses = parts.joins.filter((j) => needed.has(j.alias)).map((j) => (inner.has(j.alias) ? sql`JOIN ${j.target}` : sql`LEFT JOIN ${j.target}`));
  return sql.join([parts.base, ...clauses], sql` `);
}
