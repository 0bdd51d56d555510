/**
 * A trait's restrictions (Germinate's `phenotypes.restrictions`): the categories a categorical trait takes
 * (each list spells the same categories another way, e.g. codes and names) and the range of a numeric one.
 */
export interface TraitRestrictions {
  categories?: string[][] | null;
  min?: number | null;
  max?: number | null;
}

const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Restrictions as the server sent them, checked (a row's JSON is data, not a promise); null when none. */
export function readRestrictions(value: unknown): TraitRestrictions | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const lists = Array.isArray(record.categories)
    ? record.categories.filter(Array.isArray).map((list: unknown[]) => list.map((item) => String(item)))
    : [];
  const categories = lists.filter((list) => list.length > 0);
  const min = finite(record.min);
  const max = finite(record.max);
  if (categories.length === 0 && min === null && max === null) return null;
  return { ...(categories.length > 0 ? { categories } : {}), ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };
}

/** The categories a trait's values are shown in: its first list (the one values are recorded in). */
export function categoryOrder(value: unknown): string[] {
  return readRestrictions(value)?.categories?.[0] ?? [];
}

/**
 * Restrictions as a reader takes them in: "0–200", "≥ 0", "≤ 200" for a range, "red, white" for
 * categories (other spellings after a slash), both separated by a semicolon; '' when there are none.
 */
export function restrictionsText(value: unknown, formatNumber: (n: number) => string = String): string {
  const restrictions = readRestrictions(value);
  if (!restrictions) return '';
  const parts: string[] = [];
  const { min, max } = restrictions;
  if (min !== undefined && min !== null && max !== undefined && max !== null) parts.push(`${formatNumber(min)}–${formatNumber(max)}`);
  else if (min !== undefined && min !== null) parts.push(`≥ ${formatNumber(min)}`);
  else if (max !== undefined && max !== null) parts.push(`≤ ${formatNumber(max)}`);
  if (restrictions.categories) parts.unshift(restrictions.categories.map((list) => list.join(', ')).join(' / '));
  return parts.join('; ');
}
