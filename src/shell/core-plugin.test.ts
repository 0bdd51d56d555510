import { describe, expect, it } from 'vitest';
import en_GB from '../../locales/en_GB.json';
import de_DE from '../../locales/de_DE.json';
import { missingKeys } from '../core/i18n.js';
import { bindingsOf, createKeymap, type KeyConflict } from '../core/keys.js';
import { createRegistry } from '../core/registry.js';
import { stubServices } from '../core/services.test-support.js';
import { clientPlugins } from '../plugins/client.js';
import { createCorePlugin } from './core-plugin.js';
import type { AuthMode, Role } from '../core/roles.js';
import type { ShellModalRequest } from './modals/modal-request.js';
import type { ClientSettings } from './pane-api.js';
import { createShellController } from './shell-controller.js';

function registered(settings: Partial<ClientSettings> = {}, role: Role | null = null, authMode: AuthMode = 'NONE') {
  const registry = createRegistry({ services: () => stubServices() });
  const shell = createShellController({
    history: { push: () => {}, replace: () => {}, location: () => ({ pathname: '/home', search: '' }) },
    paneTypes: () => registry.paneTypes(),
    paneType: (id) => registry.paneType(id),
    authMode: () => authMode,
    hiddenPages: () => [],
    role: () => role,
    rememberTarget: () => {},
  });
  const noop = () => {};
  const modals: ShellModalRequest[] = [];
  const current: ClientSettings = { authMode, hiddenPages: [], hiddenColumns: {}, colorsCharts: [], ...settings };
  const core = createCorePlugin({
    shell,
    toggleDarkMode: noop,
    switchLocale: noop,
    logout: async () => {},
    login: noop,
    print: noop,
    toggleSidebar: noop,
    openModal: (request) => modals.push(request),
    settings: () => current,
  });
  const conflicts: KeyConflict[] = [];
  const keymap = createKeymap({ platform: 'other', onConflict: (conflict) => conflicts.push(conflict) });
  for (const plugin of [core, ...clientPlugins]) {
    registry.registerPlugin(plugin);
    keymap.add(...bindingsOf(plugin.contributes.commands ?? [], plugin.id === 'core' ? 'core' : 'plugin', plugin.id));
  }
  return { registry, keymap, conflicts, shell, modals };
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
    const run = (id: string) => registry.execute(id, undefined, { ...stubServices(), keys: shell.contextKeys(), source: 'key' });
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

  it('offers the account and comfort commands only where they make sense', () => {
    const available = (settings: Partial<ClientSettings>, role: Role | null, authMode: AuthMode) => {
      const { registry, shell } = registered(settings, role, authMode);
      const ids = ['shell:session-token', 'shell:feedback', 'shell:register', 'shell:cookie-consent', 'shell:changelog', 'shell:chart-colours'];
      return ids.filter((id) => registry.isAvailable(id, shell.contextKeys()));
    };
    expect(available({}, null, 'SELECTIVE')).toEqual(['shell:cookie-consent', 'shell:changelog', 'shell:chart-colours']);
    expect(available({ supportsFeedback: true, registrationEnabled: true }, null, 'SELECTIVE')).toEqual([
      'shell:feedback',
      'shell:register',
      'shell:cookie-consent',
      'shell:changelog',
      'shell:chart-colours',
    ]);
    // Logged in: the token instead of registration; NONE has no accounts at all.
    expect(available({ registrationEnabled: true }, 'AUTH_USER', 'FULL')).toContain('shell:session-token');
    expect(available({ registrationEnabled: true }, 'AUTH_USER', 'FULL')).not.toContain('shell:register');
    expect(available({ registrationEnabled: true }, null, 'NONE')).not.toContain('shell:register');
  });

  it('opens the modals the commands name, feedback on Alt+Shift+F', async () => {
    const { registry, shell, modals, keymap } = registered({ supportsFeedback: true, registrationEnabled: true }, null, 'SELECTIVE');
    for (const id of ['shell:feedback', 'shell:changelog', 'shell:register', 'shell:chart-colours', 'shell:cookie-consent']) {
      await registry.execute(id, undefined, { ...stubServices(), keys: shell.contextKeys(), source: 'palette' });
    }
    expect(modals).toEqual([
      { kind: 'feedback' },
      { kind: 'changelog', since: null },
      { kind: 'register', mode: 'new' },
      { kind: 'chart-colours' },
      { kind: 'cookie-consent' },
    ]);
    expect(keymap.resolve()['Alt+Shift+KeyF']).toBe('shell:feedback');
  });
});
