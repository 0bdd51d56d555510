import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import type { GateCaller } from '../../server/access/licences.js';
import { accessibleSql } from './queries.js';

/**
 * The datasets whose file resources a caller may read: visible and licence-accepted, from the one place
 * that decides it (src/server/access/datasets.ts). The caller comes with its accepted-licenses cookie
 * (gateCaller), which counts for anonymous callers. `requested` narrows them (empty = all).
 */
export async function allowedFor(app: FastifyInstance, caller: GateCaller, requested?: readonly number[] | null): Promise<number[]> {
  return allowedDatasetIds(app.database.db as unknown as Kysely<unknown>, caller, requested);
}

export interface StoredResource {
  id: number;
  name: string;
  path: string | null;
  typeId: number;
}

/** The file resource if it exists and the caller may read it (Germinate's "accessible"), else null. */
export async function accessibleResource(app: FastifyInstance, caller: GateCaller, id: number): Promise<StoredResource | null> {
  const allowed = await allowedFor(app, caller);
  const row = await app.database.db
    .selectFrom('fileresources')
    .select(['id', 'name', 'path', 'fileresourcetype_id'])
    .where('id', '=', id)
    .where(sql<boolean>`${accessibleSql(sql.ref('fileresources.id'), allowed)}`)
    .executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name, path: row.path, typeId: Number(row.fileresourcetype_id) } : null;
}
