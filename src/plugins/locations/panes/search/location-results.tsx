import { useMemo } from 'react';
import { geoSearchRequest } from '../../../../core/geo-search.js';
import type { TableDeclaration } from '../../../../core/table-declaration.js';
import type { GeoResultsProps } from '../../../../shell/sections.js';
import { useServices } from '../../../../shell/pane-api.js';
import { TableView } from '../../../../shell/table/TableView.js';
import { LOCATION_COLUMNS, locationsTable, type LocationRow } from '../locations/columns.js';

const STATE_KEY = 'locationResults';

const withDistance: TableDeclaration<LocationRow>['columns'] = [{ id: 'distance', titleKey: 'locations.column.distance', type: 'number' }, ...LOCATION_COLUMNS];

/**
 * The locations a geographic search found, in the location table (marking with x): by distance from the
 * point (the distance in km its first column) or inside the polygon.
 */
export default function LocationResults(props: GeoResultsProps) {
  const { t } = useServices();
  const request = useMemo(() => geoSearchRequest('location', props.search), [props.search]);
  const byPoint = props.search.kind === 'point';
  const declaration = useMemo((): TableDeclaration<LocationRow> => ({ ...locationsTable, path: request.path, exportPath: `${request.path}/export`, exportName: 'locations-geographic-search.zip', columns: byPoint ? withDistance : LOCATION_COLUMNS }), [request.path, byPoint]);
  // A point's results come nearest first.
  const tableState = (props.state[STATE_KEY] ?? (byPoint ? { orderBy: 'distance', ascending: true } : {})) as Record<string, unknown>;
  return (
    <TableView
      declaration={declaration}
      paneKey={props.paneKey}
      state={tableState}
      setState={(next) => props.setState({ ...props.state, [STATE_KEY]: next })}
      body={request.body}
      fixed={request.fixed}
      label={t('locations.search.locationsFound')}
    />
  );
}
