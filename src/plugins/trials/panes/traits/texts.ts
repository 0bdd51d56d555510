/** A data type's name in the reader's language (Germinate's word when it has no text). */
export function dataTypeName(t: (key: string) => string, type: string): string {
  const key = `trials.traits.dataType.${type}`;
  const text = t(key);
  return text === key ? type : text;
}
