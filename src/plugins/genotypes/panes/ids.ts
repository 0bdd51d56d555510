/** The genotypes plugin's pane types (other plugins open them by these ids: plugins meet through pane ids). */
export const PANE = {
  markers: 'genotypes:markers',
  marker: 'genotypes:marker',
  maps: 'genotypes:maps',
  map: 'genotypes:map',
  marked: 'genotypes:marked',
} as const;

/** Panes of other plugins these panes open. */
export const OTHER_PANE = {
  dataset: 'datasets:details',
} as const;
