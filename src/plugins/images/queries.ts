import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../server/db/database.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import type { ColumnDef, TableView } from '../../server/table/view.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/** Tables of other domains the view reads when they exist (traits: the trials domain). */
export const IMAGE_VIEW_TABLES = ['phenotypes'] as const;

/**
 * The tag filter answered over image_to_tags (our reading of the two JSON comparators on `tags`):
 * jsonSearch = a tag name containing the value; arrayContains = the tag with that id (or that exact name),
 * which the gallery's tag chips send, so that tag names with spaces filter exactly too.
 */
function tagsFilter(comparator: 'jsonSearch' | 'arrayContains', token: string): RawBuilder<unknown> {
  const tagged = (condition: RawBuilder<unknown>) =>
    sql`i.id IN (SELECT x.image_id FROM image_to_tags x JOIN imagetags t ON t.id = x.imagetag_id WHERE ${condition})`;
  if (comparator === 'jsonSearch') return tagged(sql`lower(t.tag_name) LIKE ${`%${token.toLowerCase()}%`}`);
  if (/^\d{1,9}$/.test(token)) return tagged(sql`t.id = ${Number(token)}`);
  return tagged(sql`lower(t.tag_name) = ${token.toLowerCase()}`);
}

/**
 * Germinate's ViewTableImages (`image/table`): images of germplasm and traits (by the name of what they show)
 * and of story steps and projects, with their tags. Images whose germplasm or trait is gone stay out, as
 * the view's inner joins leave them out. Public, as in Germinate: images are not gated by datasets.
 */
export function imageView(dialect: DialectName, present: PresentTables): TableView {
  const traits = present.has('phenotypes');
  const tags =
    dialect === 'postgres'
      ? `(SELECT json_agg(json_build_object('tagId', t.id, 'tagName', t.tag_name) ORDER BY t.tag_name, t.id)
           FROM image_to_tags x JOIN imagetags t ON t.id = x.imagetag_id WHERE x.image_id = i.id)`
      : `(SELECT CASE WHEN COUNT(*) = 0 THEN NULL ELSE json_group_array(json_object('tagId', t.id, 'tagName', t.tag_name) ORDER BY t.tag_name, t.id) END
           FROM image_to_tags x JOIN imagetags t ON t.id = x.imagetag_id WHERE x.image_id = i.id)`;
  const referenceName = `CASE it.reference_table WHEN 'germinatebase' THEN g.name ${traits ? "WHEN 'phenotypes' THEN p.name " : ''}ELSE '' END`;
  return {
    name: 'images',
    from: sql.raw(
      `images i JOIN imagetypes it ON it.id = i.imagetype_id
       LEFT JOIN germinatebase g ON it.reference_table = 'germinatebase' AND g.id = i.foreign_id
       ${traits ? "LEFT JOIN phenotypes p ON it.reference_table = 'phenotypes' AND p.id = i.foreign_id" : ''}`,
    ),
    where: sql.raw(
      `(g.id IS NOT NULL ${traits ? 'OR p.id IS NOT NULL' : ''} OR it.reference_table IN ('storysteps', 'projects'))`,
    ),
    columns: {
      imageId: c('i.id', 'integer'),
      imageDescription: c('i.description', 'string'),
      imageForeignId: c('i.foreign_id', 'integer'),
      imageIsReference: c('i.is_reference', 'boolean'),
      imagePath: c('i.path', 'string'),
      imageExif: c('i.exif', 'json'),
      imageType: c('it.description', 'string'),
      imageRefTable: c('it.reference_table', 'string'),
      referenceName: c(referenceName, 'string'),
      createdOn: c('i.created_on', 'date'),
      tags: { ...c(tags, 'json'), jsonFilter: tagsFilter },
    },
    idColumn: 'imageId',
  };
}
