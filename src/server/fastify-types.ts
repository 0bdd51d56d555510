import type { Role } from '../core/roles.js';
import type { ServerConfig } from './config.js';
import type { Database } from './db/database.js';
import type { SessionUser } from './auth/tokens.js';
import type { SettingsStore } from './settings.js';

/**
 * Who may call a route: 'none' = no authentication processing (settings, login, locales);
 * 'public' = follows authMode (token optional under SELECTIVE, required under FULL);
 * 'image' = public data fetched by an <img> or a map, which send no Authorization header: the image token
 * in the query (`?token=`) stands in for it (required under FULL, else 403);
 * a Role = at least that role. Every /api route must declare one; one hook enforces them all.
 */
export type Access = 'none' | 'public' | 'image' | Role;

/** One /api route and who may call it (listed for tests and the "who may do what" table). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export interface Clock {
  now(): number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    database: Database;
    config: ServerConfig;
    clock: Clock;
    settings: SettingsStore;
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    /** The caller, or null for an anonymous caller (Germinate's user -1000). */
    user: SessionUser | null;
  }
}
