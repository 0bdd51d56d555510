/**
 * How the shared table commands reach the table they act on: keys and the palette run commands through
 * the registry, so each table pane registers what it can do under its pane instance key, and a command
 * asks for the focused pane's. A service the shell creates, not a module global, so two workspaces (or
 * two tests) never share controllers.
 */
export type OpenWhere = 'replace' | 'right';

export interface TableController {
  moveRow(delta: number): void;
  /** Runs the declaration's open action on the row under the cursor (in place, or beside). */
  openSelected(where: OpenWhere): void;
  toggleMark(): void;
  /** Marks from the last marked row to the cursor. */
  markRange(): void;
  /** Marks every row of the page, or what the pane says "all" means (every match of a list). */
  markAll(): void;
  openFilter(): void;
  /** The one-line keyboard filter (`genus = Hordeum and name contains CACTUAR-21`). */
  openFilterLine(): void;
  openJump(): void;
  exportCurrent(): Promise<void>;
}

export interface TableControllers {
  /** Registers a pane's controller; the returned function removes it (on unmount). */
  register(paneKey: string, controller: TableController): () => void;
  get(paneKey: string): TableController | undefined;
}

export function createTableControllers(): TableControllers {
  const controllers = new Map<string, TableController>();
  return {
    register(paneKey, controller) {
      controllers.set(paneKey, controller);
      return () => {
        // A remount may have registered a newer controller under the same key first.
        if (controllers.get(paneKey) === controller) controllers.delete(paneKey);
      };
    },
    get: (paneKey) => controllers.get(paneKey),
  };
}
