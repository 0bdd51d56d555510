import { sql } from 'kysely';
import type { ColumnDef } from './view.js';

/**
 * The attribute part of Germinate's attribute views (germplasm, datasets, later others), over
 * `attributedata ad JOIN attributes a`: every domain's attribute table names and reads them alike.
 */
export function attributeColumns(): Record<'attributeId' | 'attributeName' | 'attributeDescription' | 'attributeType' | 'targetTable' | 'foreignId', ColumnDef> {
  return {
    attributeId: { sql: sql.raw('a.id'), type: 'integer' },
    attributeName: { sql: sql.raw('a.name'), type: 'string' },
    attributeDescription: { sql: sql.raw('a.description'), type: 'string' },
    attributeType: { sql: sql.raw('a.datatype'), type: 'string' },
    targetTable: { sql: sql.raw('a.target_table'), type: 'string' },
    foreignId: { sql: sql.raw('ad.foreign_id'), type: 'integer' },
  };
}
