import { fork, type ChildProcess } from 'node:child_process';
import type { ReadReply, ReadRequest } from './read-pool-protocol.js';
import type { ReadSlot } from './read-pool.js';
import { forkArguments, workerEntry } from '../worker-entry.js';

/** Opens one read-only connection to `file` in a worker process; resolves once it has opened the database. */
export function openSqliteReadSlot(file: string): Promise<ReadSlot> {
  const found = workerEntry(import.meta.url, './read-worker.ts', 'read-worker');
  if (!found) throw new Error('The read worker bundle (read-worker.mjs) is missing beside the server; run node build.mjs');
  const entry = forkArguments(found);
  const child = fork(entry.file, [], {
    execArgv: entry.execArgv,
    env: { ...process.env, GERMINATE_READ_FILE: file },
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    const exitedEarly = (code: number | null) => reject(new Error(`The read worker stopped while opening the database (exit code ${code})`));
    child.once('error', failed);
    child.once('exit', exitedEarly);
    child.once('message', (message: ReadReply) => {
      child.off('error', failed);
      child.off('exit', exitedEarly);
      if (message.ready) resolve(new SqliteReadSlot(child));
      else reject(new Error(`The read worker did not start: ${message.error ?? 'no ready message'}`));
    });
  });
}

class SqliteReadSlot implements ReadSlot {
  readonly pid: number;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }>();
  private readonly exitListeners: (() => void)[] = [];
  private exited = false;

  constructor(private readonly child: ChildProcess) {
    this.pid = child.pid ?? 0;
    child.on('message', (message: ReadReply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.rows) waiting.resolve(message.rows);
      else waiting.reject(new Error(message.error ?? 'The read worker sent no rows'));
    });
    child.once('exit', (code, signal) => {
      this.exited = true;
      const reason = new Error(`The read worker stopped (${signal ?? `exit code ${code}`})`);
      for (const waiting of this.pending.values()) waiting.reject(reason);
      this.pending.clear();
      this.exitListeners.forEach((listener) => listener());
    });
    // An idle worker does not keep the process alive (a statement in flight does, see run).
    this.idleRefs(false);
  }

  private idleRefs(busy: boolean): void {
    if (busy) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  run(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]> {
    if (this.exited) return Promise.reject(new Error('The read worker has stopped'));
    const id = this.nextId++;
    const request: ReadRequest = { id, sql, parameters: [...parameters] };
    this.idleRefs(true);
    return new Promise<Record<string, unknown>[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send(request, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    }).finally(() => {
      if (this.pending.size === 0 && !this.exited) this.idleRefs(false);
    });
  }

  /** better-sqlite3 cannot interrupt a statement, so its process goes (a read-only connection: nothing to undo). */
  async stop(): Promise<void> {
    await this.end('SIGKILL');
  }

  async close(): Promise<void> {
    await this.end('SIGTERM');
  }

  private end(signal: NodeJS.Signals): Promise<void> {
    if (this.exited) return Promise.resolve();
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    // Held while it ends: an idle worker is unreferenced, and a process with nothing else to do would
    // otherwise end before the exit arrives, leaving whoever awaits the close waiting forever.
    this.idleRefs(true);
    this.child.kill(signal);
    return gone;
  }

  onExit(listener: () => void): void {
    this.exitListeners.push(listener);
  }
}
