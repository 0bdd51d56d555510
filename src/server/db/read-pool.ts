import { Kysely, type CompiledQuery, type RawBuilder } from 'kysely';

/** One read connection of the pool: SQLite's in a worker process, PostgreSQL's a client of its own. */
export interface ReadSlot {
  /** Identifies the connection (the worker's pid, the PostgreSQL backend's pid) for logs and tests. */
  readonly pid: number;
  run(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** Stops the statement it runs (the slot is not used again; the pool opens a new one). */
  stop(): Promise<void>;
  close(): Promise<void>;
  /** Called once when the connection ends by itself (a crash): the pool forgets it. */
  onExit(listener: () => void): void;
}

export interface ReadPoolOptions {
  size: number;
  /** Statements waiting for a free connection beyond which new ones are refused (load shedding). */
  queueLimit: number;
  /** A statement running longer is stopped with ReadOverloaded, whoever waits for it (0 = no limit). */
  statementTimeoutMs: number;
  open(): Promise<ReadSlot>;
}

/** Refused at once (queue full, or the wait alone would pass the deadline) or stopped at the deadline: a 503. */
export class ReadOverloaded extends Error {
  constructor(
    message: string,
    /** Seconds after which trying again is reasonable (Retry-After). */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The caller gave up (its client went away): the statement was dropped or stopped. */
export class ReadCancelled extends Error {}

export interface ReadOptions {
  /** Aborting stops the statement, waiting or running. */
  signal?: AbortSignal;
  /** Epoch milliseconds after which the statement is stopped with ReadOverloaded. */
  deadline?: number;
}

interface Job {
  query: CompiledQuery;
  options: ReadOptions;
  resolve(rows: Record<string, unknown>[]): void;
  reject(error: Error): void;
  /** Set while it runs. */
  slot?: ReadSlot;
  settled: boolean;
  cleanup: (() => void)[];
}

export interface ReadPoolStats {
  size: number;
  running: number;
  waiting: number;
  /** Statements stopped while running (their connection replaced), since the pool opened. */
  stopped: number;
  /** Pids of the open connections. */
  pids: number[];
}

/**
 * A small pool of read connections that table reads run on, so a slow read never blocks the event loop
 * and a read nobody waits for any more is stopped. Statements wait in a bounded FIFO queue; a statement
 * that cannot start before its deadline is refused at once rather than piling up.
 */
export class ReadPool {
  private readonly idle: ReadSlot[] = [];
  private readonly busy = new Set<ReadSlot>();
  private opening = 0;
  /** Connections being opened, so that close() can wait for them (and close them) too. */
  private readonly openings = new Set<Promise<unknown>>();
  private readonly queue: Job[] = [];
  private stoppedCount = 0;
  /** Moving average of a statement's run time, to tell how long the queue will take. */
  private averageMs = 0;
  private closed = false;

  constructor(private readonly options: ReadPoolOptions) {}

  /** Opens the connections ahead of the first request (errors surface on first use instead). */
  warm(): void {
    while (!this.closed && this.idle.length + this.busy.size + this.opening < this.options.size) this.openSlot();
  }

  stats(): ReadPoolStats {
    return {
      size: this.options.size,
      running: this.busy.size,
      waiting: this.queue.length,
      stopped: this.stoppedCount,
      pids: [...this.idle, ...this.busy].map((slot) => slot.pid),
    };
  }

  run(query: CompiledQuery, options: ReadOptions = {}): Promise<Record<string, unknown>[]> {
    if (this.closed) return Promise.reject(new Error('The read pool is closed'));
    if (options.signal?.aborted) return Promise.reject(new ReadCancelled('The client went away'));
    const free = this.idle.length + (this.options.size - this.busy.size - this.idle.length - this.opening) > 0;
    if (!free) {
      // Expected wait: the statements ahead of this one, spread over the connections.
      const waitMs = Math.ceil((this.queue.length + 1) / this.options.size) * this.averageMs;
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      if (this.queue.length >= this.options.queueLimit) {
        return Promise.reject(new ReadOverloaded(`${this.queue.length} table reads are waiting`, retryAfter));
      }
      if (options.deadline !== undefined && Date.now() + waitMs > options.deadline) {
        return Promise.reject(new ReadOverloaded('The table reads ahead would take longer than the limit', retryAfter));
      }
    }
    return new Promise((resolve, reject) => {
      const job: Job = { query, options, resolve, reject, settled: false, cleanup: [] };
      if (options.signal) {
        const onAbort = () => this.abandon(job, new ReadCancelled('The client went away'));
        options.signal.addEventListener('abort', onAbort, { once: true });
        job.cleanup.push(() => options.signal?.removeEventListener('abort', onAbort));
      }
      if (options.deadline !== undefined) {
        const timer = setTimeout(() => this.abandon(job, new ReadOverloaded('The table read took longer than the limit', 5)), Math.max(0, options.deadline - Date.now()));
        job.cleanup.push(() => clearTimeout(timer));
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('The read pool is closed'));
    const slots = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    await Promise.all([...slots.map((slot) => slot.close().catch(() => undefined)), ...this.openings]);
  }

  private settle(job: Job, outcome: Error | Record<string, unknown>[]): void {
    if (job.settled) return;
    job.settled = true;
    job.cleanup.forEach((fn) => fn());
    if (outcome instanceof Error) job.reject(outcome);
    else job.resolve(outcome);
  }

  /** The caller gave up or the deadline passed: drop it from the queue, or stop its connection. */
  private abandon(job: Job, reason: Error): void {
    if (job.settled) return;
    const slot = job.slot;
    this.settle(job, reason);
    if (!slot) {
      const at = this.queue.indexOf(job);
      if (at >= 0) this.queue.splice(at, 1);
      return;
    }
    this.stoppedCount++;
    this.busy.delete(slot);
    void slot.stop().catch(() => undefined);
    // A replacement opens now, so the pool is at full strength for the next request.
    this.warm();
    this.dispatch();
  }

  private openSlot(): void {
    this.opening++;
    const opened = this.options.open().then(
      (slot) => {
        this.opening--;
        if (this.closed) return slot.close();
        slot.onExit(() => {
          const at = this.idle.indexOf(slot);
          if (at >= 0) this.idle.splice(at, 1);
          this.busy.delete(slot);
          if (!this.closed) this.dispatch();
        });
        this.idle.push(slot);
        this.dispatch();
      },
      (error: unknown) => {
        this.opening--;
        // Without a connection the waiting statements cannot run: they fail rather than hang.
        const failure = error instanceof Error ? error : new Error(String(error));
        if (this.idle.length + this.busy.size + this.opening === 0) for (const job of this.queue.splice(0)) this.settle(job, failure);
      },
    );
    this.openings.add(opened);
    void opened.finally(() => this.openings.delete(opened));
  }

  private dispatch(): void {
    if (this.closed) return;
    while (this.queue.length > 0 && this.idle.length > 0) {
      const job = this.queue.shift()!;
      const slot = this.idle.pop()!;
      this.execute(job, slot);
    }
    const missing = this.options.size - this.idle.length - this.busy.size - this.opening;
    for (let i = 0; i < Math.min(missing, this.queue.length); i++) this.openSlot();
  }

  private execute(job: Job, slot: ReadSlot): void {
    job.slot = slot;
    this.busy.add(slot);
    if (this.options.statementTimeoutMs > 0) {
      const timer = setTimeout(() => this.abandon(job, new ReadOverloaded('The statement took longer than the statement timeout', 5)), this.options.statementTimeoutMs);
      job.cleanup.push(() => clearTimeout(timer));
    }
    const started = Date.now();
    slot.run(job.query.sql, job.query.parameters).then(
      (rows) => {
        this.averageMs = this.averageMs === 0 ? Date.now() - started : this.averageMs * 0.8 + (Date.now() - started) * 0.2;
        this.release(job, slot);
        this.settle(job, rows);
      },
      (error: unknown) => {
        this.release(job, slot);
        this.settle(job, error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  /** The statement ended: its connection serves the next one, unless it was stopped meanwhile. */
  private release(job: Job, slot: ReadSlot): void {
    if (job.settled) return;
    if (this.busy.delete(slot)) this.idle.push(slot);
    this.dispatch();
  }
}

/** Table reads for one request: statements compiled here, run on the pool, stopped with the request. */
export interface TableReader {
  all<R>(query: RawBuilder<R>): Promise<R[]>;
}

/** Where the table engine runs a statement: the main connection, or a request's reader on the pool. */
export type TableSource = Kysely<unknown> | TableReader;

export async function readRows<R>(source: TableSource, query: RawBuilder<R>): Promise<R[]> {
  if (source instanceof Kysely) return (await query.execute(source)).rows;
  return source.all(query);
}
