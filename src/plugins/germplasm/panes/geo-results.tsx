import { useMemo } from 'react';
import { geoSearchRequest } from '../../../core/geo-search.js';
import type { TableDeclaration } from '../../../core/table-declaration.js';
import { useServices } from '../../../shell/pane-api.js';
import type { GeoResultsProps } from '../../../shell/sections.js';
import { TableView } from '../../../shell/table/TableView.js';
import { columnKey, type GermplasmRow } from '../columns.js';
import { germplasmTable } from '../table-declaration.js';

const STATE_KEY = 'germplasmResults';

/**
 * The germplasm a geographic search found, in the germplasm table (x marks, Enter opens the passport): by
 * distance from the point, with the distance in km as the first column, or inside the polygon.
 */
export default function GermplasmGeoResults(props: GeoResultsProps) {
  const { t } = useServices();
  const request = useMemo(() => geoSearchRequest('germplasm', props.search), [props.search]);
  const byPoint = props.search.kind === 'point';
  const declaration = useMemo(
    (): TableDeclaration<GermplasmRow> => ({
      ...germplasmTable,
      path: request.path,
      exportPath: `${request.path}/export`,
      exportName: 'germplasm-geographic-search.zip',
      columns: byPoint ? [{ id: 'distance', titleKey: columnKey('distance'), type: 'number' }, ...germplasmTable.columns] : germplasmTable.columns,
    }),
    [request.path, byPoint],
  );
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
      label={t('germplasm.geoResults.title')}
    />
  );
}
