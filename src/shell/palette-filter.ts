/**
 * The palette's own matching (cmdk's fuzzy filter is off, because live results must show whatever the
 * server found): every word of the query must start a word of the title, or appear in the id.
 */
export function matches(query: string, title: string, id: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const titleWords = title.toLowerCase().split(/[\s/:_-]+/);
  const idText = id.toLowerCase();
  return words.every((word) => titleWords.some((part) => part.startsWith(word)) || idText.includes(word));
}
