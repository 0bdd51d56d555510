import { defaultCellText, type TableColumn, type TableDeclaration } from '../../core/table-declaration.js';

/**
 * The search page's result sections: each an existing table endpoint of another domain, asked over the API
 * with the term on its searchable columns (Germinate's TABLE_COLUMNS_…_SEARCHABLE, less the columns no index
 * serves where the table grows large). The rows' layout is declared here, as plugins never import each other;
 * panes are opened by their type ids (data, as in the URL).
 */

export type SearchRow = Record<string, unknown>;

export interface SearchSection {
  /** The section's id, also its key in the pane's state and the search type's value. */
  id: SectionId;
  titleKey: string;
  declaration: TableDeclaration<SearchRow>;
  /** The columns the term is searched in (`contains`, joined by 'or'). */
  searchColumns: readonly string[];
  /** Of those, the names and numbers: searched in every spelling of a genebank number (term.ts). */
  variantColumns: readonly string[];
}

/** Germinate's search types, "all data" first. */
export const SECTION_IDS = ['germplasm', 'germplasmAttributes', 'trials', 'mapDefinitions', 'datasets', 'datasetAttributes', 'pedigree', 'locations'] as const;
export type SectionId = (typeof SECTION_IDS)[number];
export type SearchType = 'all' | SectionId;
export const SEARCH_TYPES: readonly SearchType[] = ['all', ...SECTION_IDS];

const column = (id: string, type: TableColumn['type'] = 'text', hidden = false): TableColumn => ({ id, titleKey: `search.column.${id}`, type, hidden });
const text = (value: unknown) => defaultCellText(value);
const idOf = (value: unknown) => Number(value);
const named = (name: unknown, id: unknown) => text(name) || String(id ?? '');
/** A germplasm as people know it: name, display name and number, each once. */
const germplasmTitle = (row: SearchRow) => [...new Set([row.germplasmName, row.germplasmDisplayName, row.germplasmNumber].map(text).filter(Boolean))].join(' / ') || String(row.germplasmId);

const passport = (id: unknown) => ({ type: 'germplasm:passport', params: { germplasmId: String(id) } });
const dataset = (id: unknown) => ({ type: 'datasets:details', params: { datasetId: String(id) } });

const GERMPLASM_NAMES = ['germplasmName', 'germplasmDisplayName', 'germplasmGid'];

