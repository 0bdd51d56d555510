import type { Database } from './db/database.js';
import type { ServerPlugin } from './plugin.js';

/** Placeholder: the demo loader lands with the MCPD import pipeline. */
export async function loadDemoData(_database: Database, _plugins: ServerPlugin[], _root: string, _log: (m: string) => void): Promise<void> {}
