/**
 * The licence form of the administration pane as plain data: what it edits (name, description, the
 * text in each locale), how it checks it, and the ViewTableLicenseDefinitions body PUT and PATCH
 * `license` take.
 */

/** The locales the form always offers (the client's); a licence's other locales are kept and shown too. */
export const FORM_LOCALES = ['en_GB', 'de_DE'] as const;
export const NAME_MAX = 255;

/** A licence as GET `license` answers it (ViewTableLicenseDefinitions). */
export interface LicenceDefinition {
  licenseId: number;
  licenseName: string;
  licenseDescription: string | null;
  createdOn?: string | null;
  licenseData: Record<string, string | null>;
}

export interface LicenceForm {
  licenseId: number | null;
  name: string;
  description: string;
  /** locale → text (HTML) */
  content: Record<string, string>;
}

export function emptyForm(): LicenceForm {
  return { licenseId: null, name: '', description: '', content: Object.fromEntries(FORM_LOCALES.map((l) => [l, ''])) };
}

export function formOf(licence: LicenceDefinition): LicenceForm {
  const content: Record<string, string> = Object.fromEntries(FORM_LOCALES.map((l) => [l, '']));
  for (const [locale, text] of Object.entries(licence.licenseData ?? {})) content[locale] = text ?? '';
  return { licenseId: licence.licenseId, name: licence.licenseName, description: licence.licenseDescription ?? '', content };
}

/** The message key of the name's problem, or null. */
export function nameProblem(form: LicenceForm): string | null {
  const name = form.name.trim();
  if (name === '') return 'datasets.licence.form.nameRequired';
  if (name.length > NAME_MAX) return 'datasets.licence.form.nameTooLong';
  return null;
}

/** The body of PUT `license` (new) or PATCH `license/{id}`: every locale's text, empty ones as null. */
export function bodyOf(form: LicenceForm): Record<string, unknown> {
  const licenseData = Object.fromEntries(Object.entries(form.content).map(([locale, text]) => [locale, text.trim() === '' ? null : text]));
  return {
    ...(form.licenseId === null ? {} : { licenseId: form.licenseId }),
    licenseName: form.name.trim(),
    licenseDescription: form.description.trim() === '' ? null : form.description.trim(),
    licenseData,
  };
}

/** Reads GET `license`'s answer, leaving out what is not a licence. */
export function readDefinitions(value: unknown): LicenceDefinition[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is LicenceDefinition =>
      typeof item === 'object' && item !== null && typeof (item as LicenceDefinition).licenseId === 'number' && typeof (item as LicenceDefinition).licenseName === 'string',
  );
}