export const SECTIONS: readonly SearchSection[] = [
  {
    id: 'germplasm',
    titleKey: 'search.section.germplasm',
    // Every column here has a trigram index (the germplasm view's `searched` columns and synonyms).
    searchColumns: [...GERMPLASM_NAMES, 'germplasmNumber', 'synonyms'],
    variantColumns: [...GERMPLASM_NAMES, 'germplasmNumber', 'synonyms'],
    declaration: {
      id: 'searchGermplasm',
      path: 'germplasm/table',
      exportPath: 'germplasm/table/export',
      exportName: 'germplasm.zip',
      columns: [
        column('germplasmId', 'number', true),
        column('germplasmName'),
        column('germplasmGid'),
        column('germplasmNumber'),
        column('germplasmPuid'),
        column('synonyms', 'list'),
        column('genus'),
        column('species'),
        column('countryName'),
        column('biologicalStatusName', 'text', true),
      ],
      rowId: (row) => idOf(row.germplasmId),
      rowTitle: germplasmTitle,
      markType: 'germplasm',
      open: (row) => passport(row.germplasmId),
    },
  },
  {
    id: 'germplasmAttributes',
    titleKey: 'search.section.germplasmAttributes',
    searchColumns: [...GERMPLASM_NAMES, 'attributeName', 'attributeValue'],
    variantColumns: GERMPLASM_NAMES,
    declaration: {
      id: 'searchGermplasmAttributes',
      path: 'germplasm/attribute',
      exportPath: 'germplasm/attribute/export',
      exportName: 'germplasm-attributes-table.zip',
      columns: [column('germplasmId', 'number', true), column('germplasmName'), column('germplasmGid'), column('attributeName'), column('attributeDescription', 'text', true), column('attributeType', 'text', true), column('attributeValue')],
      // Rows mark and open their germplasm, as Germinate's attribute table does.
      rowId: (row) => idOf(row.germplasmId),
      rowTitle: (row) => `${named(row.germplasmName, row.germplasmId)} · ${text(row.attributeName)}: ${text(row.attributeValue)}`,
      markType: 'germplasm',
      open: (row) => passport(row.germplasmId),
    },
  },
  {
    id: 'trials',
    titleKey: 'search.section.trials',
    searchColumns: [...GERMPLASM_NAMES, 'traitName', 'datasetName', 'locationName'],
    variantColumns: GERMPLASM_NAMES,
    declaration: {
      id: 'searchTrialsData',
      path: 'dataset/data/trial/table',
      exportPath: 'dataset/data/trial/table/export',
      exportName: 'trials-data-table.zip',
      columns: [column('germplasmId', 'number', true), column('germplasmName'), column('germplasmGid'), column('datasetName'), column('locationName'), column('traitName'), column('unitName'), column('treatment'), column('recordingDate', 'date'), column('traitValue')],
      rowId: (row) => idOf(row.germplasmId),
      rowTitle: (row) => `${named(row.germplasmName, row.germplasmId)} · ${text(row.traitName)}: ${text(row.traitValue)}`,
      markType: 'germplasm',
      open: (row) => passport(row.germplasmId),
      cellText: (row, key) => (key === 'recordingDate' && typeof row[key] === 'string' ? row[key].slice(0, 10) : text(row[key])),
    },
  },
  {
    id: 'mapDefinitions',
    titleKey: 'search.section.mapDefinitions',
    searchColumns: ['markerName', 'synonyms', 'mapName'],
    variantColumns: [],
    declaration: {
      id: 'searchMapDefinitions',
      path: 'map/mapdefinition/table',
      exportPath: 'map/mapdefinition/table/export',
      exportName: 'map-definition-table.zip',
      columns: [column('markerId', 'number', true), column('markerName'), column('mapName'), column('chromosome'), column('position', 'number'), column('mapFeatureType'), column('synonyms', 'list')],
      rowId: (row) => idOf(row.markerId),
      rowTitle: (row) => `${named(row.markerName, row.markerId)} · ${text(row.mapName)} ${text(row.chromosome)} ${text(row.position)}`.trim(),
      markType: 'markers',
      open: (row) => ({ type: 'genotypes:marker', params: { markerId: String(row.markerId) } }),
    },
  },
  {
    id: 'datasets',
    titleKey: 'search.section.datasets',
    searchColumns: ['datasetName', 'datasetDescription', 'experimentName', 'datasetType', 'datatype', 'licenseName', 'contact'],
    variantColumns: [],
    declaration: {
      id: 'searchDatasets',
      path: 'dataset/table',
      exportPath: 'dataset/table/export',
      exportName: 'dataset-table.zip',
      columns: [column('datasetId', 'number', true), column('datasetName'), column('datasetDescription'), column('experimentName'), column('datasetType'), column('datatype'), column('licenseName'), column('contact', 'text', true)],
      rowId: (row) => idOf(row.datasetId),
      rowTitle: (row) => named(row.datasetName, row.datasetId),
      markType: 'datasets',
      open: (row) => dataset(row.datasetId),
    },
  },
  {
    id: 'datasetAttributes',
    titleKey: 'search.section.datasetAttributes',
    searchColumns: ['datasetName', 'datasetDescription', 'attributeName', 'attributeValue'],
    variantColumns: [],
    declaration: {
      id: 'searchDatasetAttributes',
      path: 'dataset/attribute/table',
      exportPath: 'dataset/attribute/table/export',
      exportName: 'dataset-attributes-table.zip',
      columns: [column('datasetId', 'number', true), column('datasetName'), column('attributeName'), column('attributeDescription', 'text', true), column('attributeValue')],
      rowId: (row) => idOf(row.datasetId),
      rowTitle: (row) => `${named(row.datasetName, row.datasetId)} · ${text(row.attributeName)}: ${text(row.attributeValue)}`,
      markType: 'datasets',
      open: (row) => dataset(row.datasetId),
    },
  },
  {
    id: 'pedigree',
    titleKey: 'search.section.pedigree',
    searchColumns: ['childName', 'childGid', 'parentName', 'parentGid'],
    variantColumns: ['childName', 'childGid', 'parentName', 'parentGid'],
    declaration: {
      id: 'searchPedigree',
      path: 'pedigree/table',
      exportPath: 'pedigree/table/export',
      exportName: 'pedigree-table.zip',
      columns: [column('childId', 'number', true), column('childName'), column('childGid'), column('parentId', 'number', true), column('parentName'), column('parentGid'), column('relationshipType'), column('relationshipDescription', 'text', true), column('pedigreeDescription'), column('pedigreeAuthor', 'text', true)],
      // A pedigree row is the child's: it marks and opens the child.
      rowId: (row) => idOf(row.childId),
      rowTitle: (row) => `${named(row.childName, row.childId)} ← ${named(row.parentName, row.parentId)}`,
      markType: 'germplasm',
      open: (row) => passport(row.childId),
    },
  },
  {
    id: 'locations',
    titleKey: 'search.section.locations',
    searchColumns: ['locationName', 'locationRegion', 'locationState', 'countryName'],
    variantColumns: [],
    declaration: {
      id: 'searchLocations',
      path: 'location/table',
      exportPath: 'location/table/export',
      exportName: 'location-table.zip',
      columns: [column('locationId', 'number', true), column('locationName'), column('locationType'), column('countryName'), column('locationRegion'), column('locationState'), column('locationLatitude', 'number'), column('locationLongitude', 'number'), column('locationElevation', 'number')],
      rowId: (row) => idOf(row.locationId),
      rowTitle: (row) => named(row.locationName, row.locationId),
      markType: 'locations',
      // Locations have no page of their own: the locations pane (table and map) filtered to this one.
      open: (row) => ({ type: 'locations:locations', params: {}, state: { filters: [{ column: 'locationId', comparator: 'equals', operator: 'and', values: [String(row.locationId)] }] } }),
    },
  },
];

export const sectionOf = (id: unknown): SearchSection | undefined => SECTIONS.find((s) => s.id === id);
