import type { TableDeclaration } from '../../core/table-declaration.js';
import { displayValue } from './compare.js';
import { columnKey, DEFAULT_HIDDEN, GERMPLASM_COLUMNS, germplasmTitle, type GermplasmRow } from './columns.js';

const NUMBERS: ReadonlySet<string> = new Set(['germplasmId', 'entityTypeId', 'entityParentId', 'biologicalStatusId', 'locationId', 'latitude', 'longitude', 'elevation', 'pdci', 'imageCount']);
const BOOLEANS: ReadonlySet<string> = new Set(['hasTrialsData', 'hasGenotypicData', 'hasAllelefreqData', 'hasPedigreeData']);

/** The germplasm table (`germplasm/table`, ViewTableGermplasm): rows open the passport. */
export const germplasmTable: TableDeclaration<GermplasmRow> = {
  id: 'germplasm',
  path: 'germplasm/table',
  exportPath: 'germplasm/table/export',
  exportName: 'germplasm.zip',
  columns: GERMPLASM_COLUMNS.map((id) => ({
    id,
    titleKey: columnKey(id),
    type: NUMBERS.has(id) ? 'number' : BOOLEANS.has(id) ? 'boolean' : id === 'collDate' ? 'date' : 'text',
    hidden: DEFAULT_HIDDEN.includes(id),
  })),
  rowId: (row) => row.germplasmId,
  rowTitle: germplasmTitle,
  markType: 'germplasm',
  open: (row) => ({ type: 'germplasm:passport', params: { germplasmId: String(row.germplasmId) } }),
  cellText: (row, column) => displayValue(row[column]),
};
