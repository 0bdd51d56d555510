import { describe, expect, it, vi } from 'vitest';
import type { ClientPlugin } from './contracts.js';
import type { PluginServices } from './services.js';
import { stubServices } from './services.test-support.js';
import { RegistryError } from './registry.js';
import { command, germplasm, pane, provider, setup } from './registry.test-support.js';

describe('registerPlugin', () => {
  it('registers every contribution and lists them in order', () => {
    const { registry } = setup();
    registry.registerPlugin(germplasm());
    expect(registry.plugins().map((plugin) => plugin.id)).toEqual(['germplasm']);
    expect(registry.paneTypes().map((spec) => spec.id)).toEqual([
      'germplasm:table',
      'germplasm:passport',
      'germplasm:unifier',
    ]);
    expect(registry.paneType('germplasm:passport')?.route).toBe('/data/germplasm/:germplasmId');
    expect(registry.paneType('germplasm:nope')).toBeUndefined();
    expect(registry.commands().map((spec) => spec.id)).toEqual(['germplasm:open-table', 'germplasm:merge-selected']);
    expect(registry.command('germplasm:open-table')?.keys).toEqual(['g g']);
    expect(registry.paletteProviders().map((spec) => spec.id)).toEqual(['germplasm:by-name']);
  });

  it('throws on a duplicate plugin, pane type, command or provider, naming the id and its owner', () => {
    const { registry } = setup();
    registry.registerPlugin(germplasm());
    expect(() => registry.registerPlugin(germplasm())).toThrow("Plugin 'germplasm' is already registered");
    const thief = (contributes: ClientPlugin['contributes']): ClientPlugin => ({ id: 'thief', contributes });
    expect(() => registry.registerPlugin(thief({ panes: [pane('germplasm:table', '/elsewhere')] }))).toThrow(
      "Pane type 'germplasm:table' is already registered by plugin 'germplasm'",
    );
    expect(() => registry.registerPlugin(thief({ commands: [command('germplasm:open-table')] }))).toThrow(
      "Command 'germplasm:open-table' is already registered by plugin 'germplasm'",
    );
    expect(() => registry.registerPlugin(thief({ paletteProviders: [provider('germplasm:by-name')] }))).toThrow(
      "Palette provider 'germplasm:by-name' is already registered by plugin 'germplasm'",
    );
    expect(() => registry.registerPlugin(thief({ commands: [command('thief:run'), command('thief:run')] }))).toThrow(
      "Command 'thief:run' is contributed twice by one plugin",
    );
    try {
      registry.registerPlugin(germplasm());
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryError);
      expect((error as RegistryError).code).toBe('duplicate-id');
    }
  });

  it('refuses a pane type whose route matches the same paths as another', () => {
    const { registry } = setup();
    registry.registerPlugin(germplasm());
    const twin: ClientPlugin = { id: 'twin', contributes: { panes: [pane('twin:passport', '/data/germplasm/:id')] } };
    expect(() => registry.registerPlugin(twin)).toThrow(
      "Plugin 'twin': pane type 'twin:passport' route '/data/germplasm/:id' matches the same paths as pane type 'germplasm:passport'",
    );
    expect(() => registry.registerPlugin(twin)).toThrow(expect.objectContaining({ code: 'duplicate-route' }));
    // Two of one shape inside the same plugin are refused too.
    const pair: ClientPlugin = {
      id: 'pair',
      contributes: { panes: [pane('pair:a', '/x/:a'), pane('pair:b', '/x/:b')] },
    };
    expect(() => registry.registerPlugin(pair)).toThrow(
      "pane type 'pair:b' route '/x/:b' matches the same paths as pane type 'pair:a'",
    );
  });

  it('leaves no trace of a plugin that fails a check', () => {
    const { registry } = setup();
    const listener = vi.fn();
    registry.subscribe(listener);
    const broken: ClientPlugin = {
      id: 'broken',
      contributes: {
        panes: [pane('broken:ok', '/ok')],
        commands: [command('broken:ok'), command('broken:bad', { keys: ['Ctrl+k'] })],
      },
    };
    expect(() => registry.registerPlugin(broken)).toThrow(
      "Command 'broken:bad': key 'Ctrl+k' is invalid: unknown modifier 'Ctrl'",
    );
    expect(registry.plugins()).toEqual([]);
    expect(registry.paneTypes()).toEqual([]);
    expect(registry.commands()).toEqual([]);
    expect(listener).not.toHaveBeenCalled();
    // The same ids are free afterwards.
    registry.registerPlugin({ ...broken, contributes: { ...broken.contributes, commands: [command('broken:ok')] } });
    expect(registry.commands().map((spec) => spec.id)).toEqual(['broken:ok']);
  });

  it.each([
    [{ id: 'Germplasm', contributes: {} }, /Plugin id 'Germplasm' is not kebab-case/],
    [
      { id: 'p', contributes: { commands: [command('openTable')] } },
      /command id 'openTable' is not 'domain:verb-noun'/,
    ],
    [{ id: 'p', contributes: { commands: [command('p:Open')] } }, /command id 'p:Open'/],
    [{ id: 'p', contributes: { commands: [command('p:open', { titleKey: '' })] } }, /'p:open' has no titleKey/],
    [{ id: 'p', contributes: { panes: [pane('table', '/t')] } }, /pane type id 'table' is not 'domain:name'/],
    [
      { id: 'p', contributes: { panes: [pane('p:t', 't')] } },
      /Pane type 'p:t': Route pattern 't' must start with '\/'/,
    ],
    [{ id: 'p', contributes: { panes: [pane('p:t', '/t', { pageName: '' })] } }, /'p:t' has no pageName/],
    [
      { id: 'p', contributes: { panes: [pane('p:t', '/t', { minRole: 'ROOT' as 'ADMIN' })] } },
      /unknown minRole 'ROOT'/,
    ],
    [{ id: 'p', contributes: { paletteProviders: [{ ...provider('p:x'), minLength: -1 }] } }, /minLength/],
    [{ id: 'p', contributes: { paletteProviders: [provider('')] } }, /palette provider id '' is invalid/],
  ] as [ClientPlugin, RegExp][])('rejects an invalid contribution (%#)', (plugin, message) => {
    const { registry } = setup();
    expect(() => registry.registerPlugin(plugin)).toThrow(message);
  });

  it('checks requires', () => {
    const { registry } = setup();
    const dependant: ClientPlugin = { id: 'passport-extras', requires: ['germplasm', 'maps'], contributes: {} };
    expect(() => registry.registerPlugin(dependant)).toThrow(
      "Plugin 'passport-extras' requires 'germplasm', 'maps', which is not registered",
    );
    registry.registerPlugin(germplasm());
    registry.registerPlugin({ id: 'maps', contributes: {} });
    expect(() => registry.registerPlugin(dependant)).not.toThrow();
  });

  it('runs activate with named services and keeps its disposer', () => {
    const cleanup = vi.fn();
    const activate = vi.fn((services: PluginServices) => {
      expect(services.api).toBe(api);
      expect(Object.isFrozen(services)).toBe(true);
      return cleanup;
    });
    const api = { name: 'the api' };
    const { registry } = setup({ services: () => stubServices({ api, session: 'the session' }) });
    const dispose = registry.registerPlugin(germplasm({ activate }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(cleanup).not.toHaveBeenCalled();
    dispose();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('refuses a plugin with activate when the registry has no services to give it', () => {
    const { registry } = setup({ services: undefined });
    expect(() => registry.registerPlugin(germplasm({ activate: () => undefined }))).toThrow(
      "Plugin 'germplasm' failed to activate: the registry was created without services",
    );
    expect(registry.plugins()).toEqual([]);
  });

  it('rolls back a plugin whose activate throws', () => {
    const { registry } = setup();
    const failing = germplasm({
      activate: () => {
        throw new Error('no api');
      },
    });
    expect(() => registry.registerPlugin(failing)).toThrow("Plugin 'germplasm' failed to activate: no api");
    expect(registry.plugins()).toEqual([]);
    expect(registry.commands()).toEqual([]);
    expect(() => registry.registerPlugin(germplasm())).not.toThrow();
  });
});

describe('the disposer', () => {
  it('removes everything the plugin added, once, and leaves other plugins alone', () => {
    const { registry } = setup();
    const other: ClientPlugin = {
      id: 'traits',
      contributes: { panes: [pane('traits:table', '/data/trials/traits')], commands: [command('traits:open-table')] },
    };
    const disposeOther = registry.registerPlugin(other);
    const dispose = registry.registerPlugin(germplasm());
    dispose();
    dispose();
    expect(registry.plugins().map((plugin) => plugin.id)).toEqual(['traits']);
    expect(registry.paneTypes().map((spec) => spec.id)).toEqual(['traits:table']);
    expect(registry.commands().map((spec) => spec.id)).toEqual(['traits:open-table']);
    expect(registry.paletteProviders()).toEqual([]);
    expect(registry.describe().every((row) => row.pluginId === 'traits')).toBe(true);
    // Its ids, and its route, are free again.
    registry.registerPlugin(germplasm());
    disposeOther();
    expect(registry.plugins().map((plugin) => plugin.id)).toEqual(['germplasm']);
  });

  it('refuses to remove a plugin that another still requires', () => {
    const { registry } = setup();
    const dispose = registry.registerPlugin(germplasm());
    const disposeDependant = registry.registerPlugin({ id: 'extras', requires: ['germplasm'], contributes: {} });
    expect(() => dispose()).toThrow("Plugin 'germplasm' is required by 'extras'; dispose those first");
    expect(registry.paneTypes()).toHaveLength(3);
    disposeDependant();
    dispose();
    expect(registry.plugins()).toEqual([]);
  });

  it('logs a failing cleanup and still removes the plugin', () => {
    const { registry, log } = setup();
    const dispose = registry.registerPlugin(
      germplasm({
        activate: () => () => {
          throw new Error('cleanup failed');
        },
      }),
    );
    dispose();
    expect(registry.plugins()).toEqual([]);
    expect(log).toHaveBeenCalledWith("Plugin 'germplasm' failed to clean up", expect.any(Error));
  });
});

describe('subscribe', () => {
  it('tells listeners about registrations and removals until they unsubscribe', () => {
    const { registry, log } = setup();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    registry.subscribe(() => {
      throw new Error('bad listener');
    });
    const dispose = registry.registerPlugin(germplasm());
    dispose();
    expect(listener.mock.calls).toEqual([
      [{ type: 'registered', pluginId: 'germplasm' }],
      [{ type: 'unregistered', pluginId: 'germplasm' }],
    ]);
    expect(log).toHaveBeenCalledTimes(2);
    unsubscribe();
    registry.registerPlugin(germplasm());
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('describe', () => {
  it('lists every contribution as plain data', () => {
    const { registry } = setup();
    registry.registerPlugin(germplasm());
    const rows = registry.describe();
    expect(rows).toEqual([
      {
        pluginId: 'germplasm',
        kind: 'pane',
        id: 'germplasm:table',
        titleKey: 'germplasm.table.title',
        keys: [],
        route: '/data/germplasm',
        pageName: 'table',
        minRole: null,
        when: null,
      },
      {
        pluginId: 'germplasm',
        kind: 'pane',
        id: 'germplasm:passport',
        titleKey: 'germplasm.passport.title',
        keys: [],
        route: '/data/germplasm/:germplasmId',
        pageName: 'passport',
        minRole: null,
        when: null,
      },
      {
        pluginId: 'germplasm',
        kind: 'pane',
        id: 'germplasm:unifier',
        titleKey: 'germplasm.unifier.title',
        keys: [],
        route: '/data/germplasm-unifier',
        pageName: 'germplasm-unifier',
        minRole: 'DATA_CURATOR',
        when: null,
      },
      {
        pluginId: 'germplasm',
        kind: 'command',
        id: 'germplasm:open-table',
        titleKey: 'germplasm.open-table.title',
        keys: ['g g'],
        route: null,
        pageName: null,
        minRole: null,
        when: null,
      },
      {
        pluginId: 'germplasm',
        kind: 'command',
        id: 'germplasm:merge-selected',
        titleKey: 'germplasm.merge-selected.title',
        keys: ['$mod+Shift+m'],
        route: null,
        pageName: null,
        minRole: 'DATA_CURATOR',
        when: 'role >= DATA_CURATOR && selectionCount >= 2',
      },
      {
        pluginId: 'germplasm',
        kind: 'palette-provider',
        id: 'germplasm:by-name',
        titleKey: null,
        keys: [],
        route: null,
        pageName: null,
        minRole: null,
        when: null,
      },
    ]);
    // Plain data: survives JSON unchanged.
    expect(JSON.parse(JSON.stringify(rows))).toEqual(rows);
  });

  it('describes a plain-function when as custom', () => {
    const { registry } = setup();
    registry.registerPlugin({ id: 'p', contributes: { commands: [command('p:run', { when: () => true })] } });
    expect(registry.describe()[0]).toMatchObject({ when: 'custom', minRole: null });
  });
});
