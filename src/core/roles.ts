/** The three Germinate roles, weakest first, and how they compare (a stronger role passes every weaker check). */
export const USER_TYPES = ['Regular User', 'Data Curator', 'Administrator'] as const;
export type UserType = (typeof USER_TYPES)[number] | 'Suspended User';

export type Role = 'AUTH_USER' | 'DATA_CURATOR' | 'ADMIN';

const RANK: Record<Role | 'UNKNOWN', number> = { UNKNOWN: 0, AUTH_USER: 1, DATA_CURATOR: 2, ADMIN: 3 };

export function roleOf(userType: string | null | undefined): Role | 'UNKNOWN' {
  switch (userType) {
    case 'Administrator':
      return 'ADMIN';
    case 'Data Curator':
      return 'DATA_CURATOR';
    case 'Regular User':
      return 'AUTH_USER';
    default:
      return 'UNKNOWN';
  }
}

/** A higher role passes every lower check; UNKNOWN passes none. */
export function hasRole(actual: Role | 'UNKNOWN', required: Role): boolean {
  return RANK[actual] >= RANK[required];
}

export type AuthMode = 'NONE' | 'SELECTIVE' | 'FULL';
export const AUTH_MODES: readonly AuthMode[] = ['NONE', 'SELECTIVE', 'FULL'];
