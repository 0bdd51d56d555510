import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CommandSource } from '../core/contracts.js';
import type { Keymap, Platform } from '../core/keys.js';
import type { Locale } from '../core/i18n.js';
import type { ClientSettings, Services } from './pane-api.js';
import type { Box } from './box.js';
import type { ShellModalRequest } from './modals/modal-request.js';
import type { ShellController, ShellState } from './shell-controller.js';

/**
 * What the shell's own components (frame, workspace, core panes) share beyond the plugin-facing
 * Services: the controller, the keymap and the shell actions. Plugins never see this.
 */
export interface ShellRuntime {
  shell: ShellController;
  keymap: Keymap;
  platform: Platform;
  settings: ClientSettings;
  /** Runs a command through the registry with its source; failures are logged, not thrown. */
  run(id: string, source: CommandSource, args?: unknown): void;
  /** Whether a command's `when` passes now (keys of unavailable commands keep their browser meaning). */
  isAvailable(id: string): boolean;
  setLocale(locale: Locale): Promise<void>;
  toggleDarkMode(): void;
  logout(): Promise<void>;
  /** The shell modal showing now (session token, feedback, changelog…); set(null) closes it. */
  modal: Box<ShellModalRequest | null>;
  openModal(request: ShellModalRequest): void;
}

export const ShellContext = createContext<ShellRuntime | null>(null);

export function useShell(): ShellRuntime {
  const runtime = useContext(ShellContext);
  if (!runtime) throw new Error('useShell outside the shell');
  return runtime;
}

export function useShellState(): ShellState {
  const { shell } = useShell();
  return useSyncExternalStore(shell.subscribe, shell.get);
}

export type { Services };
