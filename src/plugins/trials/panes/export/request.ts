/**
 * Germinate's SubsettedDatasetRequest as the trials export sends it to every call (box plots, counts,
 * data rows, the download): the datasets, the traits (x) and the germplasm (y: ids, or groups). Absent
 * lists mean "no restriction"; the germplasm part is the shared choice of the export pages
 * (src/shell/export/germplasm-choice.ts), asked for only once it selects someone.
 */

export interface Subset {
  datasetIds: number[];
  xIds: number[] | null;
  xGroupIds: null;
  yIds: number[] | null;
  yGroupIds: number[] | null;
}

/** The request for the datasets, the given traits (none: every trait) and a germplasm choice that selects. */
export function subsetRequest(datasetIds: readonly number[], traits: readonly number[], choice: { yIds: number[] | null; yGroupIds: number[] | null }): Subset {
  return {
    datasetIds: [...datasetIds],
    xIds: traits.length > 0 ? [...traits] : null,
    xGroupIds: null,
    yIds: choice.yIds,
    yGroupIds: choice.yGroupIds,
  };
}

/**
 * The download's file name, as Germinate's page saves it: `trials-dataset-<id-id-…>.txt` or `.xlsx`; ISA-Tab
 * (a zip of the investigation, study, assay and data files) `trials-dataset-<id-id-…>-isatab.zip`.
 */
export function downloadName(datasetIds: readonly number[], format: 'tab' | 'xlsx' | 'isatab'): string {
  const base = `trials-dataset-${datasetIds.join('-')}`;
  return format === 'isatab' ? `${base}-isatab.zip` : `${base}.${format === 'xlsx' ? 'xlsx' : 'txt'}`;
}
