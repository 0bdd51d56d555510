import { describe, expect, it, vi } from 'vitest';
import type { ContextKeys } from './contracts.js';
import { RECENT_LIMIT } from './registry.js';
import { command, context, germplasm, keys, setup } from './registry.test-support.js';
import { roleAtLeast } from './when.js';

describe('available', () => {
  it('lists the commands whose when passes', () => {
    const { registry } = setup();
    registry.registerPlugin(germplasm());
    const ids = (overrides: Partial<ContextKeys>) => registry.available(keys(overrides)).map((spec) => spec.id);
    expect(ids({})).toEqual(['germplasm:open-table']);
    expect(ids({ role: 'DATA_CURATOR', selectionCount: 1 })).toEqual(['germplasm:open-table']);
    expect(ids({ role: 'DATA_CURATOR', selectionCount: 2 })).toEqual([
      'germplasm:open-table',
      'germplasm:merge-selected',
    ]);
    expect(registry.isAvailable('germplasm:merge-selected', keys({ role: 'ADMIN', selectionCount: 5 }))).toBe(true);
    expect(registry.isAvailable('germplasm:merge-selected', keys())).toBe(false);
    expect(registry.isAvailable('germplasm:nope', keys())).toBe(false);
  });

  it('counts a throwing when as false and logs it once', () => {
    const { registry, log } = setup();
    const when = () => {
      throw new Error('reads a missing key');
    };
    registry.registerPlugin({
      id: 'shaky',
      contributes: { commands: [command('shaky:run', { when }), command('shaky:other')] },
    });
    expect(registry.available(keys()).map((spec) => spec.id)).toEqual(['shaky:other']);
    registry.available(keys());
    expect(registry.isAvailable('shaky:run', keys())).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      "The when of command 'shaky:run' threw; the command counts as unavailable",
      expect.any(Error),
    );
  });
});

describe('execute', () => {
  it('runs the command with its args and context and returns its result', async () => {
    const run = vi.fn((args: unknown) => ({ opened: args }));
    const { registry } = setup();
    registry.registerPlugin({ id: 'p', contributes: { commands: [command('p:open-thing', { run })] } });
    const ctx = context({}, 'key');
    await expect(registry.execute('p:open-thing', { id: 7 }, ctx)).resolves.toEqual({ opened: { id: 7 } });
    expect(run).toHaveBeenCalledWith({ id: 7 }, ctx);
  });

  it('awaits a promise result and passes on a failure', async () => {
    const { registry } = setup();
    registry.registerPlugin({
      id: 'p',
      contributes: {
        commands: [
          command('p:slow', { run: async () => 'done' }),
          command('p:fail', {
            run: () => {
              throw new Error('server said no');
            },
          }),
        ],
      },
    });
    await expect(registry.execute('p:slow', undefined, context())).resolves.toBe('done');
    await expect(registry.execute('p:fail', undefined, context())).rejects.toThrow('server said no');
  });

  it('rejects an unknown or unavailable command without running it', async () => {
    const run = vi.fn();
    const { registry } = setup();
    registry.registerPlugin({
      id: 'p',
      contributes: { commands: [command('p:admin-thing', { run, when: roleAtLeast('ADMIN') })] },
    });
    const unknown = registry.execute('p:nope', undefined, context());
    expect(unknown).toBeInstanceOf(Promise);
    await expect(unknown).rejects.toMatchObject({ code: 'unknown-command', message: "Unknown command 'p:nope'" });
    await expect(registry.execute('p:admin-thing', undefined, context({ role: 'DATA_CURATOR' }))).rejects.toMatchObject(
      {
        code: 'unavailable-command',
        message: "Command 'p:admin-thing' is not available here (when: role >= ADMIN)",
      },
    );
    expect(run).not.toHaveBeenCalled();
    expect(registry.recent()).toEqual([]);
  });

  it('records id, source, time and args, newest first, at most RECENT_LIMIT', async () => {
    let clock = 1000;
    const { registry } = setup({ now: () => clock++ });
    registry.registerPlugin({ id: 'p', contributes: { commands: [command('p:one'), command('p:two')] } });
    await registry.execute('p:one', { n: 1 }, context({}, 'key'));
    await registry.execute('p:two', undefined, context({}, 'story'));
    expect(registry.recent()).toEqual([
      { id: 'p:two', source: 'story', at: 1001, args: undefined },
      { id: 'p:one', source: 'key', at: 1000, args: { n: 1 } },
    ]);
    const earlier = registry.recent();
    for (let i = 0; i < RECENT_LIMIT + 10; i++) await registry.execute('p:one', i, context({}, 'button'));
    expect(registry.recent()).toHaveLength(RECENT_LIMIT);
    expect(registry.recent()[0].args).toBe(RECENT_LIMIT + 9);
    expect(registry.recent()[RECENT_LIMIT - 1].args).toBe(10);
    // A list handed out earlier does not change, and none can be edited.
    expect(earlier).toHaveLength(2);
    expect(Object.isFrozen(registry.recent())).toBe(true);
  });

  it('records a command that fails, since it was run', async () => {
    const { registry } = setup();
    registry.registerPlugin({
      id: 'p',
      contributes: { commands: [command('p:fail', { run: () => Promise.reject(new Error('x')) })] },
    });
    await expect(registry.execute('p:fail', undefined, context())).rejects.toThrow('x');
    expect(registry.recent().map((entry) => entry.id)).toEqual(['p:fail']);
  });
});
