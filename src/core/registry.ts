import type {
  ClientPlugin,
  CommandContext,
  CommandSource,
  CommandSpec,
  ContextKeys,
  PaletteProvider,
  SectionSpec,
  PaneTypeSpec,
} from './contracts.js';
import type { PluginServices } from './services.js';
import type { Role } from './roles.js';
import { compileRoute } from './routes.js';
import { describeWhen, minRoleOf } from './when.js';
import { checkCommand, checkPane, checkProvider, checkSection, checkUnique, invalid, PLUGIN_ID, RegistryError } from './registry-checks.js';

export { RegistryError, type RegistryErrorCode } from './registry-checks.js';

/**
 * The one registry of plugins and what they contribute, as plain data: ids are checked when they
 * arrive, every registration has a disposer, and every command runs through `execute`, which records
 * where it came from.
 */

export interface RecentCommand {
  readonly id: string;
  readonly source: CommandSource;
  /** Epoch milliseconds when it started. */
  readonly at: number;
  /** Kept so a data story can replay the step. */
  readonly args: unknown;
}

export type ContributionKind = 'pane' | 'command' | 'palette-provider';

/** One row of the keyboard help pane and of the "who may do what" table. */
export interface ContributionRow {
  readonly pluginId: string;
  readonly kind: ContributionKind;
  readonly id: string;
  readonly titleKey: string | null;
  readonly keys: readonly string[];
  readonly route: string | null;
  readonly pageName: string | null;
  /** A pane's minRole, or the role a command's `when` is known to need. */
  readonly minRole: Role | null;
  /** A command's `when`, described; null = always available. */
  readonly when: string | null;
}

export type RegistryChange = { readonly type: 'registered' | 'unregistered'; readonly pluginId: string };

export interface RegistryOptions {
  /**
   * The services handed to `activate` by name. A function, because the services include this
   * registry; without it a plugin that has `activate` cannot be registered.
   */
  services?: () => PluginServices;
  log?: (message: string, error?: unknown) => void;
  now?: () => number;
}

export interface Registry {
  registerPlugin(plugin: ClientPlugin): () => void;
  plugins(): readonly ClientPlugin[];
  paneTypes(): readonly PaneTypeSpec[];
  paneType(id: string): PaneTypeSpec | undefined;
  commands(): readonly CommandSpec[];
  command(id: string): CommandSpec | undefined;
  paletteProviders(): readonly PaletteProvider[];
  /** The sections contributed to a slot, in their order. */
  sections(slot: string): readonly SectionSpec[];
  /** Commands whose `when` passes; a throwing `when` counts as false. */
  available(context: ContextKeys): CommandSpec[];
  isAvailable(id: string, context: ContextKeys): boolean;
  /** The one way to run a command; resolves to its result, rejects with RegistryError if it can't run. */
  execute(id: string, args: unknown, context: CommandContext): Promise<unknown>;
  /** Newest first, at most RECENT_LIMIT. */
  recent(): readonly RecentCommand[];
  subscribe(listener: (change: RegistryChange) => void): () => void;
  describe(): ContributionRow[];
}

export const RECENT_LIMIT = 50;

interface Registered {
  readonly plugin: ClientPlugin;
  readonly panes: readonly PaneTypeSpec[];
  readonly commands: readonly CommandSpec[];
  readonly providers: readonly PaletteProvider[];
  readonly sections: readonly SectionSpec[];
  deactivate?: () => void;
}

