/**
 * The two MCPD v2.1 code lists that decide whether an accession can be sent (MLSSTAT, STORAGE), with their
 * standard English meanings. Small and pure, so that a plugin other than germplasm can name the codes in a
 * file without importing that plugin.
 */

export const MLS_STATUS_MEANINGS: ReadonlyMap<number, string> = new Map([
  [0, 'No (not included)'],
  [1, 'Yes (included)'],
  [99, 'Other (elaborate in REMARKS field, e.g. "under development")'],
]);

export const STORAGE_MEANINGS: ReadonlyMap<number, string> = new Map([
  [10, 'Seed collection'],
  [11, 'Short term'],
  [12, 'Medium term'],
  [13, 'Long term'],
  [20, 'Field collection'],
  [30, 'In vitro collection'],
  [40, 'Cryopreserved collection'],
  [50, 'DNA collection'],
  [99, 'Other (elaborate in REMARKS field)'],
]);

/** STORAGE holds several codes separated by semicolons (MCPD); commas and spaces are accepted too. */
export function storageCodes(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.split(/[;,\s]+/).map((code) => code.trim()).filter((code) => code !== '');
}
