import type { RawBuilder } from 'kysely';

/**
 * A condition beyond a request's filters (a dataset scope, one germplasm's rows) that names the view joins it
 * reads (none: the driving tables only). A page's id lookup and its count then join only what the filters,
 * the sort and this condition read (page-from.ts), as for a request without one; a bare RawBuilder is taken
 * to read any join, so every join stays.
 */
export class Restriction {
  constructor(
    readonly condition: RawBuilder<unknown>,
    readonly joins: readonly string[] = [],
  ) {}
}

/** What the engine takes as an extra condition: a declared Restriction, or SQL that may read any join. */
export type Extra = RawBuilder<unknown> | Restriction;

/** The SQL of an extra condition (null for none). */
export function extraSql(extra: Extra | null | undefined): RawBuilder<unknown> | null {
  return extra instanceof Restriction ? extra.condition : (extra ?? null);
}
