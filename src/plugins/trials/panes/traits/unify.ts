/** Germinate's TraitUnificationRequest: the trait kept and the traits merged into it. */
export interface TraitUnificationRequest {
  preferredTraitId: number;
  otherTraitIds: number[];
}

export type UnifyProblem = 'needTwo' | 'needPreferred';

/**
 * The request for the chosen traits (in the order chosen) and the preferred one, or what is missing: at
 * least two traits, one of them preferred.
 */
export function unifyRequest(chosen: readonly number[], preferred: number | null): TraitUnificationRequest | UnifyProblem {
  const ids = [...new Set(chosen)];
  if (ids.length < 2) return 'needTwo';
  if (preferred === null || !ids.includes(preferred)) return 'needPreferred';
  return { preferredTraitId: preferred, otherTraitIds: ids.filter((id) => id !== preferred) };
}

/** The ids chosen after adding one (kept once, at the end) or removing one. */
export function withTrait(chosen: readonly number[], id: number): number[] {
  return chosen.includes(id) ? [...chosen] : [...chosen, id];
}

export function withoutTrait(chosen: readonly number[], id: number): number[] {
  return chosen.filter((other) => other !== id);
}
