/**
 * The germplasm table's columns: the row keys of Germinate's ViewTableGermplasm in the server's order.
 * `hasCompoundData` is never filled by the server, so it is not offered.
 */
export const GERMPLASM_COLUMNS = [
  'germplasmId',
  'germplasmName',
  'germplasmDisplayName',
  'germplasmGid',
  'germplasmNumber',
  'germplasmPuid',
  'entityTypeId',
  'entityTypeName',
  'entityParentId',
  'entityParentName',
  'entityParentGeneralIdentifier',
  'biologicalStatusId',
  'biologicalStatusName',
  'synonyms',
  'collectorNumber',
  'genus',
  'species',
  'subtaxa',
  'institutions',
  'locationId',
  'location',
  'latitude',
  'longitude',
  'elevation',
  'countryName',
  'countryCode',
  'collDate',
  'pdci',
  'imageCount',
  'firstImagePath',
  'hasTrialsData',
  'hasGenotypicData',
  'hasAllelefreqData',
  'hasPedigreeData',
] as const;
export type GermplasmColumn = (typeof GERMPLASM_COLUMNS)[number];

/** Hidden until the user shows them: ids and paths that help machines more than readers. */
export const DEFAULT_HIDDEN: readonly GermplasmColumn[] = [
  'entityTypeId',
  'entityParentId',
  'entityParentGeneralIdentifier',
  'biologicalStatusId',
  'locationId',
  'firstImagePath',
  'imageCount',
  'hasAllelefreqData',
];

/** Key of a column's translated header. */
export function columnKey(column: string): string {
  return `germplasm.column.${column}`;
}

/** The row as ViewTableGermplasm sends it; every field may be absent. */
export type GermplasmRow = { germplasmId: number } & Partial<Record<GermplasmColumn, unknown>> & Record<string, unknown>;

/** Title of a germplasm: name / display name / number, non-empty parts only. */
export function germplasmTitle(row: Record<string, unknown>): string {
  const parts = [row.germplasmName, row.germplasmDisplayName, row.germplasmNumber]
    .filter((v): v is string | number => (typeof v === 'string' && v !== '') || typeof v === 'number')
    .map(String);
  return [...new Set(parts)].join(' / ');
}

/** The hidden columns of a table: the user's choice, else the server's setting, else ours. */
export function hiddenColumns(
  stored: readonly string[] | undefined,
  fromSettings: readonly string[] | undefined,
): string[] {
  return [...(stored ?? fromSettings ?? DEFAULT_HIDDEN)];
}
