/** What the unifier pane hands the `germplasm:unify-marked` command: the body of POST germplasm/unify. */
export interface UnifyArgs {
  preferredGermplasmId: number;
  otherGermplasmIds: number[];
  explanation?: string;
}

export function isUnifyArgs(value: unknown): value is UnifyArgs {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.preferredGermplasmId) &&
    Array.isArray(v.otherGermplasmIds) &&
    v.otherGermplasmIds.length > 0 &&
    v.otherGermplasmIds.every(Number.isInteger) &&
    (v.explanation === undefined || typeof v.explanation === 'string')
  );
}
