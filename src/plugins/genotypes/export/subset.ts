import type { Footer } from '../storage/matrix-format.js';
import type { MarkerPlace } from './hapmap-writer.js';
import type { IdentifierRow } from './identifiers-file.js';
import type { MapColumns } from './map-file.js';

/** The dataset's germplasm members (by id, ascending) as the database knows them, in parallel columns. */
export interface GermplasmMembers {
  /** Their germinatebase ids (absent where a caller built the members without them). */
  ids?: number[];
  names: string[];
  displayNames: string[];
  /** What the files call each germplasm: its display name, else its name. */
  labels: string[];
  /** Whether the request selects each member; null when it selects every germplasm. */
  selected: boolean[] | null;
  /** Each member's extra identifiers (null: none to list). */
  identifiers: (IdentifierRow | null)[];
}

/** The part of the matrix an export writes, in file order. */
export interface Subset {
  rows: number[];
  /** The member (index into GermplasmMembers) of each row. */
  members: number[];
  labels: string[];
  identifiers: IdentifierRow[];
  columns: number[];
  markers: string[];
  places: MarkerPlace[];
}

/**
 * Which member each row of a stored file is, deciding row by row in file order: a member as the import
 * matched it (its name without regard to case, the lowest id among equal names, else a display name only
 * one member has), selected by the request, and the first row of that member; -1 for a row left out.
 */
export function memberChoice(members: GermplasmMembers): (rowName: string) => number {
  const byName = new Map<string, number>();
  const byDisplay = new Map<string, number>();
  members.names.forEach((name, m) => {
    const key = name.toLowerCase();
    if (!byName.has(key)) byName.set(key, m);
    const display = members.displayNames[m].toLowerCase();
    if (display === '') return;
    byDisplay.set(display, byDisplay.has(display) ? -1 : m);
  });
  const taken = new Set<number>();
  return (rowName) => {
    const key = rowName.toLowerCase();
    const m = byName.get(key) ?? byDisplay.get(key) ?? -1;
    if (m < 0 || taken.has(m) || (members.selected && !members.selected[m])) return -1;
    taken.add(m);
    return m;
  };
}

/** Each marker's first definition on the chosen map, by marker name without regard to case. */
function placesByMarker(map: MapColumns | null): Map<string, MarkerPlace> {
  const places = new Map<string, MarkerPlace>();
  if (!map) return places;
  map.markers.forEach((marker, i) => {
    const key = marker.toLowerCase();
    if (!places.has(key)) places.set(key, { chromosome: map.chromosomes[i], position: map.starts[i] });
  });
  return places;
}

/**
 * The rows and columns of the matrix to export, ascending (the readers' order): the selected germplasm
 * members and, of the markers, those named by `markers` (matched without regard to case; null = all).
 */
export function subsetOf(footer: Pick<Footer, 'rowNames' | 'columnNames'>, germplasm: GermplasmMembers, markers: readonly string[] | null, map: MapColumns | null): Subset {
  const memberOf = memberChoice(germplasm);
  const rows: number[] = [];
  const members: number[] = [];
  const labels: string[] = [];
  const identifiers: IdentifierRow[] = [];
  footer.rowNames.forEach((name, row) => {
    const m = memberOf(name);
    if (m < 0) return;
    rows.push(row);
    members.push(m);
    labels.push(germplasm.labels[m]);
    const extra = germplasm.identifiers[m];
    if (extra) identifiers.push(extra);
  });
  const wanted = markers ? new Set(markers.map((name) => name.toLowerCase())) : null;
  const places = placesByMarker(map);
  const subset: Subset = { rows, members, labels, identifiers, columns: [], markers: [], places: [] };
  footer.columnNames.forEach((name, column) => {
    const key = name.toLowerCase();
    if (wanted && !wanted.has(key)) return;
    subset.columns.push(column);
    subset.markers.push(name);
    subset.places.push(places.get(key) ?? null);
  });
  return subset;
}
