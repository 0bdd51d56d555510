import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { SessionUser } from '../auth/tokens.js';
import type { QueryCaller } from './engine.js';

/**
 * How a column's values are compared and returned: integers and numbers are coerced from the request's
 * strings; 'json' columns hold arrays or objects (jsonSearch / arrayContains apply to them only).
 */
export type ColumnType = 'integer' | 'number' | 'string' | 'date' | 'json' | 'boolean';

export interface ColumnDef {
  /** SQL expression over the view's FROM clause. Never built from request text. */
  sql: RawBuilder<unknown>;
  type: ColumnType;
  /**
   * For a value that depends on who asks (e.g. "has trials data" in the datasets the caller may see): the
   * expression for that caller (null = anonymous), used for its rows, filters and sorting instead of `sql`.
   */
  forCaller?: (user: SessionUser | null) => RawBuilder<unknown>;
  /** As forCaller, for values that depend on the caller's accepted licences too (acceptedBy, has…Data); wins over forCaller. */
  forGate?: (caller: QueryCaller) => RawBuilder<unknown>;
  /** The value as the JSON row carries it, when not the plain value (e.g. Germinate's `{ value: n }` counts). */
  toJson?: (value: unknown) => unknown;
  /**
   * A trigram index over this column's text, which narrows `contains` (and jsonSearch / arrayContains)
   * before the exact condition runs (trigram.ts). On SQLite: the FTS5 trigram table `table`, whose column
   * `column` holds this column's text; `matching(rowids)` is the condition on the view's rows whose indexed
   * row is among those FTS5 rowids (best on the view's driving key, so that it can lead the plan). On
   * PostgreSQL the planner finds the pg_trgm index on the column's text expression by itself.
   */
  trigram?: { table: string; column: string; matching: (rowids: RawBuilder<unknown>) => RawBuilder<unknown> };
  /**
   * jsonSearch / arrayContains on a computed JSON column, answered over the tables it is computed from
   * (which their indexes serve) instead of building the JSON of every row. Must match exactly the rows the
   * generic JSON condition would: `token` is already reduced to [A-Za-z0-9_-].
   */
  jsonFilter?: (comparator: 'jsonSearch' | 'arrayContains', token: string, dialect: DialectName) => RawBuilder<unknown>;
  /**
   * `contains` answered by the column itself, or null for the generic condition. For a column of a joined
   * table: its condition as one on the driving table's key (`g.id = ANY(ARRAY(SELECT … WHERE … ILIKE …))`),
   * so that PostgreSQL can join it in an OR with the driving table's indexed columns into one bitmap scan
   * (a condition on the joined table cannot be, and the whole driving table would be read).
   */
  contains?: (value: string, dialect: DialectName) => RawBuilder<unknown> | null;
  /**
   * Aliases of the view's `joins` this column's expression reads (none for the driving table's columns and
   * for subqueries that join what they need themselves). Read only for views that declare `joins`.
   */
  joins?: readonly string[];
  /**
   * The value is NULL whenever a join it reads finds no row (it is that row's column itself, not, say, a
   * COALESCE): a filter that needs a value then needs the joined row, so a page's id lookup may join it
   * inner (page-from.ts). Read only for views that declare `joins`.
   */
  nullWhenUnjoined?: boolean;
}

/**
 * One LEFT JOIN of a view's FROM clause. Rule: it matches at most one row per row of the driving table (a
 * key, or a pair unique by convention such as a germplasm's synonyms row), so leaving it out changes no
 * row count; `after` names the joins its ON condition reads.
 */
export interface ViewJoin {
  alias: string;
  /** What is joined: `table alias ON condition` (the view joins it LEFT). */
  target: RawBuilder<unknown>;
  after?: readonly string[];
}

/**
 * A table view: the whitelist of columns a …/table, …/table/ids and …/table/export may filter, sort and
 * return. Column keys are the camelCase JSON keys of the rows (Germinate's views); requests may also name them in
 * snake_case (Germinate's mapping, docs/germinate-api.md, Table requests).
 */
export interface TableView {
  name: string;
  /** FROM clause with its joins. */
  from: RawBuilder<unknown>;
  /**
   * The FROM clause as its driving table and LEFT JOINs (joinedFrom builds both this and `from`), so that
   * a page's id lookup and its count join only the tables their filters and sort read (ColumnDef.joins).
   * Without it they use all of `from`, and the databases drop the unused joins they can prove unique.
   */
  joins?: { base: RawBuilder<unknown>; joins: readonly ViewJoin[] };
  /** Conditions always applied (e.g. visibility); null for none. */
  where?: RawBuilder<unknown> | null;
  columns: Record<string, ColumnDef>;
  /** Key of the column returned by …/ids and used to page exports. Must be an integer, unique per row. */
  idColumn: string;
  /** Column order of exports (snake_case headers); defaults to the order of `columns`. */
  exportColumns?: string[];
  /**
   * Key of a column holding a dataset id: the view is then dataset-scoped, and every page, ids list and
   * export keeps only the rows of datasets the caller may see (src/server/access/datasets.ts). The engine
   * refuses to query such a view without being told who the caller is. Rows whose dataset id is NULL
   * belong to no dataset a permission could grant, so only administrators see them.
   */
  datasetColumn?: string;
  /** Rows with no dataset are everyone's (map overlays of a trait or climate variable alone), not administrators' only. */
  datasetlessPublic?: boolean;
  /**
   * The view returns dataset data: its dataset scope is the licence gate (src/server/access/datasets.ts,
   * datasetLicensedSql: seen and licence accepted) instead of visibility alone. Listings (dataset/table)
   * leave it off: they list every visible dataset and report acceptance in acceptedBy.
   */
  licenceGated?: boolean;
  /** A condition read from the request body beyond its filters (e.g. `justUnacceptedLicenses`), for this caller. */
  requestCondition?: (body: Readonly<Record<string, unknown>>, caller: QueryCaller) => RawBuilder<unknown> | null;
  /** Pages without an orderBy come newest (highest id) first, e.g. the audit log; default ascending. */
  defaultDescending?: boolean;
  /**
   * Rows may share an id (one institution in two roles): a page is then read in one statement, since the
   * engine's two-step page (the page's ids first, then their rows) needs an id per row.
   */
  sharedIds?: boolean;
}

/** A view's `from` and `joins` from its driving table and joins, so that the two always agree. */
export function joinedFrom(base: RawBuilder<unknown>, joins: readonly ViewJoin[]): Pick<TableView, 'from' | 'joins'> {
  return { from: sql.join([base, ...joins.map((j) => sql`LEFT JOIN ${j.target}`)], sql` `), joins: { base, joins } };
}

export type TableViewFactory = (dialect: DialectName) => TableView;
