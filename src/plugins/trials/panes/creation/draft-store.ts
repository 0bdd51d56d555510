import type { Draft } from './draft.js';

/**
 * The drafts of the wizards opened in this page, by pane key. A pane that is drawn again (its tile moved,
 * split or maximised) finds its draft; a wizard closed or replaced with unsaved changes leaves its draft
 * here, and the next wizard offers to bring it back: the workspace cannot yet ask before it closes a pane.
 */
const drafts = new Map<string, Draft>();

export function storedDraft(paneKey: string): Draft | undefined {
  return drafts.get(paneKey);
}

export function storeDraft(paneKey: string, draft: Draft): void {
  drafts.set(paneKey, draft);
}

export function dropDraft(paneKey: string): void {
  drafts.delete(paneKey);
}

/** An unsaved draft whose wizard is no longer open (the newest such), or null. */
export function orphanedDraft(isOpenWizard: (paneKey: string) => boolean, except: string): { paneKey: string; draft: Draft } | null {
  let found: { paneKey: string; draft: Draft } | null = null;
  for (const [paneKey, draft] of drafts) {
    if (paneKey === except || !draft.dirty || isOpenWizard(paneKey)) continue;
    found = { paneKey, draft };
  }
  return found;
}
