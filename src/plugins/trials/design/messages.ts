/**
 * Problems the trial designer and the layout and fieldbook readers find, as locale keys with the values
 * their texts name ({line}, {value}, …): the wizard shows them in the user's language, and the keys stay
 * stable for tests. Every key has an en_GB and a de_DE text.
 */
export const DESIGN_MESSAGES = {
  noEntries: 'trials.design.designer.noEntries',
  duplicateEntry: 'trials.design.designer.duplicateEntry',
  checkIsEntry: 'trials.design.designer.checkIsEntry',
  replicates: 'trials.design.designer.replicates',
  unreplicated: 'trials.design.designer.unreplicated',
  fieldSize: 'trials.design.designer.fieldSize',
  seed: 'trials.design.designer.seed',
  tooFewCells: 'trials.design.designer.tooFewCells',
  tooManyPlots: 'trials.design.tooManyPlots',
  layoutEmpty: 'trials.design.layout.empty',
  layoutMissingHeaders: 'trials.design.layout.missingHeaders',
  fieldbookRequired: 'trials.design.fieldbook.required',
  fieldbookExtraFields: 'trials.design.fieldbook.extraFields',
  missingGermplasm: 'trials.design.line.missingGermplasm',
  rowMissing: 'trials.design.line.rowMissing',
  rowNotNumber: 'trials.design.line.rowNotNumber',
  columnMissing: 'trials.design.line.columnMissing',
  columnNotNumber: 'trials.design.line.columnNotNumber',
  plotNotNumber: 'trials.design.line.plotNotNumber',
  duplicateCell: 'trials.design.line.duplicateCell',
  unclosedQuote: 'trials.design.line.unclosedQuote',
} as const;

export type DesignMessageKey = (typeof DESIGN_MESSAGES)[keyof typeof DESIGN_MESSAGES];

/** One problem: a locale key and the values its text names. */
export interface DesignMessage {
  key: DesignMessageKey;
  values?: Record<string, string | number>;
}

export function message(key: DesignMessageKey, values?: Record<string, string | number>): DesignMessage {
  return values === undefined ? { key } : { key, values };
}
