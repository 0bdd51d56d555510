/** The locations plugin's pane types (other plugins open them by these ids: plugins meet through pane ids). */
export const PANE = {
  locations: 'locations:locations',
  search: 'locations:geographic-search',
  marked: 'locations:marked',
} as const;


/** The geographic search pane's commands that its buttons run (their keys work while the pane has the focus). */
export const SEARCH_COMMANDS = {
  run: 'locations:run-geographic-search',
  add: 'map:add-at-centre',
  remove: 'map:remove-last',
  close: 'map:close-polygon',
  clear: 'locations:clear-geographic-search',
} as const;
