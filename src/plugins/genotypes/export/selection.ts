import { sql, type Kysely } from 'kysely';
import { allowedDatasetIds } from '../../../server/access/datasets.js';
import { visibleGroupMembersSql } from '../../../server/access/groups.js';
import type { GateCaller } from '../../../server/access/licences.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { mapChromosomes, visibleMap } from '../maps/map.js';
import { GENOTYPE_DATASET_TYPE, MEMBER_TYPE } from '../tables.js';
import type { IdentifierRow } from './identifiers-file.js';
import type { MapColumns } from './map-file.js';
import { someIds } from './request.js';
import type { GermplasmMembers } from './subset.js';

type Db = Kysely<unknown>;

export interface GenotypeDataset {
  id: number;
  name: string;
  description: string | null;
  sourceFile: string | null;
}

/**
 * The genotype datasets of the request the caller may export: visible, licence accepted (the gate), not
 * external (an external dataset has no calls here), ascending.
 */
export async function genotypeDatasets(db: Db, who: GateCaller, requested: readonly number[]): Promise<GenotypeDataset[]> {
  const allowed = await allowedDatasetIds(db, who, requested);
  if (allowed.length === 0) return [];
  const rows = await sql<{ id: number; name: string; description: string | null; source_file: string | null }>`SELECT id, name, description, source_file
    FROM datasets WHERE datasettype_id = ${GENOTYPE_DATASET_TYPE} AND is_external = 0 AND id IN (${sql.join(allowed)}) ORDER BY id`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description, sourceFile: r.source_file }));
}

/**
 * The items a request names on one axis: its ids and the members of its groups that the caller sees (public
 * groups, their own, all for administrators) of the axis's group type; null when it names none (= all).
 */
export async function chosenIds(
  db: Db,
  user: SessionUser | null,
  ids: readonly number[] | null | undefined,
  groupIds: readonly number[] | null | undefined,
  targetTable: 'germinatebase' | 'markers',
): Promise<number[] | null> {
  const direct = someIds(ids);
  const groups = someIds(groupIds);
  if (!direct && !groups) return null;
  const chosen = new Set(direct ?? []);
  if (groups) {
    const rows = await sql<{ foreign_id: number }>`${visibleGroupMembersSql(groups, targetTable, user)}`.execute(db);
    for (const row of rows.rows) chosen.add(Number(row.foreign_id));
  }
  return [...chosen];
}

