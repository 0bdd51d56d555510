import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../../server/db/database.js';
import { attributeColumns } from '../../../server/table/attribute-columns.js';
import { joinedFrom, type ColumnDef, type TableView } from '../../../server/table/view.js';
import { countColumn, datasetIdsColumn } from './dataset-columns.js';
import { TRAIT_SYNONYM_TYPE, TRAIT_TABLE } from './tables.js';

/** A column over `alias.column`: it reads that alias's join (any but the driving table p), and is NULL without it. */
const c = (expression: string, type: ColumnDef['type']): ColumnDef => {
  const alias = /^(\w+)\./.exec(expression)?.[1];
  return { sql: sql.raw(expression), type, ...(alias && alias !== 'p' ? { joins: [alias], nullWhenUnjoined: true } : {}) };
};

/** The germplasm domain's FTS5 trigram table over every synonyms row (SQLite), read by its SQL name. */
const SYNONYMS_TRIGRAM = 'synonyms_trigram';

/**
 * The text the trait search box looks in: name, short name, synonyms and description, one per line, so
 * that one `contains` filter on `search` finds a trait by any of them. Filter only: rows do not carry it.
 */
function searchColumn(dialect: DialectName): ColumnDef {
  const synonyms = dialect === 'postgres' ? 's.synonyms::text' : 's.synonyms';
  const newline = dialect === 'postgres' ? 'chr(10)' : 'char(10)';
  const part = (expression: string) => `COALESCE(${expression}, '')`;
  const text = [part('p.name'), part('p.short_name'), part(synonyms), part('p.description')].join(` || ${newline} || `);
  return { sql: sql.raw(`(${text})`), type: 'string', joins: ['s'], toJson: () => undefined };
}

/**
 * Germinate's ViewTableTraits, one row per trait, with `datasetIds` and `count` for the caller (the
 * datasets they may read and the number of values there) rather than over every dataset, and `search`
 * for the trait search box.
 */
export function traitView(dialect: DialectName): TableView {
  return {
    name: 'traits',
    ...joinedFrom(sql.raw('phenotypes p'), [
      { alias: 'pc', target: sql.raw('phenotypecategories pc ON pc.id = p.category_id') },
      { alias: 'u', target: sql.raw('units u ON u.id = p.unit_id') },
      // One synonyms row per trait and type, by convention (as the germplasm view's synonyms).
      { alias: 's', target: sql.raw(`synonyms s ON s.foreign_id = p.id AND s.synonymtype_id = ${TRAIT_SYNONYM_TYPE}`) },
    ]),
    columns: {
      traitId: c('p.id', 'integer'),
      traitName: c('p.name', 'string'),
      traitNameShort: c('p.short_name', 'string'),
      traitDescription: c('p.description', 'string'),
      dataType: c('p.datatype', 'string'),
      traitRestrictions: c('p.restrictions', 'json'),
      traitSetSize: c('p.setsize', 'integer'),
      // is_timeseries is an integer column: PostgreSQL compares it with a boolean only as an expression.
      traitIsTimeseries: c(dialect === 'postgres' ? '(p.is_timeseries <> 0)' : 'p.is_timeseries', 'boolean'),
      categoryId: c('pc.id', 'integer'),
      categoryName: c('pc.name', 'string'),
      categoryDescription: c('pc.description', 'string'),
      unitId: c('u.id', 'integer'),
      unitName: c('u.unit_name', 'string'),
      unitDescription: c('u.unit_description', 'string'),
      unitAbbreviation: c('u.unit_abbreviation', 'string'),
      synonyms: {
        ...c('s.synonyms', 'json'),
        trigram: {
          table: SYNONYMS_TRIGRAM,
          column: 'synonyms',
          matching: (rowids: RawBuilder<unknown>) =>
            sql`p.id IN (SELECT sx.foreign_id FROM synonyms sx WHERE sx.id IN (${rowids}) AND sx.synonymtype_id = ${sql.lit(TRAIT_SYNONYM_TYPE)})`,
        },
      },
      datasetIds: datasetIdsColumn(dialect),
      count: countColumn(dialect),
      search: searchColumn(dialect),
    },
    idColumn: 'traitId',
    exportColumns: [
      'traitId', 'traitName', 'traitNameShort', 'traitDescription', 'dataType', 'traitRestrictions', 'traitSetSize', 'traitIsTimeseries',
      'categoryId', 'categoryName', 'categoryDescription', 'unitId', 'unitName', 'unitDescription', 'unitAbbreviation', 'synonyms',
      'datasetIds', 'count',
    ],
  };
}

/** Germinate's ViewTableTraitAttributes: attribute values of traits (inner joins only: plain columns). */
export function traitAttributeView(): TableView {
  const plain = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });
  return {
    name: 'traitAttributes',
    from: sql.raw(`attributedata ad
      JOIN attributes a ON a.id = ad.attribute_id AND a.target_table = '${TRAIT_TABLE}'
      JOIN phenotypes p ON p.id = ad.foreign_id`),
    columns: {
      attributeValueId: plain('ad.id', 'integer'),
      traitId: plain('p.id', 'integer'),
      traitName: plain('p.name', 'string'),
      ...attributeColumns(),
      createdOn: plain('ad.created_on', 'date'),
      attributeValue: plain('ad.value', 'string'),
    },
    idColumn: 'attributeValueId',
  };
}
