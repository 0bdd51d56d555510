/**
 * A process whose only work is a SQLite database with a warm read pool: it reads once, closes the database
 * and prints "closed". Usage: node --import tsx read-pool-close-child.ts with SQLITE_FILE in the environment.
 * Were the close to wait on something that keeps no process alive, it would end without printing.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database.js';

const database = await openDatabase({ databaseUrl: null, sqliteFile: process.env.SQLITE_FILE ?? '', schema: null });
const pool = database.reads({ size: 2, queueLimit: 10, statementTimeoutMs: 0 });
if (!pool) throw new Error('no read pool');
await pool.run(sql`SELECT 1 AS one`.compile(database.db));
await database.close();
process.stdout.write('closed');
