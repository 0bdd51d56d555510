import type { PaneProps } from '../../../../shell/pane-api.js';
import { MarkedTablePane } from '../../../../shell/marked/MarkedTablePane.js';
import { PANE } from '../ids.js';
import { markersTable } from './columns.js';

/** Marked markers (`/marked-items/markers`): the marker table restricted to the marked ids. */
export default function MarkedMarkersPane(props: PaneProps) {
  return <MarkedTablePane {...props} type="markers" declaration={markersTable} idColumn="markerId" paneType={PANE.marked} clearCommand="genotypes:clear-marked" />;
}