export function createRegistry(options: RegistryOptions = {}): Registry {
  const log = options.log ?? ((message: string, error?: unknown) => console.warn(message, error));
  const now = options.now ?? Date.now;

  const plugins = new Map<string, Registered>();
  const panes = new Map<string, { spec: PaneTypeSpec; pluginId: string }>();
  const commands = new Map<string, { spec: CommandSpec; pluginId: string }>();
  const providers = new Map<string, { spec: PaletteProvider; pluginId: string }>();
  const sections = new Map<string, { spec: SectionSpec; pluginId: string }>();
  const listeners = new Set<(change: RegistryChange) => void>();
  const loggedWhens = new WeakSet<CommandSpec>();
  let recent: readonly RecentCommand[] = [];

  function notify(change: RegistryChange): void {
    for (const listener of [...listeners]) {
      try {
        listener(change);
      } catch (error) {
        log(`Registry listener failed on ${change.type} '${change.pluginId}'`, error);
      }
    }
  }

  function passes(command: CommandSpec, context: ContextKeys): boolean {
    if (!command.when) return true;
    try {
      return command.when(context) === true;
    } catch (error) {
      // A broken `when` would otherwise log on every palette keystroke.
      if (!loggedWhens.has(command)) {
        loggedWhens.add(command);
        log(`The when of command '${command.id}' threw; the command counts as unavailable`, error);
      }
      return false;
    }
  }

  function checkRoutes(pluginId: string, added: readonly PaneTypeSpec[]): void {
    const shapes = new Map<string, string>();
    for (const { spec } of panes.values()) shapes.set(compileRoute(spec.route).shape, spec.id);
    for (const pane of added) {
      const shape = compileRoute(pane.route).shape;
      const other = shapes.get(shape);
      // Same shape = same paths: one of the two could never be opened from a URL.
      if (other !== undefined) {
        throw new RegistryError(
          'duplicate-route',
          `Plugin '${pluginId}': pane type '${pane.id}' route '${pane.route}' matches the same paths as pane type '${other}'`,
        );
      }
      shapes.set(shape, pane.id);
    }
  }

  function remove(entry: Registered): void {
    for (const pane of entry.panes) panes.delete(pane.id);
    for (const command of entry.commands) commands.delete(command.id);
    for (const provider of entry.providers) providers.delete(provider.id);
    for (const section of entry.sections) sections.delete(section.id);
    plugins.delete(entry.plugin.id);
  }

  function unregister(entry: Registered): void {
    const dependants = [...plugins.values()].filter((other) => other.plugin.requires?.includes(entry.plugin.id));
    if (dependants.length > 0) {
      const names = dependants.map((other) => `'${other.plugin.id}'`).join(', ');
      throw new RegistryError(
        'required-by',
        `Plugin '${entry.plugin.id}' is required by ${names}; dispose those first`,
      );
    }
    remove(entry);
    try {
      entry.deactivate?.();
    } catch (error) {
      log(`Plugin '${entry.plugin.id}' failed to clean up`, error);
    }
    notify({ type: 'unregistered', pluginId: entry.plugin.id });
  }

  function registerPlugin(plugin: ClientPlugin): () => void {
    if (!PLUGIN_ID.test(plugin.id)) throw invalid(`Plugin id '${plugin.id}' is not kebab-case`);
    if (plugins.has(plugin.id)) throw new RegistryError('duplicate-id', `Plugin '${plugin.id}' is already registered`);
    const missing = (plugin.requires ?? []).filter((id) => !plugins.has(id));
    if (missing.length > 0) {
      throw new RegistryError(
        'missing-requirement',
        `Plugin '${plugin.id}' requires ${missing.map((id) => `'${id}'`).join(', ')}, which is not registered`,
      );
    }
    // Copied, so editing the plugin object later cannot change what was checked.
    const entry: Registered = {
      plugin,
      panes: [...(plugin.contributes.panes ?? [])],
      commands: [...(plugin.contributes.commands ?? [])],
      providers: [...(plugin.contributes.paletteProviders ?? [])],
      sections: [...(plugin.contributes.sections ?? [])],
    };
    // Everything is checked before anything is added, so a bad plugin leaves no trace.
    entry.panes.forEach((pane) => checkPane(plugin.id, pane));
    entry.commands.forEach((command) => checkCommand(plugin.id, command));
    entry.providers.forEach((provider) => checkProvider(plugin.id, provider));
    entry.sections.forEach((section) => checkSection(plugin.id, section));
    checkUnique(
      'Pane type',
      entry.panes.map((pane) => pane.id),
      (id) => panes.get(id)?.pluginId,
    );
    checkUnique(
      'Command',
      entry.commands.map((command) => command.id),
      (id) => commands.get(id)?.pluginId,
    );
    checkUnique(
      'Palette provider',
      entry.providers.map((provider) => provider.id),
      (id) => providers.get(id)?.pluginId,
    );
    checkUnique(
      'Section',
      entry.sections.map((section) => section.id),
      (id) => sections.get(id)?.pluginId,
    );
    checkRoutes(plugin.id, entry.panes);

    plugins.set(plugin.id, entry);
    for (const spec of entry.panes) panes.set(spec.id, { spec, pluginId: plugin.id });
    for (const spec of entry.commands) commands.set(spec.id, { spec, pluginId: plugin.id });
    for (const spec of entry.providers) providers.set(spec.id, { spec, pluginId: plugin.id });
    for (const spec of entry.sections) sections.set(spec.id, { spec, pluginId: plugin.id });

    try {
      if (plugin.activate && !options.services) throw new Error('the registry was created without services');
      const deactivate = plugin.activate && options.services ? plugin.activate(Object.freeze({ ...options.services() })) : undefined;
      if (typeof deactivate === 'function') entry.deactivate = deactivate;
    } catch (error) {
      remove(entry);
      throw new RegistryError(
        'activation-failed',
        `Plugin '${plugin.id}' failed to activate: ${(error as Error)?.message ?? String(error)}`,
        { cause: error },
      );
    }
    notify({ type: 'registered', pluginId: plugin.id });

    let disposed = false;
    return () => {
      if (disposed) return;
      unregister(entry);
      disposed = true;
    };
  }

  async function execute(id: string, args: unknown, context: CommandContext): Promise<unknown> {
    const command = commands.get(id)?.spec;
    if (!command) throw new RegistryError('unknown-command', `Unknown command '${id}'`);
    if (!passes(command, context.keys)) {
      throw new RegistryError(
        'unavailable-command',
        `Command '${id}' is not available here (when: ${describeWhen(command.when)})`,
      );
    }
    // A fresh frozen list each time, so a list handed out earlier never changes under its reader.
    recent = Object.freeze(
      [Object.freeze({ id, source: context.source, at: now(), args }), ...recent].slice(0, RECENT_LIMIT),
    );
    return await command.run(args, context);
  }

  function describe(): ContributionRow[] {
    const rows: ContributionRow[] = [];
    const base = { titleKey: null, keys: [], route: null, pageName: null, minRole: null, when: null };
    for (const { plugin, panes: ownPanes, commands: ownCommands, providers: ownProviders } of plugins.values()) {
      const pluginId = plugin.id;
      for (const pane of ownPanes) {
        rows.push({
          ...base,
          pluginId,
          kind: 'pane',
          id: pane.id,
          titleKey: pane.titleKey,
          route: pane.route,
          pageName: pane.pageName,
          minRole: pane.minRole ?? null,
        });
      }
      for (const command of ownCommands) {
        rows.push({
          ...base,
          pluginId,
          kind: 'command',
          id: command.id,
          titleKey: command.titleKey,
          keys: [...(command.keys ?? [])],
          minRole: minRoleOf(command.when),
          when: describeWhen(command.when),
        });
      }
      for (const provider of ownProviders) rows.push({ ...base, pluginId, kind: 'palette-provider', id: provider.id });
    }
    return rows;
  }

  return {
    registerPlugin,
    plugins: () => [...plugins.values()].map((entry) => entry.plugin),
    paneTypes: () => [...panes.values()].map((entry) => entry.spec),
    paneType: (id) => panes.get(id)?.spec,
    commands: () => [...commands.values()].map((entry) => entry.spec),
    command: (id) => commands.get(id)?.spec,
    paletteProviders: () => [...providers.values()].map((entry) => entry.spec),
    sections: (slot) =>
      [...sections.values()]
        .map((entry) => entry.spec)
        .filter((spec) => spec.slot === slot)
        .sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id)),
    available: (context) =>
      [...commands.values()].map((entry) => entry.spec).filter((command) => passes(command, context)),
    isAvailable: (id, context) => {
      const command = commands.get(id)?.spec;
      return command !== undefined && passes(command, context);
    },
    execute,
    recent: () => recent,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    describe,
  };
}
