import type { PaneProps } from '../../../../shell/pane-api.js';
import { MarkedTablePane } from '../../../../shell/marked/MarkedTablePane.js';
import { PANE } from '../ids.js';
import { locationsTable } from './columns.js';

/** Marked locations (`/marked-items/locations`): the location table restricted to the marked ids. */
export default function MarkedLocationsPane(props: PaneProps) {
  return <MarkedTablePane {...props} type="locations" declaration={locationsTable} idColumn="locationId" paneType={PANE.marked} clearCommand="locations:clear-marked" />;
}
