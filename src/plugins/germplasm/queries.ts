import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../server/db/database.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { joinedFrom, type TableView } from '../../server/table/view.js';
import { attributeColumns } from '../../server/table/attribute-columns.js';
import { containsSql } from '../../server/table/text-match.js';
import { germplasmDataColumns } from './data-flags.js';
import { GERMPLASM_TRIGRAM } from './index-migrations.js';
import { institutionsJsonFilter } from './institution-filter.js';

/** A column over `alias.column`: it reads the join of that alias (any but the driving table g), and is NULL without it. */
const c = (expression: string, type: TableView['columns'][string]['type']) => {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && alias !== 'g' ? { joins: [alias], nullWhenUnjoined: true } : {}) };
};
/** One join of the germplasm view (each on a key, or synonyms' one row per germplasm and type). */
const join = (alias: string, clause: string, after?: string) => ({ alias, target: sql.raw(clause), ...(after ? { after: [after] } : {}) });
/** A germinatebase text column with its trigram index (index-migrations.ts). */
const searched = (column: string) => ({
  ...c(`g.${column}`, 'string'),
  trigram: { table: GERMPLASM_TRIGRAM.table, column, matching: (rowids: RawBuilder<unknown>) => sql`g.id IN (${rowids})` },
});

/**
 * ViewTableGermplasm: one row per germinatebase row. `present`: the other domains' tables that exist
 * (GERMPLASM_DATA_TABLES); without them the image and has…Data columns answer as for no such data.
 */
export function germplasmView(dialect: DialectName, present: PresentTables = new Set()): TableView {
  // json (not jsonb) on PostgreSQL keeps Germinate's key order id, name, code, type in responses and exports.
  const institutions =
    dialect === 'postgres'
      ? `(SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'code', i.code, 'type', gi.type) ORDER BY i.id, gi.type)
           FROM germplasminstitutions gi JOIN institutions i ON i.id = gi.institution_id WHERE gi.germinatebase_id = g.id)`
      : `(SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE json_group_array(json_object('id', i.id, 'name', i.name, 'code', i.code, 'type', gi.type) ORDER BY i.id, gi.type) END
           FROM germplasminstitutions gi JOIN institutions i ON i.id = gi.institution_id WHERE gi.germinatebase_id = g.id)`;
  return {
    name: 'germplasm',
    // Declared join by join, so that a page's id lookup joins only what its filters and sort read: synonyms
    // has no unique key the databases could prove, so they would keep that join otherwise.
    ...joinedFrom(sql.raw('germinatebase g'), [
      join('p', 'germinatebase p ON p.id = g.entityparent_id'),
      join('m', 'mcpd m ON m.germinatebase_id = g.id'),
      join('et', 'entitytypes et ON et.id = g.entitytype_id'),
      join('t', 'taxonomies t ON t.id = g.taxonomy_id'),
      join('l', 'locations l ON l.id = g.location_id'),
      join('co', 'countries co ON co.id = l.country_id', 'l'),
      join('b', 'biologicalstatus b ON b.id = m.sampstat', 'm'),
      join('s', 'synonyms s ON s.foreign_id = g.id AND s.synonymtype_id = 1'),
    ]),
    columns: {
      germplasmName: searched('name'),
      germplasmDisplayName: searched('display_name'),
      germplasmId: c('g.id', 'integer'),
      germplasmGid: searched('general_identifier'),
      germplasmNumber: searched('number'),
      germplasmPuid: c('m.puid', 'string'),
      entityTypeId: c('g.entitytype_id', 'integer'),
      entityTypeName: c('et.name', 'string'),
      entityParentId: c('g.entityparent_id', 'integer'),
      entityParentName: c('p.name', 'string'),
      entityParentGeneralIdentifier: c('p.general_identifier', 'string'),
      biologicalStatusId: c('b.id', 'integer'),
      biologicalStatusName: c('b.sampstat', 'string'),
      // Keyed by the germplasm (not s.id), so that the synonyms found can lead the plan through g's key.
      synonyms: {
        ...c('s.synonyms', 'json'),
        trigram: { table: GERMPLASM_TRIGRAM.synonyms, column: 'synonyms', matching: (rowids: RawBuilder<unknown>) => sql`g.id IN (SELECT sx.foreign_id FROM synonyms sx WHERE sx.id IN (${rowids}))` },
        // On PostgreSQL, by the germplasm's key: an OR with the name and number columns (the search page) stays
        // one bitmap scan of pg_trgm indexes (synonyms_text_trgm is on synonyms::text).
        contains: (value: string, d: DialectName) =>
          d === 'postgres' ? sql`g.id = ANY(ARRAY(SELECT sx.foreign_id FROM synonyms sx WHERE sx.synonymtype_id = 1 AND ${containsSql(sql`sx.synonyms::text`, value, d)}))` : null,
      },
      collectorNumber: c('m.collnumb', 'string'),
      genus: c('t.genus', 'string'),
      species: c('t.species', 'string'),
      subtaxa: c('t.subtaxa', 'string'),
      institutions: { ...c(institutions, 'json'), jsonFilter: institutionsJsonFilter },
      locationId: c('l.id', 'integer'),
      location: c('l.site_name', 'string'),
      latitude: c('l.latitude', 'number'),
      longitude: c('l.longitude', 'number'),
      elevation: c('l.elevation', 'number'),
      countryName: c('co.country_name', 'string'),
      countryCode: c('co.country_code2', 'string'),
      collDate: c('m.colldate', 'string'),
      pdci: c('g.pdci', 'number'),
      ...germplasmDataColumns(present),
    },
    idColumn: 'germplasmId',
    exportColumns: [
      'germplasmId', 'germplasmName', 'germplasmDisplayName', 'germplasmGid', 'germplasmNumber', 'germplasmPuid',
      'entityTypeId', 'entityTypeName', 'entityParentId', 'entityParentName', 'entityParentGeneralIdentifier',
      'biologicalStatusId', 'biologicalStatusName', 'synonyms', 'collectorNumber', 'genus', 'species', 'subtaxa',
      'institutions', 'locationId', 'location', 'latitude', 'longitude', 'elevation', 'countryName', 'countryCode',
      'collDate', 'pdci', 'imageCount', 'firstImagePath', 'hasTrialsData', 'hasGenotypicData', 'hasAllelefreqData',
      'hasPedigreeData',
    ],
  };
}

