import type { CommandSpec, PaletteProvider, PaneTypeSpec, SectionSpec } from './contracts.js';
import { KeyBindingError, parseKeys } from './keys.js';
import { compileRoute } from './routes.js';

/** What the registry refuses, and why: each contribution is checked before anything of its plugin is added. */
export type RegistryErrorCode =
  | 'duplicate-id'
  | 'duplicate-route'
  | 'invalid-contribution'
  | 'missing-requirement'
  | 'required-by'
  | 'activation-failed'
  | 'unknown-command'
  | 'unavailable-command';

export class RegistryError extends Error {
  constructor(
    readonly code: RegistryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RegistryError';
  }
}


export const PLUGIN_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
// `domain:name`, both kebab-case (`germplasm:open-passport`).
export const SCOPED_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ROLES: readonly string[] = ['AUTH_USER', 'DATA_CURATOR', 'ADMIN'];

export function invalid(message: string): RegistryError {
  return new RegistryError('invalid-contribution', message);
}

export function checkPane(pluginId: string, pane: PaneTypeSpec): void {
  if (!SCOPED_ID.test(pane.id)) throw invalid(`Plugin '${pluginId}': pane type id '${pane.id}' is not 'domain:name'`);
  if (!pane.titleKey) throw invalid(`Pane type '${pane.id}' has no titleKey`);
  if (!pane.pageName) throw invalid(`Pane type '${pane.id}' has no pageName`);
  if (pane.minRole != null && !ROLES.includes(pane.minRole))
    throw invalid(`Pane type '${pane.id}' has an unknown minRole '${pane.minRole}'`);
  try {
    compileRoute(pane.route);
  } catch (error) {
    throw new RegistryError('invalid-contribution', `Pane type '${pane.id}': ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export function checkCommand(pluginId: string, command: CommandSpec): void {
  if (!SCOPED_ID.test(command.id))
    throw invalid(`Plugin '${pluginId}': command id '${command.id}' is not 'domain:verb-noun'`);
  if (!command.titleKey) throw invalid(`Command '${command.id}' has no titleKey`);
  if (typeof command.run !== 'function') throw invalid(`Command '${command.id}' has no run()`);
  for (const keys of command.keys ?? []) {
    try {
      parseKeys(keys);
    } catch (error) {
      const reason = error instanceof KeyBindingError ? error.reason : String(error);
      throw new RegistryError('invalid-contribution', `Command '${command.id}': key '${keys}' is invalid: ${reason}`, {
        cause: error,
      });
    }
  }
}

export function checkSection(pluginId: string, section: SectionSpec): void {
  if (!SCOPED_ID.test(section.id)) throw invalid(`Plugin '${pluginId}': section id '${section.id}' is not 'domain:name'`);
  if (!SCOPED_ID.test(section.slot)) throw invalid(`Section '${section.id}': slot '${section.slot}' is not 'owner:place'`);
  if (!section.titleKey) throw invalid(`Section '${section.id}' has no titleKey`);
  if (section.minRole != null && !ROLES.includes(section.minRole)) throw invalid(`Section '${section.id}' has an unknown minRole '${section.minRole}'`);
}

export function checkProvider(pluginId: string, provider: PaletteProvider): void {
  if (!provider.id || /\s/.test(provider.id))
    throw invalid(`Plugin '${pluginId}': palette provider id '${provider.id}' is invalid`);
  if (!Number.isInteger(provider.minLength) || provider.minLength < 0) {
    throw invalid(`Palette provider '${provider.id}' needs a whole-number minLength ≥ 0`);
  }
}

/** Throws naming the first id that is already taken (by the registry or earlier in `ids`). */
export function checkUnique(kind: string, ids: readonly string[], taken: (id: string) => string | undefined): void {
  const seen = new Set<string>();
  for (const id of ids) {
    const owner = taken(id);
    if (owner !== undefined)
      throw new RegistryError('duplicate-id', `${kind} '${id}' is already registered by plugin '${owner}'`);
    if (seen.has(id)) throw new RegistryError('duplicate-id', `${kind} '${id}' is contributed twice by one plugin`);
    seen.add(id);
  }
}

