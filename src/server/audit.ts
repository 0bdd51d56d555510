import type { Kysely } from 'kysely';
import type { CoreTables } from './db/tables.js';
import type { SessionUser } from './auth/tokens.js';

export interface AuditEntry {
  /** e.g. 'settings.update', 'usergroup.create', 'access-request.approve' */
  action: string;
  /** what was changed, e.g. 'usergroup 4' */
  target?: string | null;
  /** the change; never include a password (use redact) */
  details?: unknown;
}

/** Keys whose values never reach the audit log. */
const SECRET = /password|token|secret/i;

/** A copy of a change with every secret-looking key replaced by '***'. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? '***' : redact(v)]));
  }
  return value;
}

/**
 * Records an administrator's change (who, what, when). Pass the transaction that made the change so the
 * record and the change commit together.
 */
export async function recordAudit(db: Kysely<CoreTables>, user: SessionUser | null, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: user?.id ?? null,
      username: user?.username ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details === undefined ? null : JSON.stringify(redact(entry.details)),
      created_on: new Date(now).toISOString(),
    })
    .execute();
}
