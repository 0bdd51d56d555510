import { createContext, useContext, type ComponentType } from 'react';
import type { PaneInstance } from '../core/contracts.js';
import type { Translator } from '../core/i18n.js';
import type { ClientSettings, OpenWhere, PluginServices, Workspace } from '../core/services.js';

/**
 * What the shell gives every pane, and what a pane module exports. Plugins import only this file and
 * src/core from the shell side; the shell never imports a plugin's panes except through `load()`.
 */

export type { ClientSettings, OpenWhere, PluginServices, Workspace };

/** What a pane receives: the plugin services, plus the translator of the current locale. */
export interface Services extends PluginServices {
  translator: Translator;
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
