/**
 * Marked items and recently visited items: plain list logic on the
 * lists held by the client state. Functions mutate the given object so they work on a valtio proxy;
 * they replace a list in one assignment, so subscribers see one change per call.
 */

// Germinate marks germplasm, markers and locations; datasets are marked in their table here too.
export const MARKABLE_TYPES = ['germplasm', 'markers', 'locations', 'datasets', 'traits'] as const;
export type MarkableType = (typeof MARKABLE_TYPES)[number];
export type MarkedIds = Record<MarkableType, number[]>;

export const RECENT_TYPES = ['germplasm', 'markers'] as const;
export type RecentType = (typeof RECENT_TYPES)[number];
export type RecentIds = Record<RecentType, number[]>;

/** Up to 10 recent ids are kept per type. */
export const MAX_RECENT = 10;

/** Database ids are positive integers; anything else is not an item and is ignored. */
export function isItemId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Adds ids not yet marked, keeping the existing order; marking twice changes nothing. */
export function addMarked(marked: MarkedIds, type: MarkableType, ids: Iterable<number>): void {
  const current = marked[type];
  const seen = new Set(current);
  const added: number[] = [];
  for (const id of ids) {
    if (isItemId(id) && !seen.has(id)) {
      seen.add(id);
      added.push(id);
    }
  }
  if (added.length > 0) marked[type] = [...current, ...added];
}

export function removeMarked(marked: MarkedIds, type: MarkableType, ids: Iterable<number>): void {
  const drop = new Set(ids);
  const current = marked[type];
  const kept = current.filter((id) => !drop.has(id));
  if (kept.length !== current.length) marked[type] = kept;
}

export function clearMarked(marked: MarkedIds, type: MarkableType): void {
  if (marked[type].length > 0) marked[type] = [];
}

/** Marks an unmarked id or unmarks a marked one; returns whether it is marked afterwards. */
export function toggleMarked(marked: MarkedIds, type: MarkableType, id: number): boolean {
  if (hasMarked(marked, type, id)) {
    removeMarked(marked, type, [id]);
    return false;
  }
  addMarked(marked, type, [id]);
  return hasMarked(marked, type, id);
}

export function hasMarked(marked: MarkedIds, type: MarkableType, id: number): boolean {
  return marked[type].includes(id);
}

/**
 * Puts id first, removing an earlier visit, and keeps at most MAX_RECENT. The old client appended and
 * never moved a revisited id; most-recent-first is what a "recent" list in the palette needs.
 */
export function pushRecentId(recent: RecentIds, type: RecentType, id: number): void {
  if (!isItemId(id)) return;
  const current = recent[type];
  if (current[0] === id) return;
  recent[type] = [id, ...current.filter((other) => other !== id)].slice(0, MAX_RECENT);
}
