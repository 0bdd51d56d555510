/**
 * A box's group label as the statistics calls write it (`["Group A","Group B"]`: a JSON array of names),
 * as text; the text itself when it is no such array (e.g. "Marked items"). The trials and climate
 * export pages label their boxes with it.
 */
export function groupLabel(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(String).join(', ');
  } catch {
    // Not JSON: the label is the name.
  }
  return text;
}
