/**
 * How an export page chooses its germplasm: all, the marked items, germplasm groups of the datasets, or a
 * pasted list of names; and what that choice asks the server for (Germinate's `yIds` / `yGroupIds`).
 * Absent lists mean "no restriction", so a choice that selects nobody is not a request at all: the page
 * says what is missing instead of asking for everything.
 */

export const GERMPLASM_MODES = ['all', 'marked', 'groups', 'list'] as const;
export type GermplasmMode = (typeof GERMPLASM_MODES)[number];

/** The choice as a page keeps it in its state: the mode, the ticked groups and the pasted names. */
export interface GermplasmSelection {
  germplasm: GermplasmMode;
  groups: number[];
  names: string[];
}

/** Why a germplasm choice selects nobody yet. */
export type EmptyReason = 'noMarked' | 'noGroups' | 'noNames' | 'finding' | 'noMatches';

export type GermplasmChoice = { ok: true; yIds: number[] | null; yGroupIds: number[] | null } | { ok: false; reason: EmptyReason };

/** A group of the datasets (`dataset/group`), with its number of members. */
export interface ChoiceGroup {
  groupId: number;
  groupName: string | null;
  count: number;
}

/**
 * The germplasm part of the request: everything, the marked germplasm, the chosen groups, or the ids
 * the pasted names were found under (`listIds`: null while they are being looked up).
 */
export function germplasmChoice(state: GermplasmSelection, marked: readonly number[], listIds: readonly number[] | null): GermplasmChoice {
  switch (state.germplasm) {
    case 'all':
      return { ok: true, yIds: null, yGroupIds: null };
    case 'marked':
      return marked.length > 0 ? { ok: true, yIds: [...marked], yGroupIds: null } : { ok: false, reason: 'noMarked' };
    case 'groups':
      return state.groups.length > 0 ? { ok: true, yIds: null, yGroupIds: [...state.groups] } : { ok: false, reason: 'noGroups' };
    case 'list':
      if (state.names.length === 0) return { ok: false, reason: 'noNames' };
      if (listIds === null) return { ok: false, reason: 'finding' };
      return listIds.length > 0 ? { ok: true, yIds: [...listIds], yGroupIds: null } : { ok: false, reason: 'noMatches' };
  }
}
