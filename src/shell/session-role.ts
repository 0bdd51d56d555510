import type { Role } from '../core/roles.js';
import type { Session } from '../core/session.js';

/** The role the guard and `when` clauses see: none without a valid session or with an unknown type. */
export function roleOfSession(session: Session): Role | null {
  const current = session.current();
  if (!current || !session.isValid()) return null;
  return current.role === 'UNKNOWN' ? null : current.role;
}
