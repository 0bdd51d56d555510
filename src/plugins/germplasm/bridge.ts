import type { ApiClient } from '../../core/api-client.js';
import type { ClientStore } from '../../core/client-state.js';
import type { CommandContext } from '../../core/contracts.js';
import type { Services } from '../../shell/pane-api.js';

/**
 * How commands reach the pane they act on: keys and the palette run commands through the registry, so
 * a table pane registers what it can do under its pane key and the command asks the focused one.
 */
export interface TableController {
  moveRow(delta: number): void;
  /** Opens the selected row's passport. */
  openSelected(where: 'replace' | 'right'): void;
  toggleMark(): void;
  markRange(): void;
  openFilter(): void;
  openJump(): void;
  exportCurrent(): Promise<void>;
  /** List pane: marks every match; marked pane: clears the marks. */
  bulk?(): void;
}

const controllers = new Map<string, TableController>();

/** Registers a pane's controller; the returned function removes it (on unmount). */
export function registerController(paneKey: string, controller: TableController): () => void {
  controllers.set(paneKey, controller);
  return () => {
    if (controllers.get(paneKey) === controller) controllers.delete(paneKey);
  };
}

export function controllerFor(paneKey: string): TableController | undefined {
  return controllers.get(paneKey);
}

/** The shell's services as the command context carries them (by name, or grouped under `services`). */
export function servicesOf(context: CommandContext): Services | null {
  const grouped = context.services;
  const candidate = (typeof grouped === 'object' && grouped !== null ? grouped : context) as Partial<Services>;
  return candidate.workspace && candidate.store ? (candidate as Services) : null;
}

/** What the plugin keeps from activate(): the palette provider's search has no context of its own. */
export interface Bound {
  api: ApiClient | null;
  store: ClientStore | null;
}
export const bound: Bound = { api: null, store: null };

/** The focused pane's controller, when the command context can name the focused pane. */
export function focusedController(context: CommandContext): TableController | undefined {
  const services = servicesOf(context);
  return services ? controllers.get(services.workspace.focusedKey()) : undefined;
}
