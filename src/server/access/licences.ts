import { sql, type RawBuilder } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/tokens.js';

/**
 * Who asks, as the licence gate needs to know: a logged-in caller
 * accepted a licence when a licenselogs row names them; an anonymous caller (and everyone in NONE mode,
 * where nobody logs in) when the licence id is in their `accepted-licenses` cookie.
 */
export interface GateCaller {
  user: SessionUser | null;
  /** The licence ids of the caller's accepted-licenses cookie; read only for anonymous callers. */
  acceptedLicenses?: readonly number[];
}

export const ACCEPTED_LICENSES_COOKIE = 'accepted-licenses';
/** More ids than any server has licences; a longer cookie is cut here rather than bound as parameters. */
const MAX_COOKIE_IDS = 1000;
const MAX_ID = 2_147_483_647;

/** The licence ids of a Cookie header's accepted-licenses cookie (ids joined by `|`); anything else is ignored. */
export function cookieLicenceIds(cookieHeader: string | undefined): number[] {
  if (!cookieHeader) return [];
  const ids = new Set<number>();
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== ACCEPTED_LICENSES_COOKIE) continue;
    let value = part.slice(at + 1).trim().replace(/^"|"$/g, '');
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    for (const piece of value.split('|')) {
      if (/^\d{1,10}$/.test(piece) && Number(piece) <= MAX_ID && ids.size < MAX_COOKIE_IDS) ids.add(Number(piece));
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** The gate's caller of a request: its user (set by the access hook) and its cookie's licence ids. */
export function gateCaller(request: Pick<FastifyRequest, 'headers'> & { user?: SessionUser | null }): GateCaller {
  return { user: request.user ?? null, acceptedLicenses: cookieLicenceIds(request.headers.cookie) };
}

/** Sets the accepted-licenses cookie to these ids (HttpOnly, like Germinate's; read by the server only). */
export function setLicenceCookie(reply: FastifyReply, ids: readonly number[], maxAgeSeconds: number): void {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  reply.header(
    'Set-Cookie',
    sorted.length === 0
      ? `${ACCEPTED_LICENSES_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`
      : `${ACCEPTED_LICENSES_COOKIE}=${sorted.join('|')}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax`,
  );
}

/**
 * True where the caller accepted the licence whose id `licenseIdSql` holds (not where it is NULL: say
 * "no licence" separately). User id and cookie ids travel as bound parameters.
 */
export function licenceAcceptedSql(licenseIdSql: RawBuilder<unknown>, caller: GateCaller): RawBuilder<unknown> {
  if (caller.user) {
    return sql`EXISTS (SELECT 1 FROM licenselogs gll WHERE gll.license_id = ${licenseIdSql} AND gll.user_id = ${caller.user.id})`;
  }
  const ids = caller.acceptedLicenses ?? [];
  if (ids.length === 0) return sql`(1 = 0)`;
  return sql`(${licenseIdSql} IN (${sql.join(ids.map((id) => sql`${id}`))}))`;
}

/** The datasets whose licence lets the caller in: those without a licence and those whose licence they accepted. */
export function datasetLicenceOpenSql(datasetIdSql: RawBuilder<unknown>, caller: GateCaller): RawBuilder<unknown> {
  return sql`(${datasetIdSql} IN (SELECT gd.id FROM datasets gd WHERE gd.license_id IS NULL OR ${licenceAcceptedSql(sql`gd.license_id`, caller)}))`;
}
