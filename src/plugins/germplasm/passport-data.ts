import type { Filter } from '../../core/table-request.js';
import { COUNTRIES } from './countries.js';
import { COLLSRC, MLSSTAT, SAMPSTAT, STORAGE } from './mcpd-codes.js';

/**
 * Passport helpers: how the route's id finds the germplasm (a number is the id, anything else a name)
 * and the MCPD fields in the order GET germplasm/{id}/mcpd sends them. `latitude`/`longitude` (DMS text) are
 * left out: the server may send them as byte arrays, and the decimal ones say the same.
 */
export const MCPD_FIELDS = [
  'puid', 'instcode', 'accenumb', 'collnumb', 'collcode', 'collname', 'collinstaddress', 'collmissid',
  'genus', 'species', 'spauthor', 'subtaxa', 'subtauthor', 'cropname', 'accename', 'acqdate', 'origcty',
  'collsite', 'declatitude', 'declongitude', 'coorduncert', 'coorddatum', 'georefmeth', 'elevation',
  'colldate', 'bredcode', 'bredname', 'sampstat', 'ancest', 'collsrc', 'donorcode', 'donorname', 'donornumb',
  'othernumb', 'duplsite', 'duplinstname', 'storage', 'mlsstat', 'remarks',
] as const;

/** A numeric id looks up by id; anything else is a name (so `/data/germplasm/BARKE` works). */
export function resolveFilters(param: string): Filter[] {
  if (/^\d+$/.test(param)) return [{ column: 'germplasmId', comparator: 'equals', values: [Number(param)] }];
  return ['germplasmName', 'germplasmDisplayName', 'germplasmPuid'].map((column) => ({
    column,
    comparator: 'equals' as const,
    operator: 'or' as const,
    values: [param],
  }));
}

/** "The score of this item is: {pdci}/10" shows the score to 2 decimals. */
export function pdciText(pdci: number): string {
  return pdci.toFixed(2);
}

/** The MCPD fields whose values are codes of a list, and the lists (storage may hold several, `;`-separated). */
export const CODED_FIELDS = { sampstat: SAMPSTAT, collsrc: COLLSRC, storage: STORAGE, mlsstat: MLSSTAT } as const;
export type CodedField = keyof typeof CODED_FIELDS;

export function isCodedField(field: string): field is CodedField {
  return Object.hasOwn(CODED_FIELDS, field);
}

/**
 * The codes in a coded cell, each with the message key of its meaning (null for a code the list does
 * not have: it is shown as it is, never guessed). Empty for an empty cell.
 */
export function codesOf(field: CodedField, value: unknown): { code: string; key: string | null }[] {
  const text = value === null || value === undefined ? '' : String(value);
  const known = new Set(CODED_FIELDS[field].map(([code]) => String(code)));
  return (field === 'storage' ? text.split(/[;,]/) : [text])
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((code) => {
      const normal = /^[+-]?\d+$/.test(code) ? String(Number(code)) : code;
      return { code: normal, key: known.has(normal) ? `germplasm.code.${field}.${normal}` : null };
    });
}

/**
 * An MCPD date (ACQDATE, COLLDATE) as the client shows dates: DD/MM/YYYY, or MM/YYYY and YYYY when the
 * day or the month is unknown. MCPD writes `YYYYMMDD` with unknown parts as `--` or `00`; an ISO date
 * (`YYYY-MM-DD`, a timestamp's first ten characters) is read too. Anything else is shown unchanged.
 */
export function mcpdDateText(value: unknown, formatDate: (isoDate: string) => string): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text);
  const compact = /^(\d{4})([\d-]{2})([\d-]{2})$/.exec(text);
  const parts = iso ?? compact;
  if (!parts) return text;
  const [, year, month, day] = parts;
  const known = (part: string) => /^\d\d$/.test(part) && part !== '00';
  if (known(month) && known(day)) return formatDate(`${year}-${month}-${day}`) || text;
  if (known(month)) return `${month}/${year}`;
  return year;
}

/**
 * The ISO 3166-1 alpha-2 code of a country given by its alpha-3 code, or of the country an institute
 * code names: FAO WIEWS institute codes begin with their country's alpha-3 code (GBR251).
 */
export function countryCode2(code3OrInstitute: string | null | undefined): string | null {
  const code3 = (code3OrInstitute ?? '').slice(0, 3).toUpperCase();
  const country = COUNTRIES.find(([id, code]) => id > 0 && code === code3);
  return country ? country[2] : null;
}

/** A country's name in the reader's language (Intl's region names), or null when unknown. */
export function countryName(code2: string | null, languageTag: string): string | null {
  if (!code2) return null;
  try {
    const name = new Intl.DisplayNames([languageTag], { type: 'region', fallback: 'none' }).of(code2);
    return name ?? COUNTRIES.find(([, , code]) => code === code2)?.[3] ?? null;
  } catch {
    return COUNTRIES.find(([, , code]) => code === code2)?.[3] ?? null;
  }
}
