/**
 * The passport's external link from the settings: `externalLinkTemplate` with the germplasm's value of
 * `externalLinkIdentifier` in it. The identifier names a germplasm column, as a row key (germplasmName) or
 * as germinatebase's column (name, general_identifier, number, id); the value's place in the template is a
 * `{…}` placeholder ({id}, {name}, {}); a template without one gets the value appended.
 */

const COLUMN_KEYS: Readonly<Record<string, string>> = {
  id: 'germplasmId',
  name: 'germplasmName',
  display_name: 'germplasmDisplayName',
  general_identifier: 'germplasmGid',
  number: 'germplasmNumber',
  puid: 'germplasmPuid',
};

/** The row key an identifier names: a row key as it is, a snake_case column as its key. */
export function identifierKey(identifier: string): string {
  const trimmed = identifier.trim();
  if (Object.hasOwn(COLUMN_KEYS, trimmed)) return COLUMN_KEYS[trimmed];
  const camel = trimmed.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
  return Object.hasOwn(COLUMN_KEYS, camel) ? COLUMN_KEYS[camel] : camel;
}

/** The link for this germplasm, or null when the settings have no template or the row no value. */
export function externalLink(template: string | null | undefined, identifier: string | null | undefined, row: Readonly<Record<string, unknown>>): string | null {
  if (!template || !/^https?:\/\//i.test(template)) return null;
  const value = row[identifierKey(identifier || 'id')];
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const encoded = encodeURIComponent(String(value));
  return /\{[^{}]*\}/.test(template) ? template.replace(/\{[^{}]*\}/g, encoded) : `${template}${encoded}`;
}
