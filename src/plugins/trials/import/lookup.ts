import type { TrialsDb } from './bulk.js';

export type GermplasmMatch = { id: number } | { error: 'GENERIC_INVALID_GERMPLASM' | 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' };

/**
 * Germinate's germplasm lookup (import-rules §0.6): the name (ACCENUMB) first, then the display name, both
 * ignoring case; a display name shared by several germplasm is ambiguous. Loaded once per check/write.
 */
export class GermplasmLookup {
  private readonly byName = new Map<string, number>();
  /** display name → id, or -1 when several germplasm share it */
  private readonly byDisplay = new Map<string, number>();

  static async load(db: TrialsDb): Promise<GermplasmLookup> {
    const lookup = new GermplasmLookup();
    const rows = await db.selectFrom('germinatebase').select(['id', 'name', 'display_name']).orderBy('id').execute();
    for (const row of rows) {
      const name = row.name.toLowerCase();
      // The lowest id wins when names repeat (names are unique by import rule, not by constraint).
      if (!lookup.byName.has(name)) lookup.byName.set(name, row.id);
      const display = row.display_name.toLowerCase();
      const seen = lookup.byDisplay.get(display);
      lookup.byDisplay.set(display, seen === undefined || seen === row.id ? row.id : -1);
    }
    return lookup;
  }

  find(text: string): GermplasmMatch {
    const key = text.toLowerCase();
    const id = this.byName.get(key);
    if (id !== undefined) return { id };
    const display = this.byDisplay.get(key);
    if (display === undefined) return { error: 'GENERIC_INVALID_GERMPLASM' };
    if (display === -1) return { error: 'GENERIC_DISPLAY_NAME_USED_BUT_NOT_UNIQUE' };
    return { id: display };
  }

  /** The id, or null when the lookup fails (the check step reported it). */
  id(text: string): number | null {
    const match = this.find(text);
    return 'id' in match ? match.id : null;
  }
}