/** ViewTableInstitutions + institutionType, for one germplasm's institutions. */
export function germplasmInstitutionView(): TableView {
  return {
    name: 'germplasmInstitutions',
    from: sql.raw(`germplasminstitutions gi
      JOIN institutions i ON i.id = gi.institution_id
      LEFT JOIN countries co ON co.id = i.country_id`),
    // An institution in two roles for one germplasm is two rows with its id.
    sharedIds: true,
    columns: {
      institutionId: c('i.id', 'integer'),
      institutionName: c('i.name', 'string'),
      institutionCode: c('i.code', 'string'),
      institutionAcronym: c('i.acronym', 'string'),
      institutionAddress: c('i.address', 'string'),
      institutionEmail: c('i.email', 'string'),
      institutionContact: c('i.contact', 'string'),
      institutionPhone: c('i.phone', 'string'),
      countryId: c('co.id', 'integer'),
      countryName: c('co.country_name', 'string'),
      countryCode: c('co.country_code2', 'string'),
      institutionType: c('gi.type', 'string'),
    },
    idColumn: 'institutionId',
  };
}

/** Germinate's ViewTableGermplasmAttributes: attribute values of germplasm. */
export function germplasmAttributeView(): TableView {
  return {
    name: 'germplasmAttributes',
    from: sql.raw(`attributedata ad
      JOIN attributes a ON a.id = ad.attribute_id AND a.target_table = 'germinatebase'
      JOIN germinatebase g ON g.id = ad.foreign_id`),
    columns: {
      attributeValueId: c('ad.id', 'integer'),
      germplasmId: c('g.id', 'integer'),
      germplasmGid: searched('general_identifier'),
      germplasmName: searched('name'),
      germplasmDisplayName: searched('display_name'),
      ...attributeColumns(),
      createdOn: c('ad.created_on', 'date'),
      attributeValue: c('ad.value', 'string'),
    },
    idColumn: 'attributeValueId',
  };
}

/** Germinate's ViewMcpd key order. */
export const MCPD_KEYS = [
  'puid', 'instcode', 'accenumb', 'collnumb', 'collcode', 'collname', 'collinstaddress', 'collmissid', 'genus',
  'species', 'spauthor', 'subtaxa', 'subtauthor', 'cropname', 'accename', 'acqdate', 'origcty', 'collsite',
  'declatitude', 'latitude', 'declongitude', 'longitude', 'coorduncert', 'coorddatum', 'georefmeth', 'elevation',
  'colldate', 'bredcode', 'bredname', 'sampstat', 'ancest', 'collsrc', 'donorcode', 'donorname', 'donornumb',
  'othernumb', 'duplsite', 'duplinstname', 'storage', 'mlsstat', 'remarks',
] as const;
