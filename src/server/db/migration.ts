import { type Kysely, Migrator, type MigrationProvider, type ColumnDefinitionBuilder, type CreateTableBuilder, sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * A schema step. Names sort globally (core uses 0xxx, each plugin its own range, e.g. germplasm 1xxx),
 * so plugins add tables without a central list of migrations.
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

export async function migrate(
  db: Kysely<unknown>,
  dialect: DialectName,
  migrations: SchemaMigration[],
  schema: string | null = null,
): Promise<void> {
  const names = new Set<string>();
  for (const m of migrations) {
    if (names.has(m.name)) throw new Error(`Duplicate migration name ${m.name}`);
    names.add(m.name);
  }
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        [...migrations]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((m) => [m.name, { up: (k: Kysely<unknown>) => m.up(k, dialect) }]),
      );
    },
  };
  // With a schema, Kysely must look for its bookkeeping tables there, not in whichever schema has them.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const failed = results?.find((r) => r.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    // Kysely first introspects every schema's tables; on PostgreSQL a schema dropped by someone else at
    // that moment (parallel test runs do) fails the scan, before any migration ran. Such a scan is retried.
    const catalogRace = !failed && /^schema "[^"]+" does not exist$|cache lookup failed/.test(message);
    if (!catalogRace || attempt === 3) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${message}`);
  }
}

/** After inserting explicit ids on PostgreSQL, move the identity sequence past them. */
export async function resetIdentity(db: Kysely<unknown>, dialect: DialectName, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Invalid table ${table}`);
  await sql
    .raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`)
    .execute(db);
}
