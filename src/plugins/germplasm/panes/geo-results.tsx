import { useServices } from '../../../shell/pane-api.js';
import type { GeoResultsProps } from '../../../shell/sections.js';
import { GeoResultsTable } from '../../../shell/table/GeoResultsTable.js';
import { columnKey } from '../columns.js';
import { germplasmTable } from '../table-declaration.js';

/** The germplasm a geographic search found, in the germplasm table (x marks, Enter opens the passport). */
export default function GermplasmGeoResults(props: GeoResultsProps) {
  const { t } = useServices();
  return (
    <GeoResultsTable {...props} entity="germplasm" declaration={germplasmTable} stateKey="germplasmResults" distanceTitleKey={columnKey('distance')} label={t('germplasm.geoResults.title')} />
  );
}
