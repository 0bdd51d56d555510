import { createContext, useContext, type ComponentType } from 'react';
import type { ApiClient } from '../core/api-client.js';
import type { ClientStore } from '../core/client-state.js';
import type { PaneInstance } from '../core/contracts.js';
import type { Toast } from '../core/errors.js';
import type { Translator } from '../core/i18n.js';
import type { Registry } from '../core/registry.js';
import type { Session } from '../core/session.js';
import type { AuthMode } from '../core/roles.js';

/**
 * What the shell gives every pane, and what a pane module exports. Plugins import only this file and
 * src/core from the shell side; the shell never imports a plugin's panes except through `load()`.
 */

/** Where `open` puts a pane: in place of the caller, or in a new tile to its right or below it. */
export type OpenWhere = 'replace' | 'right' | 'down';

export interface Workspace {
  /** Opens a pane relative to the focused pane (or `from`, a pane key). Returns the new pane's key. */
  open(instance: PaneInstance, where: OpenWhere, from?: string): string;
  close(key?: string): void;
  focus(key: string): void;
  focusedKey(): string;
}

/** The public settings of `GET settings` that the client reads. */
export interface ClientSettings {
  authMode: AuthMode;
  hiddenPages: string[];
  hiddenColumns: Record<string, string[]>;
  colorsCharts: string[];
  [key: string]: unknown;
}

export interface Services {
  api: ApiClient;
  session: Session;
  store: ClientStore;
  registry: Registry;
  translator: Translator;
  /** Shortcut for translator.t */
  t: Translator['t'];
  toast(toast: Toast): void;
  settings: ClientSettings;
  /** Fetches GET settings again into `settings` (after an admin saves) and re-applies the guards to open panes. */
  refreshSettings(): Promise<void>;
  workspace: Workspace;
  /** Publishes a context key for `when` clauses (namespaced `domain.key`; core keys by the shell only). */
  publish(key: string, value: unknown): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside the shell');
  return services;
}

export interface PaneProps {
  paneKey: string;
  instance: PaneInstance;
  focused: boolean;
  /** Replaces the pane's view state (filters, sort, page, tab): it is written into the URL's layout. */
  setState(state: Record<string, unknown>): void;
}

/** A pane type's lazily loaded module. */
export interface PaneModule {
  default: ComponentType<PaneProps>;
}
