import { designTrial, type DesignResult } from '../../design/designer.js';
import type { DesignMessage } from '../../design/messages.js';
import type { DesignedPlot, LayoutPlot } from '../../design/plot.js';
import { EMPTY_CHOICE, type DatasetChoice } from './dataset-form.js';

/**
 * The trial being created, step by step: the germplasm (some of them checks), the layout (the built-in
 * designer's or a layout file of the external field-design tool) and, once saved, where it went. Pure
 * state and rules; the pane keeps one draft per open wizard.
 */

export const STEPS = ['germplasm', 'design', 'collect'] as const;
export type StepId = (typeof STEPS)[number];

/** A chosen germplasm; checks are repeated in every block of the design. */
export interface Entry {
  id: number;
  name: string;
  isCheck: boolean;
}

/** The designer's fields as typed (text, so that a half-typed number is kept as it is). */
export interface DesignerFields {
  design: 'rcbd' | 'unreplicated';
  replicates: string;
  rows: string;
  columns: string;
  serpentine: boolean;
  seed: string;
}

export type DesignSource = 'designer' | 'file';

/** A read layout file: its name, its plots and the problems found in it. */
export interface LayoutFile {
  name: string;
  plots: LayoutPlot[];
  problems: DesignMessage[];
}

/** A layout saved to a dataset (plots: how many were written). */
export interface SavedTrial {
  datasetId: number;
  datasetName: string;
  plots: number;
}

export interface Draft {
  step: StepId;
  entries: Entry[];
  source: DesignSource;
  designer: DesignerFields;
  file: LayoutFile | null;
  /** Where it is saved. */
  choice: DatasetChoice;
  saved: SavedTrial | null;
  /** Changed since it was started or last saved: leaving asks first. */
  dirty: boolean;
}

/**
 * Work that leaving would lose: changed since it was started or saved, with something chosen (a wizard
 * emptied again, or one whose fields alone were touched, has nothing worth a question).
 */
export function hasUnsavedWork(draft: Draft): boolean {
  return draft.dirty && (draft.entries.length > 0 || draft.file !== null);
}

/** A seed for a new draft: any whole number will do; the user may type their own to repeat a layout. */
export function newSeed(random: () => number = Math.random): string {
  return String(Math.floor(random() * 1_000_000) + 1);
}

export function emptyDraft(seed: string = newSeed()): Draft {
  return {
    step: 'germplasm',
    entries: [],
    source: 'designer',
    designer: { design: 'rcbd', replicates: '2', rows: '', columns: '', serpentine: false, seed },
    file: null,
    choice: EMPTY_CHOICE,
    saved: null,
    dirty: false,
  };
}

/** Adds germplasm not yet chosen (by id), keeping the order: the ones already there first. */
export function addEntries(entries: readonly Entry[], added: readonly { id: number; name: string }[]): Entry[] {
  const ids = new Set(entries.map((e) => e.id));
  const out = [...entries];
  for (const g of added) {
    if (ids.has(g.id)) continue;
    ids.add(g.id);
    out.push({ id: g.id, name: g.name, isCheck: false });
  }
  return out;
}

/** A whole number typed into a field, or NaN (the designer says what is wrong with it). */
export function wholeNumber(text: string): number {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Plots one field of the design holds: a block per replicate (one for an unreplicated design). */
export function plotsNeeded(entries: readonly Entry[], fields: DesignerFields): number {
  const blocks = fields.design === 'unreplicated' ? 1 : wholeNumber(fields.replicates);
  return Number.isFinite(blocks) ? entries.length * blocks : entries.length;
}

/**
 * A field shape that holds the design: about square, never wider than one block, so that a block starts
 * on a new row when the block size allows it.
 */
export function fittedField(needed: number, blockSize: number): { rows: number; columns: number } {
  if (needed <= 0) return { rows: 1, columns: 1 };
  const columns = Math.max(1, Math.min(blockSize, Math.ceil(Math.sqrt(needed))));
  return { rows: Math.ceil(needed / columns), columns };
}

/** The built-in designer's layout of the draft. */
export function designOf(draft: Pick<Draft, 'entries' | 'designer'>): DesignResult {
  const f = draft.designer;
  return designTrial({
    entries: draft.entries.filter((e) => !e.isCheck).map((e) => e.name),
    checks: draft.entries.filter((e) => e.isCheck).map((e) => e.name),
    design: f.design,
    replicates: f.design === 'unreplicated' ? 1 : wholeNumber(f.replicates),
    rows: wholeNumber(f.rows),
    columns: wholeNumber(f.columns),
    serpentine: f.serpentine,
    seed: Number.isSafeInteger(Number(f.seed)) && f.seed.trim() !== '' ? Number(f.seed) : Number.NaN,
  });
}

/** The layout the draft would save, or null while it has none that can be saved. */
export function layoutOf(draft: Draft, design: DesignResult): readonly (DesignedPlot | LayoutPlot)[] | null {
  if (draft.source === 'designer') return design.ok ? design.plots : null;
  return draft.file && draft.file.problems.length === 0 && draft.file.plots.length > 0 ? draft.file.plots : null;
}

/** Why a step cannot be left forwards (a locale key), or null when it can. */
export function blockedAt(draft: Draft, design: DesignResult): string | null {
  if (draft.step === 'germplasm') {
    if (draft.entries.length === 0) return 'trials.creation.germplasm.needSome';
    if (draft.entries.every((e) => e.isCheck)) return 'trials.creation.germplasm.needEntry';
    return null;
  }
  if (draft.step === 'design') {
    if (layoutOf(draft, design) !== null) return null;
    return draft.source === 'designer' ? 'trials.creation.design.fixDesign' : 'trials.creation.design.needFile';
  }
  return 'trials.creation.lastStep';
}

export function stepIndex(step: StepId): number {
  return STEPS.indexOf(step);
}

/**
 * The draft moved one step forwards or backwards; the same draft when there is no such step or the
 * current step is not complete (forwards only: going back is always allowed). Entering the design step
 * with an empty field size fits the field to the design.
 */
export function moved(draft: Draft, delta: 1 | -1, design: DesignResult): Draft {
  const index = stepIndex(draft.step) + delta;
  if (index < 0 || index >= STEPS.length) return draft;
  if (delta === 1 && blockedAt(draft, design) !== null) return draft;
  const step = STEPS[index];
  if (step === 'design' && (draft.designer.rows.trim() === '' || draft.designer.columns.trim() === '')) {
    const blockSize = draft.entries.length;
    const field = fittedField(plotsNeeded(draft.entries, draft.designer), blockSize);
    return { ...draft, step, designer: { ...draft.designer, rows: String(field.rows), columns: String(field.columns) } };
  }
  return { ...draft, step };
}

/** The names of the layout's germplasm that are checks (for highlighting a layout file's plots). */
export function checkNames(entries: readonly Entry[]): Set<string> {
  return new Set(entries.filter((e) => e.isCheck).map((e) => e.name.toLowerCase()));
}
