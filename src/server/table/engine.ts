import { sql, type RawBuilder } from 'kysely';
import type { Filter, PaginatedRequest, PaginatedResult } from '../../core/table-request.js';
import { toSnakeCase } from '../../core/table-request.js';
import type { DialectName } from '../db/database.js';
import { readRows, type TableSource } from '../db/read-pool.js';
import type { SessionUser } from '../auth/tokens.js';
import { datasetOrNoneVisibleSql, datasetVisibleSql } from '../access/datasets.js';
import { datasetLicensedSql, datasetOrNoneLicensedSql } from '../access/datasets.js';
import type { GateCaller } from '../access/licences.js';
import { HttpError } from '../http/errors.js';
import { filterCondition, sortKey } from './filters.js';
import { trigramPrefilters, type TrigramNeed } from './trigram.js';
import { countKey, type CountCache } from './count-cache.js';
import { pageFrom } from './page-from.js';
import type { ColumnDef, TableView } from './view.js';
import { extraSql, Restriction, type Extra } from './restriction.js';

// Timestamps as the databases write them: SQLite 'YYYY-MM-DD HH:MM:SS' (UTC), PostgreSQL '… .123456+00'.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A stored timestamp in Germinate's JSON form (`2024-03-01T09:15:00.000Z`), the same on both databases. */
export function isoTimestamp(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return value;
  const m = TIMESTAMP.exec(value);
  if (!m) return value;
  let zone = m[4] ?? 'Z';
  if (/^[+-]\d{2}$/.test(zone)) zone += ':00';
  else if (/^[+-]\d{4}$/.test(zone)) zone = `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const fraction = (m[3] ?? '.').slice(0, 4).padEnd(4, '0');
  const date = new Date(`${m[1]}T${m[2]}${fraction}${zone}`);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * Who runs a query. A dataset-scoped view (TableView.datasetColumn) returns only the rows of datasets this
 * caller sees (licence-gated views: and whose licence they accepted); `{ user: null }` is an anonymous
 * caller, whose accepted licences are those of their cookie (`acceptedLicenses`, gateCaller(request)).
 */
export interface QueryCaller extends GateCaller {
  user: SessionUser | null;
}

/**
 * The table-query engine: a PaginatedRequest becomes SQL over a view's whitelisted columns. Column names
 * and orderBy from the request only select entries of that whitelist; values travel as bound parameters.
 */
export class TableQuery {
  private readonly bySnake = new Map<string, [string, ColumnDef]>();

  constructor(
    readonly view: TableView,
    private readonly dialect: DialectName,
  ) {
    for (const [key, def] of Object.entries(view.columns)) this.bySnake.set(toSnakeCase(key), [key, def]);
    if (view.datasetColumn !== undefined && !(view.datasetColumn in view.columns)) {
      throw new Error(`View ${view.name}: datasetColumn ${view.datasetColumn} is not one of its columns`);
    }
  }

  /**
   * The dataset visibility condition of a dataset-scoped view for a caller, or null for other views. A
   * dataset-scoped view queried without a caller is a programming error, not an unfiltered answer.
   */
  private visibility(caller: QueryCaller | undefined): RawBuilder<unknown> | null {
    const key = this.view.datasetColumn;
    if (key === undefined) return null;
    if (caller === undefined) throw new Error(`View ${this.view.name} is dataset-scoped: queries must name the caller`);
    const column = this.view.columns[key].sql;
    if (this.view.licenceGated) return this.view.datasetlessPublic ? datasetOrNoneLicensedSql(column, caller) : datasetLicensedSql(column, caller);
    return this.view.datasetlessPublic ? datasetOrNoneVisibleSql(column, caller.user) : datasetVisibleSql(column, caller.user);
  }

  /** The columns as this caller's query uses them: caller-dependent ones get the caller's expression. */
  private columnsFor(caller: QueryCaller | undefined): Record<string, ColumnDef> {
    const columns = this.view.columns;
    if (!Object.values(columns).some((def) => def.forCaller || def.forGate)) return columns;
    const who: QueryCaller = caller ?? { user: null };
    const forWho = (def: ColumnDef): ColumnDef =>
      def.forGate ? { ...def, sql: def.forGate(who) } : def.forCaller ? { ...def, sql: def.forCaller(who.user) } : def;
    return Object.fromEntries(Object.entries(columns).map(([key, def]) => [key, forWho(def)]));
  }

  /** A request column (camelCase or snake_case) → its whitelisted definition, or undefined. */
  column(name: string): [string, ColumnDef] | undefined {
    return this.bySnake.get(toSnakeCase(name));
  }

  /**
   * Filters folded left to right, joined by each filter's operator to the next, without precedence.
   * Unknown columns are a 400; filters that do not fit the column's type are left out.
   */
  where(filters: readonly Filter[] | null | undefined, extra?: Extra | null, caller?: QueryCaller): RawBuilder<unknown> {
    return this.conditions(filters, extra, caller).where;
  }

  /**
   * `where`, and the columns whose joined row every matching row must have (`required`). When all filters
   * are joined by AND (the usual case): a filter other than isNull on a column that is NULL without its
   * join's row (ColumnDef.nullWhenUnjoined) needs that row, and the `contains` searches ask their trigram
   * indexes once per index (trigram.ts).
   */
  private conditions(
    filters: readonly Filter[] | null | undefined,
    extra: Extra | null | undefined,
    caller: QueryCaller | undefined,
  ): { where: RawBuilder<unknown>; required: ColumnDef[] } {
    const visible = this.visibility(caller);
    const columns = this.columnsFor(caller);
    const list = filters ?? [];
    const allAnd = list.slice(0, -1).every((f) => (f.operator ?? 'and').toLowerCase() !== 'or');
    const needs: TrigramNeed[] | undefined = allAnd ? [] : undefined;
    const required: ColumnDef[] = [];
    let combined: RawBuilder<unknown> | null = null;
    let joiner: 'and' | 'or' = 'and';
    for (const filter of list) {
      const found = this.column(filter.column);
      if (!found) throw new HttpError(400, 'BAD_REQUEST_UNKNOWN_COLUMN', `Unknown filter column: ${filter.column.slice(0, 64)}`);
      const column = columns[found[0]];
      const condition = filterCondition(column, filter.comparator, filter.values, this.dialect, needs);
      if (condition) {
        combined = combined === null ? condition : joiner === 'or' ? sql`(${combined} OR ${condition})` : sql`(${combined} AND ${condition})`;
        joiner = (filter.operator ?? 'and').toLowerCase() === 'or' ? 'or' : 'and';
        if (allAnd && column.nullWhenUnjoined && filter.comparator !== 'isNull') required.push(column);
      }
    }
    const indexed = trigramPrefilters(needs ?? []);
    if (combined !== null && indexed.length > 0) combined = sql.join([...indexed, combined], sql` AND `);
    // Each part is bracketed: an OR inside one (the filters, say) must not escape the view's or the caller's
    // conditions.
    const parts = [this.view.where ?? null, visible, extraSql(extra), combined].filter((p): p is RawBuilder<unknown> => p !== null);
    return { where: parts.length === 0 ? sql`1 = 1` : sql.join(parts.map((p) => sql`(${p})`), sql` AND `), required };
  }

  private selectList(keys: string[], caller: QueryCaller | undefined): RawBuilder<unknown> {
    const columns = this.columnsFor(caller);
    return sql.join(keys.map((k) => sql`${columns[k].sql} AS ${sql.ref(k)}`));
  }

  private orderBy(request: PaginatedRequest, caller: QueryCaller | undefined): RawBuilder<unknown> {
    const id = this.view.columns[this.view.idColumn].sql;
    if (request.orderBy && request.ascending !== undefined && request.ascending !== null) {
      const found = this.column(request.orderBy);
      // An unknown sort column is ignored (the page keeps its default order) rather than failing.
      if (found) {
        const direction = request.ascending === 1 ? sql`ASC` : sql`DESC`;
        const nulls = this.dialect === 'postgres' ? (request.ascending === 1 ? sql` NULLS FIRST` : sql` NULLS LAST`) : sql``;
        return sql`ORDER BY ${sortKey(this.columnsFor(caller)[found[0]], this.dialect)} ${direction}${nulls}, ${id} ${direction}`;
      }
    }
    return this.view.defaultDescending ? sql`ORDER BY ${id} DESC` : sql`ORDER BY ${id} ASC`;
  }

  /** The sort column of a request, when it names one of the view's columns and a direction. */
  private sortColumn(request: PaginatedRequest): string | null {
    if (!request.orderBy || request.ascending === undefined || request.ascending === null) return null;
    return this.column(request.orderBy)?.[0] ?? null;
  }

  /**
   * The columns a page's conditions and sort read (for the joins its id lookup needs), or null when a
   * condition the engine cannot see into applies (the view's `where`, a caller's extra condition).
   */
  private conditionColumns(request: PaginatedRequest, extra: Extra | null | undefined): ColumnDef[] | null {
    if (this.view.where || (extra && !(extra instanceof Restriction))) return null;
    const keys = (request.filter ?? []).map((f) => this.column(f.column)?.[0]);
    keys.push(this.sortColumn(request) ?? undefined, this.view.datasetColumn, this.view.idColumn);
    const columns = keys.filter((k): k is string => k !== undefined).map((k) => this.view.columns[k]);
    // A declared restriction reads its own joins, as a column would.
    if (extra instanceof Restriction && extra.joins.length > 0) columns.push({ sql: extra.condition, type: 'boolean', joins: extra.joins });
    return columns;
  }

  /**
   * The two statements of a page: the rows and (unless the client sent prevCount) the total. Public so
   * that benchmarks and tests can run exactly the SQL the API runs.
   *
   * The rows are read in two steps (`deferred`, the default): the page's ids (filtered, sorted and cut
   * over only the joins the filters and sort read), then the full select list for those ids only, in the
   * same order. Rule: the expensive columns (JSON lists, data flags) cost per row shown, not per row
   * matched. `deferred: false` builds the single statement (every column of every matching row, sorted,
   * then cut), which views with shared ids use and tests compare with.
   */
  statements(
    request: PaginatedRequest,
    maxPageSize: number,
    extra?: Extra | null,
    caller?: QueryCaller,
    options: { deferred?: boolean } = {},
  ): { rows: RawBuilder<Record<string, unknown>>; count: RawBuilder<{ count: number }> | null } {
    const limit = Math.min(request.limit ?? maxPageSize, maxPageSize);
    const page = request.page ?? 0;
    const { where, required } = this.conditions(request.filter, extra, caller);
    const select = this.selectList(Object.keys(this.view.columns), caller);
    const order = this.orderBy(request, caller);
    const deferred = options.deferred !== false && !this.view.sharedIds;
    const from = deferred ? pageFrom(this.view, this.conditionColumns(request, extra), required) : this.view.from;
    let rows: RawBuilder<Record<string, unknown>>;
    if (deferred) {
      const id = this.view.columns[this.view.idColumn].sql;
      const ids = sql`SELECT ${id} FROM ${from} WHERE ${where} ${order} LIMIT ${limit} OFFSET ${limit * page}`;
      // PostgreSQL plans `IN (subquery)` as a semi join after joining every row; an array computed first
      // is a plain key lookup, from which the joins follow row by row.
      const match = this.dialect === 'postgres' ? sql`${id} = ANY(ARRAY(${ids}))` : sql`${id} IN (${ids})`;
      rows = sql<Record<string, unknown>>`SELECT ${select} FROM ${this.view.from} WHERE ${match} ${order}`;
    } else {
      rows = sql<Record<string, unknown>>`SELECT ${select} FROM ${from} WHERE ${where} ${order} LIMIT ${limit} OFFSET ${limit * page}`;
    }
    const wantCount = (request.prevCount ?? -1) === -1;
    const count = wantCount ? sql<{ count: number }>`SELECT COUNT(*) AS count FROM ${from} WHERE ${where}` : null;
    return { rows, count };
  }

  /**
   * One page of rows plus the total (skipped when the client sends the previous count). `db` is the main
   * connection or a request's reader on the read pool (where the two statements run side by side). With
   * `counts` (the database's, count-cache.ts) identical totals are shared.
   */
  async page(
    db: TableSource,
    request: PaginatedRequest,
    maxPageSize: number,
    extra?: Extra | null,
    caller?: QueryCaller,
    counts?: CountCache,
  ): Promise<PaginatedResult<Record<string, unknown>>> {
    const statements = this.statements(request, maxPageSize, extra, caller);
    const query = statements.count;
    const run = async () => Number((query ? (await readRows(db, query))[0]?.count : 0) ?? 0);
    const total = query ? (counts ? counts.count(countKey(this.dialect, query), run) : run()) : null;
    const [rows, count] = await Promise.all([readRows(db, statements.rows), total ?? Promise.resolve(request.prevCount ?? -1)]);
    return { data: rows.map((r) => this.toJson(r)), count };
  }

  /** Every matching id (for "select all" / "mark all"); paging and sorting do not apply. */
  async ids(
    db: TableSource,
    filters: readonly Filter[] | null | undefined,
    extra?: Extra | null,
    caller?: QueryCaller,
  ): Promise<number[]> {
    const id = this.view.columns[this.view.idColumn].sql;
    // Rows that share an id (a licence on two datasets) name it once: the ids are what a selection marks.
    const distinct = this.view.sharedIds ? sql`DISTINCT ` : sql``;
    const rows = await readRows(db, sql<{ id: number }>`SELECT ${distinct}${id} AS id FROM ${this.view.from} WHERE ${this.where(filters, extra, caller)} ORDER BY ${id}`);
    return rows.map((r) => Number(r.id));
  }

  /**
   * Matching rows in id order, in batches (keyset paging, so a million-row export never uses OFFSET).
   */
  async *batches(
    db: TableSource,
    filters: readonly Filter[] | null | undefined,
    keys: string[],
    options: { batchSize?: number; extra?: Extra | null; caller?: QueryCaller } = {},
  ): AsyncGenerator<Record<string, unknown>[]> {
    const batchSize = options.batchSize ?? 2000;
    const id = this.view.columns[this.view.idColumn].sql;
    const where = this.where(filters, options.extra, options.caller);
    let after = -2147483648;
    const select = this.selectList([...new Set([this.view.idColumn, ...keys])], options.caller);
    for (;;) {
      const rows = await readRows(db, sql<Record<string, unknown>>`SELECT ${select} FROM ${this.view.from} WHERE ${where} AND ${id} > ${after} ORDER BY ${id} LIMIT ${batchSize}`);
      if (rows.length === 0) return;
      after = Number(rows[rows.length - 1][this.view.idColumn]);
      yield rows.map((r) => this.toJson(r));
      if (rows.length < batchSize) return;
    }
  }

  /** Database row → Germinate JSON: JSON text parsed, 0/1 to booleans, nulls omitted (as Gson does). */
  toJson(row: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(row)) {
      if (value === null || value === undefined) continue;
      const def = this.view.columns[key];
      if (def?.toJson) {
        out[key] = def.toJson(value);
      } else if (def?.type === 'json' && typeof value === 'string') {
        try {
          out[key] = JSON.parse(value);
        } catch {
          out[key] = value;
        }
      } else if (def?.type === 'date') {
        out[key] = isoTimestamp(value);
      } else if (def?.type === 'boolean') {
        out[key] = value === true || value === 1 || value === '1';
      } else {
        out[key] = value;
      }
    }
    return out;
  }
}
