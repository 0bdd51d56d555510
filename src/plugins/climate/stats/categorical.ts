import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GateCaller } from '../../../server/access/licences.js';
import type { DialectName } from '../../../server/db/database.js';
import { idListSql } from '../../../server/db/id-list.js';
import { listOrNull, type Subset } from '../../../server/http/dataset-request.js';
import { visibleGroups } from '../../../server/stats/selection.js';
import { MARKED_ITEMS } from '../api-types.js';
import { climateDatasetIds, LOCATION_GROUP_TARGET } from '../scope.js';

/** The leading columns of the file; `group` follows them when the request selects locations. */
export const CATEGORICAL_HEADER = ['name', 'dbId', 'dataset_name', 'date'] as const;

/** A cell of the file: on one line and in its column (the chart reads it, so values stay exact otherwise). */
function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[\t\r\n]+/g, ' ');
}

interface ValueRow {
  location_id: number;
  location_name: string;
  dataset_id: number;
  dataset_name: string;
  recording_date: string | null;
  /** The group's id (groups), else NULL. */
  label: number | null;
  climate_id: number;
  value: string;
}

export interface CategoricalFile {
  climateIds: number[];
  text: string;
}

/**
 * `dataset/categorical/climate` (Germinate's exportClimateCategorical): the values of the requested
 * categorical climates as a table of tab-separated text (CRLF), one row per location, dataset and recording
 * date, one column per climate (headed by its name, in name order), from the climate datasets the caller
 * may read; the chart counts the categories of each column. With location groups (`yGroupIds`, the
 * caller's visible ones) or marked locations (`yIds`) a `group` column names the group (marked locations:
 * "Marked items"), rows of the groups first. Null when no climate dataset of the request may be read.
 */
export async function categoricalValues(db: Kysely<unknown>, dialect: DialectName, caller: GateCaller, body: Subset, requested: readonly number[]): Promise<CategoricalFile | null> {
  const datasets = await climateDatasetIds(db, dialect, caller, body.datasetIds);
  if (datasets.length === 0) return null;
  const marked = listOrNull(body.yIds);
  const groupIds = listOrNull(body.yGroupIds);
  const climates = (
    await sql<{ id: number; name: string }>`SELECT c.id, c.name FROM climates c
      WHERE ${idListSql(sql`c.id`, requested, dialect)} AND c.datatype = 'categorical' ORDER BY c.name, c.id`.execute(db)
  ).rows.map((r) => ({ id: Number(r.id), name: r.name }));

  const values = (label: RawBuilder<unknown>, join: RawBuilder<unknown>, where: RawBuilder<unknown>, labelOrder: RawBuilder<unknown>) =>
    sql<ValueRow>`SELECT cd.location_id, l.site_name AS location_name, cd.dataset_id, d.name AS dataset_name, cd.recording_date,
        ${label} AS label, cd.climate_id, cd.climate_value AS value
      FROM climatedata cd JOIN locations l ON l.id = cd.location_id JOIN datasets d ON d.id = cd.dataset_id ${join}
      WHERE ${idListSql(sql`cd.dataset_id`, datasets, dialect)} AND ${idListSql(sql`cd.climate_id`, climates.map((c) => c.id), dialect)}
        AND cd.climate_value IS NOT NULL AND ${where}
      ORDER BY ${labelOrder}l.site_name, cd.location_id, cd.dataset_id, cd.recording_date, cd.id`.execute(db);

  const grouped = marked !== null || groupIds !== null;
  const lines: string[] = [];
  // One line per location, dataset, date (and group); a climate's cell is its value there.
  const write = (rows: readonly ValueRow[], group: (row: ValueRow) => string | null) => {
    const column = new Map(climates.map((c, i) => [c.id, i]));
    let key = '';
    let cells: string[] = [];
    let lead: unknown[] = [];
    const flush = () => {
      if (key !== '') lines.push([...lead.map(tsvCell), ...cells].join('\t'));
    };
    for (const r of rows) {
      const label = group(r);
      const next = JSON.stringify([r.location_id, r.dataset_id, r.recording_date, label]);
      if (next !== key) {
        flush();
        key = next;
        cells = climates.map(() => '');
        lead = [r.location_name, Number(r.location_id), r.dataset_name, r.recording_date, ...(label === null ? [] : [label])];
      }
      const at = column.get(Number(r.climate_id));
      // A second value of one climate on one row (a repeated recording) keeps the first.
      if (at !== undefined && cells[at] === '') cells[at] = tsvCell(r.value);
    }
    flush();
  };

  if (climates.length > 0) {
    if (!grouped) write((await values(sql`NULL`, sql``, sql`(1 = 1)`, sql``)).rows, () => null);
    if (groupIds) {
      const groups = await visibleGroups(db, dialect, caller.user, groupIds, LOCATION_GROUP_TARGET);
      if (groups.length > 0) {
        const names = new Map(groups.map((g) => [g.id, g.name]));
        const join = sql`JOIN groupmembers gm ON gm.foreign_id = cd.location_id AND ${idListSql(sql`gm.group_id`, [...names.keys()], dialect)}`;
        write((await values(sql`gm.group_id`, join, sql`(1 = 1)`, sql`gm.group_id, `)).rows, (r) => names.get(Number(r.label)) ?? '');
      }
    }
    if (marked) write((await values(sql`NULL`, sql``, idListSql(sql`cd.location_id`, marked, dialect), sql``)).rows, () => MARKED_ITEMS);
  }
  const header = [...CATEGORICAL_HEADER, ...(grouped ? ['group'] : []), ...climates.map((c) => c.name)].map(tsvCell).join('\t');
  return { climateIds: [...new Set(requested)], text: [header, ...lines].join('\r\n') + '\r\n' };
}
