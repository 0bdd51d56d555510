import { useServices } from '../../../../shell/pane-api.js';
import type { GeoResultsProps } from '../../../../shell/sections.js';
import { GeoResultsTable } from '../../../../shell/table/GeoResultsTable.js';
import { locationsTable } from '../locations/columns.js';

/** The locations a geographic search found, in the location table (x marks). */
export default function LocationResults(props: GeoResultsProps) {
  const { t } = useServices();
  return (
    <GeoResultsTable {...props} entity="location" declaration={locationsTable} stateKey="locationResults" distanceTitleKey="locations.column.distance" label={t('locations.search.locationsFound')} />
  );
}
