import type { AuthMode, Role } from './roles.js';
import type { PluginServices } from './services.js';

/**
 * The contracts between core, shell and plugins on the client side. Core is framework-free: a pane's
 * component is opaque here (`unknown`); the shell knows it is a React component.
 */

/** A pane type: one screen, addressed by its Germinate route. */
export interface PaneTypeSpec {
  /** Unique id, `domain:name`, e.g. `germplasm:passport`. */
  id: string;
  /** Germinate's route pattern with `:params`, e.g. `/data/germplasm/:germplasmId`. */
  route: string;
  /** Germinate's route name, as the server's hiddenPages setting lists it (e.g. `passport`). */
  pageName: string;
  /** Message key of the pane's title. */
  titleKey: string;
  /** Minimum role; null/undefined = open to everyone the authMode lets in. */
  minRole?: Role | null;
  /** False for pages that can never be hidden (about/germinate). Default true. */
  hideable?: boolean;
  /** Shown in the sidebar of panes the user may open (panes that need params are not). Default true. */
  inSidebar?: boolean;
  /**
   * The plugin whose sidebar section lists it, when that is not its own: a domain's administration pane
   * (say, licences) belongs with the other administration panes. Default: its plugin's section.
   */
  sidebarSection?: string;
  /**
   * What sort of pane this is beyond its domain (`table`: a shared table pane). Commands that serve
   * every pane of a kind are enabled by it (`paneKindFocused('table')`).
   */
  kind?: string;
  /** Loads the pane's code (a lazy chunk). */
  load: () => Promise<unknown>;
}

/** An open pane: its type, its route params, and its view state (filters, sort, page, tab…). */
export interface PaneInstance {
  type: string;
  params: Record<string, string>;
  state?: Record<string, unknown>;
}

/** What a `when` clause and a guard read: published by core and plugins. */
export interface ContextKeys {
  authMode: AuthMode;
  /** The caller's role, or null when not logged in. */
  role: Role | null;
  /** Type id of the focused pane, or null. */
  focusedPane: string | null;
  /** The focused pane type's kind (`table` for every table pane), or null; absent where nobody set it. */
  focusedPaneKind?: string | null;
  /** Number of items selected in the focused pane. */
  selectionCount: number;
  /** Plugin-published keys (namespaced `domain.key`). */
  [key: string]: unknown;
}

/** Where a command was run from (palette, key, button, story step), for history and replay. */
export type CommandSource = 'palette' | 'key' | 'button' | 'menu' | 'story' | 'api';

export interface CommandSpec<Args = unknown> {
  /** `domain:verb-noun`, e.g. `germplasm:open-passport`. */
  id: string;
  /** Message key of the title shown in the palette and menus. */
  titleKey: string;
  /** Key strings in tinykeys syntax (`$mod+k`, `g g`, `Shift+x`). */
  keys?: string[];
  /** Whether the command is available; absent = always. */
  when?: (context: ContextKeys) => boolean;
  run(args: Args, context: CommandContext): unknown;
}

/** What a command receives: the services by name (never positional), the context keys and its source. */
export interface CommandContext extends PluginServices {
  keys: ContextKeys;
  source: CommandSource;
}

/** Live palette entries (e.g. "germplasm by name" searching the server as you type). */
export interface PaletteProvider {
  id: string;
  /** Minimum characters before the provider is asked (3 for server searches). */
  minLength: number;
  search(text: string, signal: AbortSignal, services: PluginServices): Promise<PaletteItem[]>;
  /** An action on the typed text itself ("search everywhere for …"), listed after the commands and panes, not a hit. */
  fallback?: boolean;
}

export interface PaletteItem {
  id: string;
  /** Already-translated label (data, e.g. a germplasm name) … */
  label: string;
  /** … and an optional message key for its kind. */
  kindKey?: string;
  run(context: CommandContext): unknown;
}

/**
 * A part one plugin adds to a screen of another (the trials export page of the datasets' export pane, a
 * passport section), found by the slot's name: the owner of the screen names its slots and the props each
 * slot's modules get; plugins never import each other, so this is how a screen shows another domain's data.
 */
export interface SectionSpec {
  /** `domain:name`, unique like pane ids. */
  id: string;
  /** The slot's name, `owner:place` (e.g. `germplasm:passport`, `datasets:export-trials`). */
  slot: string;
  /** Message key of the section's heading. */
  titleKey: string;
  /** Place among the slot's sections, ascending; then by id. Default 100. */
  order?: number;
  /** Minimum role to see it; null/undefined = everyone who sees the screen. */
  minRole?: Role | null;
  /** Loads the section's module (a lazy chunk; its default export renders it). */
  load: () => Promise<unknown>;
}

/** A client plugin: one inspectable object whose contributions core can list without running it. */
export interface ClientPlugin {
  id: string;
  requires?: string[];
  contributes: {
    panes?: PaneTypeSpec[];
    commands?: CommandSpec[];
    paletteProviders?: PaletteProvider[];
    sections?: SectionSpec[];
  };
  activate?(services: PluginServices): void | (() => void);
}
