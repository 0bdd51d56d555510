/**
 * Whether the caller accepted a licence, from a row the server rewrote for them (ViewTableDatasets or
 * ViewTableLicenses): Germinate's server puts `[caller id]` into `acceptedBy` when the caller accepted the
 * row's licence, and `[-1000]` for an anonymous caller whose `accepted-licenses` cookie holds it.
 */

/** The id Germinate's server and client use for the anonymous caller in `acceptedBy`. */
export const ANONYMOUS_USER_ID = -1000;

export interface LicensedRow {
  licenseId?: unknown;
  acceptedBy?: unknown;
}

/**
 * True when the row has no licence, or `acceptedBy` names the caller (`userId`; null or undefined when
 * nobody is logged in, which counts as -1000). The dataset selector stops on rows where this is false.
 */
export function acceptedLicence(row: LicensedRow, userId: number | null | undefined): boolean {
  if (row.licenseId === null || row.licenseId === undefined) return true;
  const caller = userId ?? ANONYMOUS_USER_ID;
  return Array.isArray(row.acceptedBy) && row.acceptedBy.some((id) => Number(id) === caller);
}

/** The licence ids among `rows` whose licence the caller has not accepted yet, ascending and once each. */
export function unacceptedLicenceIds(rows: readonly LicensedRow[], userId: number | null | undefined): number[] {
  const ids = new Set<number>();
  for (const row of rows) if (!acceptedLicence(row, userId)) ids.add(Number(row.licenseId));
  return [...ids].sort((a, b) => a - b);
}
