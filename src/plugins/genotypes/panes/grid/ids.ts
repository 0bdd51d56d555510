/** The grid's pane type, and the panes of other plugins it opens or is opened from (plugins meet through pane ids). */
export const GRID_PANE = 'genotypes:grid';
export const GRID_ROUTE = '/data/genotypes/grid/:datasetId';
export const PASSPORT_PANE = 'germplasm:passport';
export const DATASET_PANE = 'datasets:details';
