import { type } from 'arktype';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../../server/db/database.js';
import { isoTimestamp } from '../../../../server/table/engine.js';
import { licenceContentSql } from './view.js';

/** Longest licence name and text accepted (a licence text is a page of HTML, not a book). */
const NAME_MAX = 255;
const CONTENT_MAX = 200_000;
/** A locale name as Germinate writes them (`en_GB`, `de_DE`, `de`). */
const LOCALE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

/**
 * ViewTableLicenseDefinitions as PUT and PATCH `license` send it: a name, a description, the texts by
 * locale. Unknown keys (createdOn…) are ignored, as Germinate's POJO mapping does.
 */
export const LicenceDefinition = type({
  'licenseId?': 'number.integer | null',
  'licenseName?': `string <= ${NAME_MAX} | null`,
  'licenseDescription?': `string <= ${CONTENT_MAX} | null`,
  'licenseData?': type({ '[string]': `string <= ${CONTENT_MAX} | null` }).or('null'),
  '+': 'ignore',
});
export type LicenceDefinition = typeof LicenceDefinition.infer;

/** The licence texts of a definition, checked: locale names only, at most 50 of them. Null when invalid. */
export function licenceTexts(data: Record<string, string | null> | null | undefined): [string, string | null][] | null {
  if (!data) return null;
  const entries = Object.entries(data);
  if (entries.length > 50 || entries.some(([locale]) => !LOCALE.test(locale))) return null;
  return entries;
}

interface DefinitionRow {
  id: number;
  name: string;
  description: string | null;
  created_on: string;
  license_data: unknown;
}

/** GET license: every licence as ViewTableLicenseDefinitions, by id. */
export async function licenceDefinitions(db: Kysely<unknown>, dialect: DialectName) {
  const rows = await sql<DefinitionRow>`SELECT l.id, l.name, l.description, l.created_on, ${sql.raw(licenceContentSql(dialect, 'l.id'))} AS license_data
    FROM licenses l ORDER BY l.id`.execute(db);
  return rows.rows.map((r) => ({
    licenseId: Number(r.id),
    licenseName: r.name,
    licenseDescription: r.description,
    createdOn: isoTimestamp(r.created_on),
    licenseData: typeof r.license_data === 'string' ? (JSON.parse(r.license_data) as unknown) : (r.license_data ?? {}),
  }));
}

/** Inserts or replaces a licence's text in each given locale; other locales keep theirs. */
export async function writeTexts(db: Kysely<unknown>, licenseId: number, texts: readonly [string, string | null][], now: string): Promise<void> {
  for (const [locale, content] of texts) {
    await sql`INSERT INTO licensedata (license_id, locale, content, created_on, updated_on) VALUES (${licenseId}, ${locale}, ${content}, ${now}, ${now})
      ON CONFLICT (license_id, locale) DO UPDATE SET content = excluded.content, updated_on = excluded.updated_on`.execute(db);
  }
}
