import { sql } from 'kysely';
import type { ColumnDef, TableView } from '../../server/table/view.js';

const c = (expression: string, type: ColumnDef['type']): ColumnDef => ({ sql: sql.raw(expression), type });

/** The keys every member row ends with: the group it was found through and that group's type. */
const groupKeys = { grouptypeId: c('grp.grouptype_id', 'integer') };

/**
 * Germinate's ViewTableGroupGermplasm (`group/{groupId}/germplasm`): `groupId` first, then the germplasm
 * table's keys for each member (a modest set of them, read over the germplasm domain's tables by their SQL
 * names), then `grouptypeId`. Routes restrict it to one group with `gm.group_id = …`. A germplasm is a row of
 * every group that holds it, so ids are unique only within a group (unique index): pages are read in one
 * statement under the group's condition (sharedIds), never by id alone.
 */
export function groupGermplasmView(): TableView {
  return {
    name: 'groupGermplasm',
    from: sql.raw(`groupmembers gm
      JOIN groups grp ON grp.id = gm.group_id
      JOIN germinatebase g ON g.id = gm.foreign_id
      LEFT JOIN mcpd m ON m.germinatebase_id = g.id
      LEFT JOIN biologicalstatus b ON b.id = m.sampstat
      LEFT JOIN taxonomies t ON t.id = g.taxonomy_id
      LEFT JOIN locations l ON l.id = g.location_id
      LEFT JOIN countries co ON co.id = l.country_id`),
    columns: {
      groupId: c('gm.group_id', 'integer'),
      germplasmName: c('g.name', 'string'),
      germplasmDisplayName: c('g.display_name', 'string'),
      germplasmId: c('g.id', 'integer'),
      germplasmGid: c('g.general_identifier', 'string'),
      germplasmNumber: c('g.number', 'string'),
      biologicalStatusName: c('b.sampstat', 'string'),
      genus: c('t.genus', 'string'),
      species: c('t.species', 'string'),
      subtaxa: c('t.subtaxa', 'string'),
      location: c('l.site_name', 'string'),
      latitude: c('l.latitude', 'number'),
      longitude: c('l.longitude', 'number'),
      elevation: c('l.elevation', 'number'),
      countryName: c('co.country_name', 'string'),
      countryCode: c('co.country_code2', 'string'),
      collDate: c('m.colldate', 'string'),
      pdci: c('g.pdci', 'number'),
      ...groupKeys,
    },
    idColumn: 'germplasmId',
    sharedIds: true,
    // As Germinate's germplasm export: the germplasm id leads the germplasm's columns.
    exportColumns: [
      'groupId', 'germplasmId', 'germplasmName', 'germplasmDisplayName', 'germplasmGid', 'germplasmNumber', 'biologicalStatusName',
      'genus', 'species', 'subtaxa', 'location', 'latitude', 'longitude', 'elevation', 'countryName', 'countryCode', 'collDate', 'pdci',
      'grouptypeId',
    ],
  };
}

/**
 * The members of a trait group (ours; Germinate has no trait groups): `groupId`, the trait table's main keys
 * for each member, `grouptypeId`. Read over the trials domain's phenotypes and core's units by SQL name.
 * Ids are unique within a group only, as in the germplasm members' view.
 */
export function groupTraitView(): TableView {
  return {
    name: 'groupTraits',
    from: sql.raw(`groupmembers gm
      JOIN groups grp ON grp.id = gm.group_id
      JOIN phenotypes p ON p.id = gm.foreign_id
      LEFT JOIN units u ON u.id = p.unit_id`),
    columns: {
      groupId: c('gm.group_id', 'integer'),
      traitId: c('p.id', 'integer'),
      traitName: c('p.name', 'string'),
      traitNameShort: c('p.short_name', 'string'),
      traitDescription: c('p.description', 'string'),
      dataType: c('p.datatype', 'string'),
      unitName: c('u.unit_name', 'string'),
      unitAbbreviation: c('u.unit_abbreviation', 'string'),
      ...groupKeys,
    },
    idColumn: 'traitId',
    sharedIds: true,
  };
}
