import { sql, type Kysely } from 'kysely';
import type { SessionUser } from '../auth/tokens.js';

/**
 * One datasetaccesslogs row per exported dataset, since every successful export writes them (the datasets
 * plugin's table; every domain that exports dataset data writes it through here): who (the user's id, name, e-mail and institution copied, so the record outlives the account; nothing for
 * anonymous callers) and when. Written after the export's data were read, before the file is sent.
 */
export async function logDatasetAccess(db: Kysely<unknown>, user: SessionUser | null, datasetIds: readonly number[], now: number): Promise<void> {
  if (datasetIds.length === 0) return;
  const stamp = new Date(now).toISOString();
  const institution = user
    ? ((await sql<{ name: string }>`SELECT ui.name FROM users u JOIN user_institutions ui ON ui.id = u.institution_id WHERE u.id = ${user.id}`.execute(db)).rows[0]?.name ?? null)
    : null;
  const rows = [...new Set(datasetIds)].map(
    (id) => sql`(${user?.id ?? null}, ${user ? (user.fullName ?? user.username) : null}, ${user?.email ?? null}, ${institution}, ${id}, ${stamp}, ${stamp})`,
  );
  await sql`INSERT INTO datasetaccesslogs (user_id, user_name, user_email, user_institution, dataset_id, created_on, updated_on)
    VALUES ${sql.join(rows)}`.execute(db);
}
