/**
 * A licence as the client reads it from `license/table` (ViewTableLicenses): its name, description and
 * content per locale (`{ "en_GB": "<p>…" }`), and whether the caller accepted it.
 */
import { acceptedLicence } from './accepted.js';

export interface LicenceView {
  licenseId: number;
  licenseName: string;
  licenseDescription: string | null;
  /** Content by locale name; HTML written by an administrator, rendered only through the sanitiser. */
  content: Record<string, string>;
  accepted: boolean;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The first row of a `license/table` answer for one licence, or null when the server has none by that id. */
export function readLicence(rows: readonly unknown[], userId: number | null | undefined): LicenceView | null {
  const row = rows.map(record).find((r) => typeof r.licenseId === 'number');
  if (!row) return null;
  const content = Object.fromEntries(Object.entries(record(row.licenseContent)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return {
    licenseId: row.licenseId as number,
    licenseName: typeof row.licenseName === 'string' ? row.licenseName : String(row.licenseId),
    licenseDescription: typeof row.licenseDescription === 'string' ? row.licenseDescription : null,
    content,
    // One row per dataset using the licence: any of them carries the caller's acceptance.
    accepted: rows.map(record).some((r) => acceptedLicence(r, userId)),
  };
}

/** The content in the reader's locale, else British English, else any locale's; null when there is none. */
export function contentFor(licence: Pick<LicenceView, 'content'>, locale: string | null | undefined): string | null {
  const { content } = licence;
  if (locale && content[locale]) return content[locale];
  if (content.en_GB) return content.en_GB;
  return Object.values(content).find((text) => text !== '') ?? null;
}
