import { describe, expect, it } from 'vitest';
import en_GB from '../../locales/en_GB.json';
import de_DE from '../../locales/de_DE.json';
import { missingKeys } from '../core/i18n.js';
import { bindingsOf, createKeymap, type KeyConflict } from '../core/keys.js';
import { createRegistry } from '../core/registry.js';
import { clientPlugins } from '../plugins/client.js';
import { createCorePlugin } from './core-plugin.js';
import { createShellController } from './shell-controller.js';

function registered() {
  const registry = createRegistry({ services: {} });
  const shell = createShellController({
    history: { push: () => {}, replace: () => {}, location: () => ({ pathname: '/home', search: '' }) },
    paneTypes: () => registry.paneTypes(),
    paneType: (id) => registry.paneType(id),
    authMode: () => 'NONE',
    hiddenPages: () => [],
    role: () => null,
    rememberTarget: () => {},
  });
  const noop = () => {};
  const core = createCorePlugin({ shell, toggleDarkMode: noop, switchLocale: noop, logout: async () => {}, login: noop, print: noop, toggleSidebar: noop });
  const conflicts: KeyConflict[] = [];
  const keymap = createKeymap({ platform: 'other', onConflict: (conflict) => conflicts.push(conflict) });
  for (const plugin of [core, ...clientPlugins]) {
    registry.registerPlugin(plugin);
    keymap.add(...bindingsOf(plugin.contributes.commands ?? [], plugin.id === 'core' ? 'core' : 'plugin', plugin.id));
  }
  return { registry, keymap, conflicts, shell };
}

describe('core plugin', () => {
  it('registers with the client plugins without key conflicts', () => {
    const { keymap, conflicts } = registered();
    expect(conflicts).toEqual([]);
    expect(keymap.resolve()['Control+k']).toBe('shell:open-palette');
    expect(keymap.resolve()['Alt+Backslash']).toBe('workspace:split-right');
  });

  it('has English and German texts for every title it shows', () => {
    const { registry } = registered();
    const keys = [
      ...registry.commands().map((command) => command.titleKey),
      ...registry.paneTypes().map((pane) => pane.titleKey),
      ...registry.plugins().map((plugin) => `shell.plugin.${plugin.id}`),
    ];
    expect(missingKeys(keys, en_GB)).toEqual([]);
    expect(missingKeys(keys, de_DE)).toEqual([]);
  });

  it('gives every shell, home, login, help and error page text a German translation', () => {
    const ours = Object.keys(en_GB).filter((key) => /^(shell|home|login|help|error\.page)\./.test(key));
    expect(missingKeys(ours, de_DE)).toEqual([]);
  });

  it('runs workspace commands through the registry', async () => {
    const { registry, shell } = registered();
    shell.navigate(null, 'replace');
    const run = (id: string) => registry.execute(id, undefined, { keys: shell.contextKeys(), source: 'key' });
    await run('workspace:split-right');
    await run('workspace:split-down');
    expect(Object.keys(shell.get().layout.panes)).toHaveLength(3);
    await run('workspace:focus-left');
    expect(shell.get().layout.focused).toBe('p1');
    await run('workspace:close-pane');
    expect(Object.keys(shell.get().layout.panes)).toEqual(['p2', 'p3']);
    await run('shell:keyboard-help');
    expect(shell.contextKeys().focusedPane).toBe('core:keyboard-help');
  });
});
