import { type Kysely, type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * A schema step. Its name is its key in the bookkeeping, so it is unique across core and every plugin and
 * never changes once released (core uses 0xxx, each plugin its own range, e.g. germplasm 1xxx, to keep
 * them apart). Names do not order anything: see migrate(). `up` runs inside migrate()'s transaction, so it
 * opens none of its own.
 */
export interface SchemaMigration {
  name: string;
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

/** Column types that differ between the two dialects. */
export function columnTypes(dialect: DialectName) {
  return {
    json: dialect === 'postgres' ? sql`jsonb` : sql`text`,
    real: dialect === 'postgres' ? sql`double precision` : sql`real`,
    bigint: dialect === 'postgres' ? sql`bigint` : sql`integer`,
  } as const;
}

/** An auto-numbered integer primary key (explicit ids may still be inserted). */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey(),
  );
}

/** SQL for "now" as ISO-8601 UTC text with milliseconds, identical on both dialects. */
export function nowIso(dialect: DialectName) {
  return dialect === 'postgres'
    ? sql`to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** created_on / updated_on as ISO-8601 text on both dialects (sortable, comparable, portable). */
export function withTimestamps<T extends string, C extends string>(table: CreateTableBuilder<T, C>, dialect: DialectName) {
  return table
    .addColumn('created_on', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)))
    .addColumn('updated_on', 'text', (c) => c.notNull().defaultTo(nowIso(dialect)));
}

/**
 * Bookkeeping: one row (name, ISO-8601 time) per migration that ran. The name and columns are those of
 * Kysely's Migrator, which earlier releases used, so their databases carry on without running anything
 * twice.
 */
const MIGRATION_TABLE = 'kysely_migration';
/**
 * The advisory lock Kysely's Migrator takes on PostgreSQL. Taking the same key means two servers starting
 * at once (of this release or an earlier one) migrate one after the other, never both.
 */
const POSTGRES_MIGRATION_LOCK = '3853314791062309107';

export interface MigrationResult {
  /** The migrations that ran now, in the order they ran. */
  ran: string[];
}

/**
 * Runs every migration whose name is not in the bookkeeping yet, in the order given, in one transaction.
 *
 * The order is the caller's (core first, then each plugin after the plugins it requires, each plugin's
 * migrations as it declares them), not the names' order: a plugin added later, or a new migration of an
 * older plugin, may sort before migrations that already ran and must still run. (Kysely's Migrator refuses
 * that, and with `allowUnorderedMigrations` it still runs pending migrations in name order, which can put
 * a plugin before the plugin its tables refer to.) Names are only keys, unique across core and plugins.
 * A name in the bookkeeping that no migration has any more (a plugin taken out) is left alone.
 */
export async function migrate(
  db: Kysely<unknown>,
  dialect: DialectName,
  migrations: readonly SchemaMigration[],
  schema: string | null = null,
): Promise<MigrationResult> {
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name}`);
    names.add(m.name);
  }
  // One connection for the whole run, so the lock, the transaction and every step share it. SQLite's
  // IMMEDIATE takes the write lock before the bookkeeping is read (another process waits for it, up to the
  // busy timeout); PostgreSQL's transaction-level advisory lock is released by COMMIT or ROLLBACK.
  return db.connection().execute(async (connection) => {
    await sql.raw(dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN').execute(connection);
    let current: string | null = null;
    try {
      if (dialect === 'postgres') await sql.raw(`SELECT pg_advisory_xact_lock(${POSTGRES_MIGRATION_LOCK})`).execute(connection);
      const bookkeeping = schema ? connection.withSchema(schema) : connection;
      await (schema ? connection.schema.withSchema(schema) : connection.schema)
        .createTable(MIGRATION_TABLE)
        .ifNotExists()
        .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
        .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
        .execute();
      const done = await bookkeeping
        .withTables<{ [MIGRATION_TABLE]: { name: string; timestamp: string } }>()
        .selectFrom(MIGRATION_TABLE)
        .select('name')
        .execute();
      const executed = new Set(done.map((row) => row.name));
      const ran: string[] = [];
      for (const m of migrations) {
        if (executed.has(m.name)) continue;
        current = m.name;
        await m.up(connection, dialect);
        await bookkeeping
          .withTables<{ [MIGRATION_TABLE]: { name: string; timestamp: string } }>()
          .insertInto(MIGRATION_TABLE)
          .values({ name: m.name, timestamp: new Date().toISOString() })
          .execute();
        ran.push(m.name);
      }
      current = null;
      await sql.raw('COMMIT').execute(connection);
      return { ran };
    } catch (error) {
      await sql.raw('ROLLBACK').execute(connection).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(current ? `Migration ${current} failed: ${message}` : `Migrations failed: ${message}`, { cause: error });
    }
  });
}

/** After inserting explicit ids on PostgreSQL, move the identity sequence past them. */
export async function resetIdentity(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Invalid table ${table}`);
  await sql
    .raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`)
    .execute(db);
}
