import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import type { Filter } from '../../../../core/table-request.js';
import type { ClimateDataRow, ClimateRow } from '../../api-types.js';
import { PANE } from '../ids.js';

/** The climate table's row (`climate/table`) as the shared table reads it. */
export type ClimateTableRow = ClimateRow & Record<string, unknown>;
export type ClimateDataTableRow = ClimateDataRow & Record<string, unknown>;

const column = (prefix: string) => (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `climate.${prefix}.column.${id}`, type, hidden });
const climateColumn = column('climates');
const dataColumn = column('data');

/** The spec's climate fields: id, name, short name, description, unit and data points. */
export const CLIMATE_COLUMNS: readonly TableColumn[] = [
  climateColumn('climateId', 'number'),
  climateColumn('climateName'),
  climateColumn('climateNameShort'),
  climateColumn('climateDescription'),
  climateColumn('unitName'),
  climateColumn('count', 'number'),
];

/** A climate's page. */
export const climatePane = (climateId: number) => ({ type: PANE.climate, params: { climateId: String(climateId) } });

export const byClimateId = (climateId: number): Filter[] => [{ column: 'climateId', comparator: 'equals', operator: 'and', values: [String(climateId)] }];

/** A climate's name with its unit's abbreviation (else its name) in brackets. */
export function climateLabel(row: Pick<ClimateRow, 'climateName' | 'unitAbbreviation' | 'unitName'>): string {
  const unit = row.unitAbbreviation || row.unitName;
  return unit ? `${row.climateName} [${unit}]` : row.climateName;
}

/** Germinate's hidden-columns key of this table is `climates`; Enter opens the climate's page. */
export const climatesTable: TableDeclaration<ClimateTableRow> = {
  id: 'climates',
  path: 'climate/table',
  exportPath: 'climate/table/export',
  exportName: 'climate-table.zip',
  columns: CLIMATE_COLUMNS,
  rowId: (row) => row.climateId,
  rowTitle: (row) => row.climateName || String(row.climateId),
  open: (row) => climatePane(row.climateId),
};

/** The climate data table's columns (Germinate's ViewTableClimateDataWithGroups); ids and codes start hidden. */
export const CLIMATE_DATA_COLUMNS: readonly TableColumn[] = [
  dataColumn('locationId', 'number', true),
  dataColumn('locationName'),
  dataColumn('locationRegion', 'text', true),
  dataColumn('locationState', 'text', true),
  dataColumn('locationType', 'text', true),
  dataColumn('locationLatitude', 'number', true),
  dataColumn('locationLongitude', 'number', true),
  dataColumn('locationElevation', 'number', true),
  dataColumn('countryName'),
  dataColumn('countryCode2', 'text', true),
  dataColumn('countryCode3', 'text', true),
  dataColumn('datasetId', 'number', true),
  dataColumn('datasetName'),
  dataColumn('datasetDescription', 'text', true),
  dataColumn('climateId', 'number', true),
  dataColumn('climateName'),
  dataColumn('climateNameShort', 'text', true),
  dataColumn('climateDataType', 'text', true),
  dataColumn('unitName'),
  dataColumn('recordingDate', 'date'),
  dataColumn('climateValue'),
];

/** Recording dates as the day they name (the server sends midnight UTC of the day); groups by name. */
function dataCellText(row: Record<string, unknown>, key: string): string {
  const value = row[key];
  if (key === 'recordingDate' && typeof value === 'string') return value.slice(0, 10);
  return defaultCellText(value);
}

/**
 * The climate data table (`dataset/data/climate/table`): one row per value, restricted by the request's
 * body (datasets, climates, locations). Germinate's hidden-columns key is `climateData`. Rows mark their
 * location; Enter opens it (the locations plugin's pane, by its type id).
 */
export const climateDataTable: TableDeclaration<ClimateDataTableRow> = {
  id: 'climateData',
  path: 'dataset/data/climate/table',
  exportPath: 'dataset/data/climate/table/export',
  exportName: 'climate-data-table.zip',
  columns: CLIMATE_DATA_COLUMNS,
  rowId: (row) => row.locationId,
  rowTitle: (row) => `${row.locationName ?? row.locationId} · ${row.climateName ?? ''}: ${row.climateValue ?? ''}`,
  markType: 'locations',
  cellText: dataCellText,
};
