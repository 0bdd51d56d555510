/** A germplasm's extra identifiers, as Flapjack's identifiers file lists them. */
export interface IdentifierRow {
  name: string;
  puid: string | null;
  parentName: string | null;
  parentPuid: string | null;
  synonyms: string[] | null;
}

/** Whether a germplasm has anything the identifiers file lists: a parent entity, a PUID or synonyms. */
export const hasIdentifiers = (row: IdentifierRow): boolean =>
  row.parentName !== null || (row.puid !== null && row.puid !== '') || (row.synonyms !== null && row.synonyms.length > 0);

/**
 * The identifiers file (a Flapjack phenotype file): `# fjFile = PHENOTYPE`, the header
 * `⇥PUID⇥Source Material Name⇥Source Material PUID⇥Synonyms`, then `name⇥puid⇥parent⇥parent puid⇥synonyms`
 * per germplasm that has any, synonyms as Java prints a list (`[a, b]`), missing values empty; lines joined
 * by LF with no line end after the last.
 */
export function identifiersFile(rows: readonly IdentifierRow[]): string {
  const lines = ['# fjFile = PHENOTYPE', '\tPUID\tSource Material Name\tSource Material PUID\tSynonyms'];
  for (const row of rows) {
    if (!hasIdentifiers(row)) continue;
    const synonyms = row.synonyms && row.synonyms.length > 0 ? `[${row.synonyms.join(', ')}]` : '';
    lines.push([row.name, row.puid ?? '', row.parentName ?? '', row.parentPuid ?? '', synonyms].join('\t'));
  }
  return lines.join('\n');
}
