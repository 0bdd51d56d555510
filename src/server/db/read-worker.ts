/**
 * A read connection in its own process (started by read-pool-sqlite.ts): it opens the SQLite file
 * read-only and answers one statement at a time. It is a process rather than a worker thread because a
 * statement must be stoppable when its client goes: terminating a thread waits for the running
 * better-sqlite3 call to return (it has no interrupt), while killing a process stops it at once.
 */
import SQLite from 'better-sqlite3';
import type { ReadReply, ReadRequest } from './read-pool-protocol.js';

const file = process.env.GERMINATE_READ_FILE;
if (!file || !process.send) {
  console.error('read-worker: started without GERMINATE_READ_FILE or an IPC channel');
  process.exit(2);
}

const db = new SQLite(file, { readonly: true, fileMustExist: true });
// The main connection's pragmas that matter to a reader: wait for a writer's lock rather than failing.
// WAL is a property of the file (the main connection set it), so readers run beside the writer.
db.pragma('busy_timeout = 5000');
db.pragma('query_only = ON');
const statements = new Map<string, SQLite.Statement>();

function statement(text: string): SQLite.Statement {
  let prepared = statements.get(text);
  if (!prepared) {
    prepared = db.prepare(text);
    // The table engine sends a handful of distinct shapes; keep the cache from growing without bound.
    if (statements.size >= 200) statements.clear();
    statements.set(text, prepared);
  }
  return prepared;
}

const send = (reply: ReadReply) => process.send?.(reply);

process.on('message', (message: ReadRequest) => {
  try {
    const prepared = statement(message.sql);
    const rows = prepared.reader ? (prepared.all(...message.parameters) as Record<string, unknown>[]) : [];
    send({ id: message.id, rows });
  } catch (error) {
    send({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});

// The server went away (or closed the pool): nothing is left to answer.
process.on('disconnect', () => {
  db.close();
  process.exit(0);
});
send({ id: 0, ready: true });
