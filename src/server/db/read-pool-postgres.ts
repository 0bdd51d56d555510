import pg from 'pg';
import { ReadOverloaded, type ReadSlot } from './read-pool.js';

export interface PostgresReadOptions {
  url: string;
  /** search_path (already checked to be a plain identifier), or null for the server's default. */
  schema: string | null;
  /** statement_timeout in ms on every read connection; 0 = none. */
  statementTimeoutMs: number;
  /** Another connection, to send the cancellation from (the one running the statement is busy). */
  control: pg.Pool;
}

/**
 * Opens one read connection: read-only transactions by default and a statement_timeout, so no table
 * read runs unbounded even if nobody stops it.
 */
export async function openPostgresReadSlot(options: PostgresReadOptions): Promise<ReadSlot> {
  // JIT off as on the main pool (database.ts): compiling short index-served reads cost more than running them.
  const settings = [`-c statement_timeout=${Math.floor(options.statementTimeoutMs)}`, '-c default_transaction_read_only=on', '-c jit=off'];
  if (options.schema) settings.push(`-c search_path="${options.schema}"`);
  const client = new pg.Client({ connectionString: options.url, options: settings.join(' ') });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return new PostgresReadSlot(client, Number(result.rows[0].pid), options.control);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

class PostgresReadSlot implements ReadSlot {
  private readonly exitListeners: (() => void)[] = [];
  private ended = false;

  constructor(
    private readonly client: pg.Client,
    readonly pid: number,
    private readonly control: pg.Pool,
  ) {
    // A connection the server dropped (restart, terminate) is forgotten; the pool opens another.
    client.on('error', () => this.finish());
    client.on('end', () => this.finish());
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.exitListeners.forEach((listener) => listener());
  }

  async run(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    try {
      const result = await this.client.query<Record<string, unknown>>(sql, [...parameters]);
      return result.rows;
    } catch (error) {
      // query_canceled: the statement_timeout ended it (our own cancellations settle the read before).
      if ((error as { code?: unknown }).code === '57014') throw new ReadOverloaded('The statement took longer than the statement timeout', 5);
      throw error;
    }
  }

  /**
   * Cancels the statement on the server (closing our socket would not: PostgreSQL only notices a gone
   * client when it next writes to it), then drops the connection, so a late cancel can never hit a later
   * statement.
   */
  async stop(): Promise<void> {
    try {
      await this.control.query('SELECT pg_cancel_backend($1)', [this.pid]);
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.ended) return;
    await this.client.end().catch(() => undefined);
    this.finish();
  }

  onExit(listener: () => void): void {
    this.exitListeners.push(listener);
  }
}
