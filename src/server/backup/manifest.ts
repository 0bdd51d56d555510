import { type } from 'arktype';

/** The archive's entries: the dump, then the manifest describing it. */
export const MANIFEST_ENTRY = 'manifest.json';
export const DUMP_ENTRIES = {
  /** SQLite: the database file, made with SQLite's online backup API. */
  sqlite: 'germinate.sqlite',
  /** PostgreSQL with pg_dump on the PATH: its custom format, for pg_restore. */
  'pg_dump': 'germinate.pgdump',
  /** PostgreSQL without pg_dump: one JSON line per row, per table, in dependency order. */
  logical: 'germinate.jsonl',
} as const;
export type DumpFormat = keyof typeof DUMP_ENTRIES;

/** manifest.json as written by createBackup and checked before a restore touches anything. */
export const manifestSchema = type({
  formatVersion: '1',
  germinateVersion: 'string <= 64',
  createdOn: 'string <= 40',
  type: "'UPDATE' | 'PERIODICAL' | 'MANUAL'",
  dialect: "'sqlite' | 'postgres'",
  format: "'sqlite' | 'pg_dump' | 'logical'",
  /** PostgreSQL: the schema the dump was taken from (pg_dump names it in every statement). */
  'schema?': 'string <= 63 | null',
  dump: { name: 'string <= 100', size: 'number.integer >= 0', crc32: 'number.integer >= 0' },
  /** The migrations the database had run: a logical dump restores only into the same tables. */
  migrations: 'string[]',
  /** Rows per table when the dump was taken (bookkeeping tables included). */
  tables: { '[string]': 'number.integer >= 0' },
});
export type Manifest = typeof manifestSchema.infer;

/** The manifest from its JSON text, or an error saying what is wrong with it. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('manifest.json is not JSON: this is not a backup made by Germinate Workspace');
  }
  const manifest = manifestSchema(raw);
  if (manifest instanceof type.errors) throw new Error(`manifest.json is not valid: ${manifest.summary}`);
  if (DUMP_ENTRIES[manifest.format] !== manifest.dump.name) throw new Error(`manifest.json names ${manifest.dump.name} for a ${manifest.format} dump`);
  return manifest;
}
