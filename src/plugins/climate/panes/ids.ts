/** The climate plugin's pane types. */
export const PANE = {
  climates: 'climate:climates',
  climate: 'climate:climate',
} as const;

/** The export pane of climate datasets (the datasets plugin's shared export pane, by its type id). */
export const EXPORT_PANE = 'datasets:export-climate';
