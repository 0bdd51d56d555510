import type { Draft } from './draft.js';

/**
 * The drafts of the wizards opened in this page, by pane key. A pane that is drawn again (its tile moved,
 * split or maximised) finds its draft, and so does a wizard that comes back under its key after the
 * session ended and the pane was refused meanwhile (no one was asked, so nothing was meant to be lost).
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
