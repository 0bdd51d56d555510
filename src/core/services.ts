import type { ApiClient } from './api-client.js';
import type { ClientStore } from './client-state.js';
import type { PaneInstance } from './contracts.js';
import type { Toast } from './errors.js';
import type { Translator } from './i18n.js';
import type { Registry } from './registry.js';
import type { AuthMode } from './roles.js';
import type { Session } from './session.js';
import type { TableControllers } from './table-controllers.js';

/**
 * The services every plugin receives by name: in `activate`, in every command's context and in every
 * palette provider's search. Declared here without React so core and its tests know the shape; the
 * shell builds the one object. Adding a service never shifts the others.
 */

/** Where `open` puts a pane: in place of the caller, or in a new tile to its right or below it. */
export type OpenWhere = 'replace' | 'right' | 'down';

/**
 * A pane's unsaved work: while it is set, whatever would remove or replace the pane asks first (one modal
 * with the message and Stay / Leave), and closing or reloading the browser tab gets the browser's prompt.
 */
export interface LeaveGuard {
  /** The modal's question, e.g. "Your changes will be lost. Leave trial creation?". */
  messageKey: string;
  /** Called when the user chose Leave, just before the pane goes (say, to drop a kept draft). */
  onLeave?(): void;
}

export interface Workspace {
  /** Opens a pane relative to the focused pane (or `from`, a pane key). Returns the new pane's key. */
  open(instance: PaneInstance, where: OpenWhere, from?: string): string;
  close(key?: string): void;
  focus(key: string): void;
  focusedKey(): string;
  /** The pane open under a key (default: the focused one), for commands that act on what a pane shows. */
  instance(key?: string): PaneInstance | undefined;
  /** The address of the whole workspace (every tile and its state), absolute, for sharing. */
  link(): string;
  /** Sets (or with null clears) the leave guard of a pane; it also goes when the pane goes. */
  setLeaveGuard(paneKey: string, guard: LeaveGuard | null): void;
}

/** The public settings of `GET settings` that the client reads. */
export interface ClientSettings {
  authMode: AuthMode;
  hiddenPages: string[];
  hiddenColumns: Record<string, string[]>;
  colorsCharts: string[];
  [key: string]: unknown;
}

export interface PluginServices {
  api: ApiClient;
  session: Session;
  store: ClientStore;
  registry: Registry;
  /** Translates with the current locale (a function, as the locale can change after activation). */
  t: Translator['t'];
  toast(toast: Toast): void;
  settings: ClientSettings;
  /** Fetches GET settings again into `settings` (after an admin saves) and re-applies the guards to open panes. */
  refreshSettings(): Promise<void>;
  workspace: Workspace;
  /** Publishes a context key for `when` clauses (namespaced `domain.key`; core keys by the shell only). */
  publish(key: string, value: unknown): void;
  /** The table panes' controllers by pane instance key, for the shared table commands. */
  tables: TableControllers;
}
