/** Fixtures shared by the registry tests: small plugins and contexts. */
import { vi } from 'vitest';
import type {
  ClientPlugin,
  CommandContext,
  CommandSpec,
  ContextKeys,
  PaletteProvider,
  PaneTypeSpec,
} from './contracts.js';
import { createRegistry, type RegistryOptions } from './registry.js';
import { stubServices } from './services.test-support.js';
import { and, roleAtLeast, selection } from './when.js';

export const keys = (overrides: Partial<ContextKeys> = {}): ContextKeys => ({
  authMode: 'NONE',
  role: null,
  focusedPane: null,
  selectionCount: 0,
  ...overrides,
});
export const context = (
  overrides: Partial<ContextKeys> = {},
  source: CommandContext['source'] = 'palette',
): CommandContext => ({
  ...stubServices(),
  keys: keys(overrides),
  source,
});

export const pane = (id: string, route: string, extra: Partial<PaneTypeSpec> = {}): PaneTypeSpec => ({
  id,
  route,
  pageName: id.split(':')[1],
  titleKey: `${id.replace(':', '.')}.title`,
  load: async () => ({}),
  ...extra,
});
export const command = (id: string, extra: Partial<CommandSpec> = {}): CommandSpec => ({
  id,
  titleKey: `${id.replace(':', '.')}.title`,
  run: () => id,
  ...extra,
});
export const provider = (id: string): PaletteProvider => ({ id, minLength: 3, search: async () => [] });

export function germplasm(extra: Partial<ClientPlugin> = {}): ClientPlugin {
  return {
    id: 'germplasm',
    contributes: {
      panes: [
        pane('germplasm:table', '/data/germplasm'),
        pane('germplasm:passport', '/data/germplasm/:germplasmId', { inSidebar: false }),
        pane('germplasm:unifier', '/data/germplasm-unifier', {
          pageName: 'germplasm-unifier',
          minRole: 'DATA_CURATOR',
        }),
      ],
      commands: [
        command('germplasm:open-table', { keys: ['g g'] }),
        command('germplasm:merge-selected', {
          keys: ['$mod+Shift+m'],
          when: and(roleAtLeast('DATA_CURATOR'), selection(2)),
        }),
      ],
      paletteProviders: [provider('germplasm:by-name')],
    },
    ...extra,
  };
}

export function setup(options: RegistryOptions = {}) {
  const log = vi.fn();
  return { registry: createRegistry({ log, services: () => stubServices(), ...options }), log };
}
