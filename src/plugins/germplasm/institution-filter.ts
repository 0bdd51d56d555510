import { sql, type RawBuilder } from 'kysely';
import { jsonSearchPattern } from '../../server/table/filters.js';

/**
 * jsonSearch / arrayContains on the germplasm row's institutions, answered over the tables the JSON is
 * built from (germplasminstitutions by institution, institutions), not by building every row's JSON.
 * The same rows as the generic JSON condition: the JSON's strings are the institution's name and code and
 * the link's type (its id is a number, which jsonSearch skips), so jsonSearch matches a germplasm with a
 * link whose name, code or type contains the token; the JSON is an array of objects, which never contains
 * a token, so arrayContains matches nothing.
 */
export function institutionsJsonFilter(comparator: 'jsonSearch' | 'arrayContains', token: string): RawBuilder<unknown> {
  if (comparator === 'arrayContains') return sql`1 = 0`;
  const pattern = jsonSearchPattern(token);
  const like = (column: RawBuilder<unknown>) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
  return sql`g.id IN (SELECT gi.germinatebase_id FROM germplasminstitutions gi JOIN institutions i ON i.id = gi.institution_id
    WHERE ${like(sql`i.name`)} OR ${like(sql`i.code`)} OR ${like(sql`gi.type`)})`;
}