/** How many of the dataset's members of a type are among `chosen` (all of them for null). */
export async function memberCount(db: Db, dialect: DialectName, datasetId: number, memberType: number, chosen: readonly number[] | null): Promise<number> {
  const among = chosen === null ? sql`` : sql`AND ${idListSql(sql`dm.foreign_id`, chosen, dialect)}`;
  const rows = await sql<{ n: number }>`SELECT COUNT(DISTINCT dm.foreign_id) AS n FROM datasetmembers dm
    WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${memberType} ${among}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

interface MemberRow {
  id: number;
  name: string;
  display_name: string | null;
  puid: string | null;
  parent_name: string | null;
  parent_puid: string | null;
  /** JSON text on SQLite; PostgreSQL's driver parses its json column already. */
  synonyms: string | unknown[] | null;
}

function synonymList(value: string | unknown[] | null): string[] | null {
  if (value === null || value === '') return null;
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/**
 * The dataset's germplasm members by id, with their labels (display name, else name), whether the request
 * selects them, and their extra identifiers (PUID, parent entity and its PUID, synonyms).
 */
export async function germplasmMembers(db: Db, datasetId: number, chosen: readonly number[] | null): Promise<GermplasmMembers> {
  const rows = await sql<MemberRow>`SELECT g.id, g.name, g.display_name, mc.puid, p.name AS parent_name, pm.puid AS parent_puid, s.synonyms
    FROM datasetmembers dm JOIN germinatebase g ON g.id = dm.foreign_id
    LEFT JOIN mcpd mc ON mc.germinatebase_id = g.id
    LEFT JOIN germinatebase p ON p.id = g.entityparent_id
    LEFT JOIN mcpd pm ON pm.germinatebase_id = p.id
    LEFT JOIN synonyms s ON s.foreign_id = g.id AND s.synonymtype_id = (SELECT st.id FROM synonymtypes st WHERE st.target_table = 'germinatebase')
    WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.germplasm}
    ORDER BY g.id, s.id`.execute(db);
  const wanted = chosen === null ? null : new Set(chosen);
  const members: GermplasmMembers = { ids: [], names: [], displayNames: [], labels: [], selected: wanted ? [] : null, identifiers: [] };
  let last = -1;
  for (const row of rows.rows) {
    const id = Number(row.id);
    // A germplasm with several synonym rows comes once, with its first.
    if (id === last) continue;
    last = id;
    const display = row.display_name ?? '';
    members.ids?.push(id);
    members.names.push(row.name);
    members.displayNames.push(display);
    members.labels.push(display !== '' ? display : row.name);
    members.selected?.push(wanted?.has(id) ?? true);
    const identifiers: IdentifierRow = { name: row.name, puid: row.puid, parentName: row.parent_name, parentPuid: row.parent_puid, synonyms: synonymList(row.synonyms) };
    members.identifiers.push(identifiers);
  }
  return members;
}

/** The markers to export and the chosen map's definitions. */
export interface MarkerChoice {
  /** Names of the selected markers; null = every marker of the matrix. */
  markers: string[] | null;
  map: MapColumns | null;
  /** Why a requested map is not used (it does not exist or the caller does not see it). */
  note: string | null;
}

/**
 * The markers a request selects among the dataset's: its xIds and xGroupIds members (all when it names
 * none), and when a map is chosen only those on it. The map's definitions of the dataset's markers come in
 * the map's order (chromosomes in the project's text order, then position, then definition id).
 */
export async function markerChoice(db: Db, dialect: DialectName, user: SessionUser | null, datasetId: number, chosen: readonly number[] | null, mapId: number | null): Promise<MarkerChoice> {
  const members = sql`SELECT dm.foreign_id FROM datasetmembers dm WHERE dm.dataset_id = ${datasetId} AND dm.datasetmembertype_id = ${MEMBER_TYPE.markers}`;
  let named: { id: number; name: string }[] | null = null;
  if (chosen !== null) {
    const rows = await sql<{ id: number; marker_name: string }>`SELECT m.id, m.marker_name FROM markers m
      WHERE m.id IN (${members}) AND ${idListSql(sql`m.id`, chosen, dialect)}`.execute(db);
    named = rows.rows.map((r) => ({ id: Number(r.id), name: r.marker_name }));
  }
  if (mapId === null) return { markers: named ? named.map((m) => m.name) : null, map: null, note: null };
  if (!(await visibleMap(db, mapId, user))) return { markers: named ? named.map((m) => m.name) : null, map: null, note: `Map ${mapId} does not exist or is not visible to you: exported without a map.` };
  const map: MapColumns = { markers: [], chromosomes: [], starts: [] };
  const onMap = new Set<number>();
  for (const chromosome of await mapChromosomes(db, dialect, mapId)) {
    const rows = await sql<{ marker_id: number; marker_name: string; definition_start: number }>`SELECT md.marker_id, m.marker_name, md.definition_start
      FROM mapdefinitions md JOIN markers m ON m.id = md.marker_id
      WHERE md.map_id = ${mapId} AND md.chromosome = ${chromosome} AND md.marker_id IN (${members})
      ORDER BY md.definition_start, md.id`.execute(db);
    for (const row of rows.rows) {
      onMap.add(Number(row.marker_id));
      map.markers.push(row.marker_name);
      map.chromosomes.push(chromosome);
      map.starts.push(Number(row.definition_start));
    }
  }
  const markers = named ? named.filter((m) => onMap.has(m.id)).map((m) => m.name) : [...new Set(map.markers)];
  return { markers, map, note: null };
}
