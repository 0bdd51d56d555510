/**
 * The palette's own matching (cmdk's fuzzy filter is off, because live results must show whatever the
 * server found): every word of the query must start a word of the title, or appear in the id.
 */
const SEPARATORS = /[\s/:_-]+/;

function startsWordIn(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || /[\s/:_-]/.test(text[at - 1])) return true;
  }
  return false;
}

export function matches(query: string, title: string, id: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const titleText = title.toLowerCase();
  const titleWords = titleText.split(SEPARATORS);
  const idText = id.toLowerCase();
  // A query word with a separator in it ("cookie-ein", as German compounds are written) matches where
  // it starts a word of the title as a whole.
  const startsAWord = (word: string) => titleWords.some((part) => part.startsWith(word)) || (SEPARATORS.test(word) && startsWordIn(titleText, word));
  return words.every((word) => startsAWord(word) || idText.includes(word));
}
