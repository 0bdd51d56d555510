import { useMemo } from 'react';
import { geoSearchRequest } from '../../core/geo-search.js';
import { defaultCellText, type TableDeclaration } from '../../core/table-declaration.js';
import type { GeoResultsProps } from '../sections.js';
import { TableView } from './TableView.js';

/**
 * A domain's table restricted to a geographic search (a section of the geographic search pane): its rows by
 * distance from the point, nearest first with the distance in km as the first column, or inside the polygon;
 * marking, opening and export as the table's own. The table's view state lives under `stateKey` of the pane's.
 */
export function GeoResultsTable<R extends Record<string, unknown>>(
  props: GeoResultsProps & { entity: 'germplasm' | 'location'; declaration: TableDeclaration<R>; stateKey: string; distanceTitleKey: string; label: string },
) {
  const { declaration, search, entity, distanceTitleKey } = props;
  const request = useMemo(() => geoSearchRequest(entity, search), [entity, search]);
  const byPoint = search.kind === 'point';
  const restricted = useMemo(
    (): TableDeclaration<R> => ({
      ...declaration,
      path: request.path,
      exportPath: `${request.path}/export`,
      columns: byPoint ? [{ id: 'distance', titleKey: distanceTitleKey, type: 'number' }, ...declaration.columns] : declaration.columns,
      // Kilometres to the metre are plenty (the file keeps the full figure).
      cellText: (row, column) =>
        column === 'distance' && typeof row.distance === 'number'
          ? row.distance.toFixed(3)
          : declaration.cellText
            ? declaration.cellText(row, column)
            : defaultCellText(row[column]),
    }),
    [declaration, request.path, byPoint, distanceTitleKey],
  );
  const tableState = (props.state[props.stateKey] ?? (byPoint ? { orderBy: 'distance', ascending: true } : {})) as Record<string, unknown>;
  return (
    <TableView
      declaration={restricted}
      paneKey={props.paneKey}
      state={tableState}
      setState={(next) => props.setState({ ...props.state, [props.stateKey]: next })}
      body={request.body}
      fixed={request.fixed}
      label={props.label}
    />
  );
}
