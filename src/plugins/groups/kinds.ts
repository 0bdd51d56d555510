import type { PaneInstance } from '../../core/contracts.js';
import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';
import { groupKind, type GroupItemKind, type GroupTarget } from '../../shell/groups/kind.js';

/**
 * The groups page's kinds of group (germplasm, markers, locations, and traits where the server has trait
 * groups), each as the shared group kit reads it, with the table of a group's members and the table its
 * uploaded lists are matched in. Other domains' panes are reached by their pane ids only (plugins never
 * import each other).
 */

export const PANE = { table: 'groups:table', details: 'groups:details', upload: 'groups:upload' } as const;

/** The kinds in the order the pickers offer them; Germinate's three first. */
export const GROUP_KINDS: readonly GroupItemKind[] = [
  groupKind({ target: 'germinatebase', memberPath: 'germplasm', idColumn: 'germplasmId', nameColumn: 'germplasmName', markedType: 'germplasm', stateKey: 'germplasmGroup', texts: { noneMarked: 'groups.page.noneMarked.germinatebase' } }),
  groupKind({ target: 'markers', memberPath: 'marker', idColumn: 'markerId', nameColumn: 'markerName', markedType: 'markers', stateKey: 'markerGroup', texts: { noneMarked: 'groups.page.noneMarked.markers' } }),
  groupKind({ target: 'locations', memberPath: 'location', idColumn: 'locationId', nameColumn: 'locationName', markedType: 'locations', stateKey: 'locationGroup', texts: { noneMarked: 'groups.page.noneMarked.locations' } }),
  groupKind({ target: 'phenotypes', memberPath: 'trait', idColumn: 'traitId', nameColumn: 'traitName', markedType: 'traits', stateKey: 'traitGroup', texts: { noneMarked: 'groups.page.noneMarked.phenotypes' } }),
];

/** The kinds a list can be uploaded for (Germinate's group upload is for germplasm; ours for its three types). */
export const UPLOAD_KINDS: readonly GroupItemKind[] = GROUP_KINDS.filter((kind) => kind.target !== 'phenotypes');

export function kindOf(target: string | null | undefined): GroupItemKind | null {
  return GROUP_KINDS.find((kind) => kind.target === target) ?? null;
}

/** The message key that names a group type: `groups.type.germinatebase`, … */
export const typeKey = (target: GroupTarget | string) => `groups.type.${target}`;

/** A row of `group/table`: Germinate's ViewTableGroups. */
export interface GroupTableRow extends Record<string, unknown> {
  groupId: number;
  groupName: string | null;
  groupDescription?: string | null;
  groupTypeId: number;
  groupType: string;
  userId?: number | null;
  userName?: string | null;
  groupVisibility?: boolean | null;
  count: number;
  createdOn?: string | null;
  updatedOn?: string | null;
}

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false, prefix = 'groups.column'): TableColumn => ({ id, titleKey: `${prefix}.${id}`, type, hidden });

export const groupsTable: TableDeclaration<GroupTableRow> = {
  id: 'groups',
  path: 'group/table',
  exportPath: 'group/table/export',
  columns: [
    column('groupId', 'number'),
    column('groupName'),
    column('groupDescription'),
    column('groupType'),
    column('userName'),
    column('groupVisibility', 'boolean'),
    column('count', 'number'),
    column('createdOn', 'date', true),
    column('updatedOn', 'date'),
  ],
  rowId: (row) => row.groupId,
  rowTitle: (row) => row.groupName || String(row.groupId),
  open: (row) => ({ type: PANE.details, params: { groupId: String(row.groupId) } }),
  cellText: (row, key) => {
    const value = row[key];
    if ((key === 'createdOn' || key === 'updatedOn') && typeof value === 'string') return value.slice(0, 10);
    return defaultCellText(value);
  },
};

type Row = Record<string, unknown>;

/** The columns of each kind's rows (Germinate's names; the headers are the owning domain's message keys). */
const ITEM_COLUMNS: Record<GroupTarget, readonly TableColumn[]> = {
  germinatebase: [
    column('germplasmId', 'number', false, 'germplasm.column'),
    column('germplasmName', 'text', false, 'germplasm.column'),
    column('germplasmNumber', 'text', false, 'germplasm.column'),
    column('germplasmPuid', 'text', false, 'germplasm.column'),
    column('genus', 'text', false, 'germplasm.column'),
    column('species', 'text', false, 'germplasm.column'),
    column('countryName', 'text', false, 'germplasm.column'),
  ],
  markers: [column('markerId', 'number', false, 'groups.item'), column('markerName', 'text', false, 'groups.item'), column('markerType', 'text', false, 'groups.item')],
  locations: [
    column('locationId', 'number', false, 'locations.column'),
    column('locationName', 'text', false, 'locations.column'),
    column('countryName', 'text', false, 'locations.column'),
    column('locationLatitude', 'number', false, 'locations.column'),
    column('locationLongitude', 'number', false, 'locations.column'),
  ],
  phenotypes: [column('traitId', 'number', false, 'groups.item'), column('traitName', 'text', false, 'groups.item'), column('unitName', 'text', false, 'groups.item')],
};

/** Where a row of a kind opens (in the owning domain's pane), when it has a page of its own. */
function openItem(kind: GroupItemKind, row: Row): PaneInstance | undefined {
  const id = String(row[kind.idColumn]);
  if (kind.target === 'germinatebase') return { type: 'germplasm:passport', params: { germplasmId: id } };
  if (kind.target === 'markers') return { type: 'genotypes:marker', params: { markerId: id } };
  if (kind.target === 'phenotypes') return { type: 'trials:trait', params: { traitId: id } };
  return undefined;
}

function itemDeclaration(kind: GroupItemKind, id: string, path: string, exportPath: string | undefined): TableDeclaration<Row> {
  const opens = kind.target !== 'locations';
  return {
    id,
    path,
    ...(exportPath ? { exportPath } : {}),
    columns: ITEM_COLUMNS[kind.target],
    rowId: (row) => Number(row[kind.idColumn]),
    rowTitle: (row) => defaultCellText(row[kind.nameColumn]) || String(row[kind.idColumn]),
    markType: kind.markedType,
    ...(opens ? { open: (row: Row): PaneInstance => openItem(kind, row) ?? { type: PANE.table, params: {} } } : {}),
  };
}

/** A group's members (`group/{id}/<memberPath>`, its export where the server has one). */
export function membersTable(kind: GroupItemKind, groupId: number): TableDeclaration<Row> {
  const path = `group/${groupId}/${kind.memberPath}`;
  return itemDeclaration(kind, `groupMembers-${kind.memberPath}`, path, kind.target === 'phenotypes' ? undefined : `${path}/export`);
}

/** The kind's own table (for the matches of an uploaded list, restricted to their ids). */
const OWN_TABLE: Record<GroupTarget, string> = { germinatebase: 'germplasm/table', markers: 'marker/table', locations: 'location/table', phenotypes: 'trait/table' };

export function itemsTable(kind: GroupItemKind): TableDeclaration<Row> {
  return itemDeclaration(kind, `groupUpload-${kind.memberPath}`, OWN_TABLE[kind.target], undefined);
}
