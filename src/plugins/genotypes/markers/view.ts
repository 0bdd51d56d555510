import { sql, type RawBuilder } from 'kysely';
import { joinedFrom, type ColumnDef, type TableView } from '../../../server/table/view.js';
import { MARKER_TRIGRAM } from './migrations.js';

/** synonymtypes.id of marker synonyms. */
export const MARKER_SYNONYM_TYPE = 2;
/** The germplasm domain's FTS5 trigram table over every synonyms row (SQLite), read by its SQL name. */
const SYNONYMS_TRIGRAM = 'synonyms_trigram';

/** Whether the marker name's trigram table exists (SQLite; PostgreSQL's planner finds its index itself). */
export interface MarkerIndexes {
  nameIndex: boolean;
}

/** A column over `alias.column`, reading that alias's join (any but the driving table) and NULL without it. */
export function column(expression: string, type: ColumnDef['type'], driving: string): ColumnDef {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && alias !== driving ? { joins: [alias], nullWhenUnjoined: true } : {}) };
}

/**
 * The marker name, searched through its trigram index. `markerId` is the view's expression of the marker
 * id, which the index's rowids (marker ids) are matched against.
 */
export function markerNameColumn(expression: string, markerId: string, indexes: MarkerIndexes, driving: string): ColumnDef {
  const plain = column(expression, 'string', driving);
  if (!indexes.nameIndex) return plain;
  return { ...plain, trigram: { table: MARKER_TRIGRAM, column: 'marker_name', matching: (rowids: RawBuilder<unknown>) => sql`${sql.raw(markerId)} IN (${rowids})` } };
}

/** A marker's synonyms (one synonyms row of type 2 per marker, by convention), searched through their trigram index. */
export function markerSynonymsColumn(expression: string, markerId: string, driving: string): ColumnDef {
  return {
    ...column(expression, 'json', driving),
    trigram: {
      table: SYNONYMS_TRIGRAM,
      column: 'synonyms',
      matching: (rowids: RawBuilder<unknown>) =>
        sql`${sql.raw(markerId)} IN (SELECT sx.foreign_id FROM synonyms sx WHERE sx.id IN (${rowids}) AND sx.synonymtype_id = ${sql.lit(MARKER_SYNONYM_TYPE)})`,
    },
  };
}

/** The join of a marker's synonyms row, for a view whose marker id is `markerId`. */
export const synonymsJoin = (markerId: string) => sql.raw(`synonyms s ON s.foreign_id = ${markerId} AND s.synonymtype_id = ${MARKER_SYNONYM_TYPE}`);

/** Germinate's ViewTableMarkers (`marker/table`): one row per marker, with its type and synonyms. */
export function markerView(indexes: MarkerIndexes): TableView {
  return {
    name: 'markers',
    ...joinedFrom(sql.raw('markers m'), [
      { alias: 'mt', target: sql.raw('markertypes mt ON mt.id = m.markertype_id') },
      { alias: 's', target: synonymsJoin('m.id') },
    ]),
    columns: {
      markerId: column('m.id', 'integer', 'm'),
      markerName: markerNameColumn('m.marker_name', 'm.id', indexes, 'm'),
      markerType: column('mt.description', 'string', 'm'),
      markerSynonyms: markerSynonymsColumn('s.synonyms', 'm.id', 'm'),
      createdOn: column('m.created_on', 'date', 'm'),
      updatedOn: column('m.updated_on', 'date', 'm'),
    },
    idColumn: 'markerId',
  };
}

/**
 * Germinate's ViewTableGroupMarkers (`group/{groupId}/marker`): `groupId` first, the marker row, then
 * `grouptypeId`; the export adds the group's name (`withGroupName`). Routes restrict it to one group the
 * caller sees. A marker is a row of every group that holds it, so ids are unique within a group only: pages
 * are read in one statement under the group's condition (sharedIds).
 */
export function groupMarkerView(indexes: MarkerIndexes, options: { withGroupName: boolean }): TableView {
  return {
    name: 'groupMarkers',
    from: sql`groupmembers gm
      JOIN groups grp ON grp.id = gm.group_id
      JOIN markers m ON m.id = gm.foreign_id
      LEFT JOIN markertypes mt ON mt.id = m.markertype_id
      LEFT JOIN ${synonymsJoin('m.id')}`,
    columns: {
      groupId: column('gm.group_id', 'integer', 'gm'),
      ...(options.withGroupName ? { groupName: column('grp.name', 'string', 'gm') } : {}),
      markerId: column('m.id', 'integer', 'gm'),
      markerName: markerNameColumn('m.marker_name', 'm.id', indexes, 'gm'),
      markerType: column('mt.description', 'string', 'gm'),
      markerSynonyms: markerSynonymsColumn('s.synonyms', 'm.id', 'gm'),
      createdOn: column('m.created_on', 'date', 'gm'),
      updatedOn: column('m.updated_on', 'date', 'gm'),
      grouptypeId: column('grp.grouptype_id', 'integer', 'gm'),
    },
    idColumn: 'markerId',
    sharedIds: true,
  };
}
