import { defaultCellText, type TableColumn, type TableDeclaration } from '../../../../core/table-declaration.js';
import { MARKABLE_TYPES, type MarkableType } from '../../../../core/marked-items.js';
import { PANE } from '../ids.js';
import { restrictionsText, type TraitRestrictions } from './restrictions.js';

/** Germinate's trait data types. */
export const TRAIT_DATA_TYPES = ['numeric', 'categorical', 'text', 'date'] as const;
export type TraitDataType = (typeof TRAIT_DATA_TYPES)[number];

export function isTraitDataType(value: unknown): value is TraitDataType {
  return TRAIT_DATA_TYPES.some((type) => type === value);
}

/** A row of the traits table: Germinate's ViewTableTraits (`trait/table`) under Germinate's names. */
export interface TraitRow extends Record<string, unknown> {
  traitId: number;
  traitName: string;
  traitNameShort?: string | null;
  traitDescription?: string | null;
  dataType?: string | null;
  traitRestrictions?: TraitRestrictions | null;
  traitSetSize?: number | null;
  traitIsTimeseries?: boolean | null;
  categoryId?: number | null;
  categoryName?: string | null;
  categoryDescription?: string | null;
  unitId?: number | null;
  unitName?: string | null;
  unitDescription?: string | null;
  unitAbbreviation?: string | null;
  synonyms?: string[] | null;
  /** The datasets with values of the trait that the caller may read. */
  datasetIds?: number[] | null;
  /** The number of values (data points) of the trait in those datasets. */
  count?: number | null;
}

/**
 * The marked-items list traits go to, once the marked items know traits; until then trait rows cannot be
 * marked and the unify dialog lets the administrator pick the traits itself.
 */
export const TRAIT_MARK_TYPE: MarkableType | undefined = MARKABLE_TYPES.find((type: string) => type === 'traits');

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `trials.traits.column.${id}`, type, hidden });

/** The spec's trait columns, in its order. */
export const TRAIT_COLUMNS: readonly TableColumn[] = [
  column('traitId', 'number'),
  column('traitName'),
  column('traitNameShort'),
  column('traitDescription'),
  column('dataType'),
  column('traitRestrictions'),
  column('categoryName'),
  column('synonyms', 'list'),
  column('unitName'),
  column('unitDescription', 'text', true),
  column('unitAbbreviation'),
  column('traitIsTimeseries', 'boolean'),
  column('traitSetSize', 'number', true),
  column('datasetIds', 'list'),
  column('count', 'number'),
];

/** The number of datasets a row names. */
export function datasetCount(row: Pick<TraitRow, 'datasetIds'>): number {
  return Array.isArray(row.datasetIds) ? row.datasetIds.length : 0;
}

/** The trait's name with its unit's abbreviation (or name) in brackets, as headings and charts name it. */
export function traitTitle(row: Pick<TraitRow, 'traitName' | 'traitId' | 'unitAbbreviation' | 'unitName'>): string {
  const name = row.traitName || String(row.traitId);
  const unit = row.unitAbbreviation || row.unitName;
  return unit ? `${name} [${unit}]` : name;
}

/** What the translated cells need: the data type's name in the reader's language. */
export interface TraitCellTexts {
  dataType(type: string): string;
}

/** A cell's text: restrictions read as "0–200" or "red, white", the datasets as their number. */
export function traitCell(row: TraitRow, key: string, texts?: TraitCellTexts): string {
  if (key === 'traitRestrictions') return restrictionsText(row.traitRestrictions);
  if (key === 'datasetIds') return String(datasetCount(row));
  if (key === 'dataType' && typeof row.dataType === 'string') return texts ? texts.dataType(row.dataType) : row.dataType;
  return defaultCellText(row[key]);
}

export const traitsTable: TableDeclaration<TraitRow> = {
  id: 'traits',
  path: 'trait/table',
  exportPath: 'trait/table/export',
  exportName: 'traits.zip',
  columns: TRAIT_COLUMNS,
  rowId: (row) => row.traitId,
  rowTitle: (row) => row.traitName || String(row.traitId),
  ...(TRAIT_MARK_TYPE ? { markType: TRAIT_MARK_TYPE } : {}),
  open: (row) => ({ type: PANE.trait, params: { traitId: String(row.traitId) } }),
  cellText: (row, key) => traitCell(row, key),
};
