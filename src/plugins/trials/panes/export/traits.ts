/**
 * The traits of the chosen datasets as `dataset/trait` sends them (ViewTableTraits), and what each chart
 * can draw of them: numbers and dates on an axis; categorical values as counted bars; text not at all.
 */

export interface TraitRow {
  traitId: number;
  traitName: string;
  traitNameShort?: string | null;
  dataType: string;
  unitName?: string | null;
  unitAbbreviation?: string | null;
  traitRestrictions?: { categories?: string[][] | null } | null;
}

/** How a trait's values lie on an axis: as numbers, as days, or not at all. */
export type AxisKind = 'number' | 'date';

export function axisKind(trait: Pick<TraitRow, 'dataType'>): AxisKind | null {
  if (trait.dataType === 'numeric') return 'number';
  if (trait.dataType === 'date') return 'date';
  return null;
}

/** A trait as the export file heads its column: its name, and its unit's abbreviation in brackets. */
export function traitLabel(trait: Pick<TraitRow, 'traitName' | 'unitAbbreviation'>): string {
  return trait.unitAbbreviation ? `${trait.traitName} [${trait.unitAbbreviation}]` : trait.traitName;
}

/** The chosen traits, in the order of the datasets' list (ids no dataset has are left out). */
export function chosenTraits(all: readonly TraitRow[], ids: readonly number[]): TraitRow[] {
  const wanted = new Set(ids);
  return all.filter((trait) => wanted.has(trait.traitId));
}

/** Traits whose name, short name or unit holds the search text (ignoring case and accents). */
export function searchTraits(all: readonly TraitRow[], text: string): TraitRow[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(text.trim());
  if (wanted === '') return [...all];
  return all.filter((trait) => [trait.traitName, trait.traitNameShort, trait.unitName, trait.unitAbbreviation].some((v) => typeof v === 'string' && fold(v).includes(wanted)));
}

/** A categorical trait's values in the order its restrictions declare them (the first category list). */
export function categoriesOf(trait: Pick<TraitRow, 'traitRestrictions'>): string[] {
  const lists = trait.traitRestrictions?.categories;
  return Array.isArray(lists) && Array.isArray(lists[0]) ? lists[0].map(String) : [];
}

/** The key of a trait's column in chart rows (vega-lite field names must not hold brackets or dots). */
export const traitField = (traitId: number) => `t${traitId}`;
