import { type } from 'arktype';
import { zipSync } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { roleOf } from '../../core/roles.js';
import { allowedDatasetIds } from '../../server/access/datasets.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import type { GateCaller } from '../../server/access/licences.js';
import { tableExists } from '../../server/db/table-exists.js';
import type { DialectName } from '../../server/db/database.js';
import { heliumAttributes, heliumPedigree, levels, walk, type Edge } from './helium.js';
import { PEDIGREE_DATASET_TYPE } from './tables.js';

/**
 * What a pedigree export reads: the request (Germinate's PedigreeRequest), the pedigree datasets the caller
 * may use, the germplasm selection, the edges and the passport attributes; and what it writes: the Helium
 * file (or a zip with the attributes file), and the access log.
 */

const ids = type('number.integer').array().atMostLength(100_000).or('null');
export const PedigreeRequest = type({
  'datasetIds?': ids,
  'yIds?': ids,
  'yGroupIds?': ids,
  'levelsUp?': type('number.integer').or('null'),
  'levelsDown?': type('number.integer').or('null'),
  'includeAttributes?': type('boolean').or('null'),
  '+': 'ignore',
});
export type PedigreeRequest = typeof PedigreeRequest.infer;

type Db = Kysely<unknown>;
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The pedigree datasets the caller may use (visible, licence accepted, not external) among those requested;
 * every such dataset when none is requested.
 */
export async function pedigreeDatasets(db: Db, who: GateCaller, requested: readonly number[] | null | undefined): Promise<number[]> {
  const allowed = await allowedDatasetIds(db, who, requested);
  if (allowed.length === 0) return [];
  const rows = await sql<{ id: number }>`SELECT id FROM datasets WHERE datasettype_id = ${PEDIGREE_DATASET_TYPE} AND is_external = 0
    AND id IN (${sql.join(allowed)}) ORDER BY id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * The germplasm a request selects: its yIds, and the members of its yGroupIds that the caller may see (public
 * groups, their own, every group for administrators); both given, a germplasm must be in both. Null when the
 * request selects nothing (every edge is exported).
 */
export async function selection(db: Db, dialect: DialectName, user: SessionUser | null, request: PedigreeRequest): Promise<number[] | null> {
  const direct = request.yIds && request.yIds.length > 0 ? request.yIds : null;
  const groupIds = request.yGroupIds && request.yGroupIds.length > 0 ? request.yGroupIds : null;
  if (!direct && !groupIds) return null;
  let members: number[] | null = null;
  if (groupIds) {
    members = [];
    if (await tableExists(db, dialect, 'groupmembers')) {
      const admin = user !== null && roleOf(user.userType) === 'ADMIN';
      const seen = admin ? sql`1 = 1` : user ? sql`(g.visibility = 1 OR g.created_by = ${user.id})` : sql`g.visibility = 1`;
      const rows = await sql<{ id: number }>`SELECT DISTINCT gm.foreign_id AS id FROM groupmembers gm JOIN groups g ON g.id = gm.group_id
        WHERE g.grouptype_id = (SELECT gt.id FROM grouptypes gt WHERE gt.target_table = 'germinatebase') AND ${seen}
          AND gm.group_id IN (${sql.join(groupIds)})`.execute(db);
      members = rows.rows.map((r) => Number(r.id));
    }
  }
  if (direct && members) {
    const inGroups = new Set(members);
    return direct.filter((id) => inGroups.has(id));
  }
  return direct ? [...direct] : (members ?? []);
}

/** Every edge of the datasets, in stored order, with the names of child and parent. */
export async function edgesOf(db: Db, datasetIds: readonly number[]): Promise<Edge[]> {
  if (datasetIds.length === 0) return [];
  const rows = await sql<{ dataset_id: number; child_id: number; child_name: string; parent_id: number; parent_name: string; relationship_type: Edge['type'] }>`
    SELECT pe.dataset_id, c.id AS child_id, c.name AS child_name, p.id AS parent_id, p.name AS parent_name, pe.relationship_type
    FROM pedigrees pe JOIN germinatebase c ON c.id = pe.germinatebase_id JOIN germinatebase p ON p.id = pe.parent_id
    WHERE pe.dataset_id IN (${sql.join([...datasetIds])}) ORDER BY pe.id`.execute(db);
  return rows.rows.map((r) => ({
    datasetId: Number(r.dataset_id),
    childId: Number(r.child_id),
    childName: r.child_name,
    parentId: Number(r.parent_id),
    parentName: r.parent_name,
    type: r.relationship_type,
  }));
}

/** The edges to write: all of them without a selection, else the walk around the selected germplasm. */
export function chosenEdges(edges: readonly Edge[], selected: number[] | null, request: PedigreeRequest): Edge[] {
  if (selected === null) return [...edges];
  const { up, down } = levels(selected.length, request.levelsUp, request.levelsDown);
  return walk(edges, selected, up, down);
}

/** The passport attributes of the germplasm in the edges: attribute names (sorted) and each germplasm's values. */
async function attributesOf(db: Db, edges: readonly Edge[]) {
  const names = new Map<number, string>();
  for (const e of edges) {
    names.set(e.childId, e.childName);
    names.set(e.parentId, e.parentName);
  }
  const values = new Map<number, Record<string, string>>();
  const attributeNames = new Set<string>();
  for (const part of chunks([...names.keys()])) {
    const rows = await sql<{ id: number; name: string; value: string }>`SELECT ad.foreign_id AS id, a.name, ad.value FROM attributedata ad
      JOIN attributes a ON a.id = ad.attribute_id WHERE a.target_table = 'germinatebase' AND ad.foreign_id IN (${sql.join(part)})`.execute(db);
    for (const r of rows.rows) {
      attributeNames.add(r.name);
      values.set(Number(r.id), { ...(values.get(Number(r.id)) ?? {}), [r.name]: r.value });
    }
  }
  const sorted = [...names.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  return heliumAttributes([...attributeNames].sort(), sorted.map(([id, name]) => ({ name, values: values.get(id) ?? {} })));
}

export interface PedigreeFile {
  name: string;
  type: 'text/plain; charset=utf-8' | 'application/zip';
  content: Buffer;
}

/** The Helium file of these edges, or with includeAttributes a zip holding it and the attributes file. */
export async function pedigreeFile(db: Db, edges: readonly Edge[], includeAttributes: boolean, uuid: string): Promise<PedigreeFile> {
  const pedigree = heliumPedigree(edges);
  if (!includeAttributes) return { name: `pedigree-${uuid}.helium`, type: 'text/plain; charset=utf-8', content: Buffer.from(pedigree) };
  const encode = (text: string) => new TextEncoder().encode(text);
  const zip = zipSync({ [`pedigree-${uuid}.helium`]: encode(pedigree), [`pedigree-attributes-${uuid}.helium`]: encode(await attributesOf(db, edges)) });
  return { name: `pedigree-${uuid}.zip`, type: 'application/zip', content: Buffer.from(zip) };
}

