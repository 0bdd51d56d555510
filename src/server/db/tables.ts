import type { Generated } from 'kysely';

/** Tables owned by the server core. Domain plugins declare their own and use `db.withTables<…>()`. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower-cased username, unique: logins ignore case */
  username_key: string;
  full_name: string | null;
  email: string | null;
  password_hash: string;
  user_type: string;
  created_on: string;
  last_login: string | null;
}

export interface TokensTable {
  /** sha256 of the bearer token: a leaked database does not leak sessions */
  token_hash: string;
  image_token_hash: string;
  user_id: number;
  created_on: number;
  /** ms since epoch of the last successful call: the sliding lifetime counts from here */
  last_used: number;
  lifetime: number;
}

export interface SettingsTable {
  key: string;
  /** JSON text */
  value: string;
  updated_on: string;
}

export interface CoreTables {
  users: UsersTable;
  tokens: TokensTable;
  settings: SettingsTable;
}
