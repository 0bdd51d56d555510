import { describe, expect, it } from 'vitest';
import type { CommandContext, ContextKeys } from './contracts.js';
import { createKeymap, bindingsOf } from './keys.js';
import { stubServices } from './services.test-support.js';
import { createTableControllers, type TableController } from './table-controllers.js';
import { TABLE_COMMANDS, tablePlugin } from './table-plugin.js';

const keys = (focusedPane: string | null, focusedPaneKind: string | null): ContextKeys => ({
  authMode: 'NONE',
  role: null,
  focusedPane,
  focusedPaneKind,
  selectionCount: 0,
});

describe('the shared table commands', () => {
  it('are enabled in any table pane and nowhere else', () => {
    const next = TABLE_COMMANDS.find((c) => c.id === 'table:next-row');
    expect(next?.keys).toEqual(['j']);
    expect(next?.when?.(keys('germplasm:table', 'table'))).toBe(true);
    expect(next?.when?.(keys('datasets:table', 'table'))).toBe(true);
    expect(next?.when?.(keys('germplasm:passport', null))).toBe(false);
    expect(TABLE_COMMANDS.map((c) => [c.id, c.keys])).toContainEqual(['table:filter-line', ['/']]);
  });

  it('act on the focused pane’s controller only', async () => {
    const tables = createTableControllers();
    const moved: string[] = [];
    const controller = (name: string): TableController => ({
      moveRow: (delta) => moved.push(`${name}${delta}`),
      openSelected: () => undefined,
      toggleMark: () => moved.push(`${name}x`),
      markRange: () => undefined,
      markAll: () => undefined,
      openFilter: () => undefined,
      openFilterLine: () => undefined,
      openJump: () => undefined,
      exportCurrent: async () => undefined,
    });
    const disposeA = tables.register('a', controller('a'));
    tables.register('b', controller('b'));
    let focused = 'b';
    const context: CommandContext = {
      ...stubServices({ tables, workspace: { focusedKey: () => focused } }),
      keys: keys('datasets:table', 'table'),
      source: 'key',
    };
    const run = (id: string) => TABLE_COMMANDS.find((c) => c.id === id)?.run(undefined, context);
    await run('table:next-row');
    focused = 'a';
    await run('table:toggle-mark');
    disposeA();
    await run('table:next-row');
    expect(moved).toEqual(['b1', 'ax']);
  });

  it('bind without conflicts next to pane-scoped keys of a domain', () => {
    const reported: unknown[] = [];
    const keymap = createKeymap({
      platform: 'other',
      onConflict: (c) => reported.push(c),
      panes: () => [
        { type: 'germplasm:table', kind: 'table' },
        { type: 'germplasm:passport', kind: null },
      ],
    });
    keymap.add(...bindingsOf(tablePlugin.contributes.commands ?? [], 'plugin', 'table'));
    expect(reported).toEqual([]);
    expect(keymap.candidates().j).toEqual(['table:next-row']);
  });
});

describe('the shared table’s texts', () => {
  it('has English and German titles for every command', async () => {
    const en_GB = (await import('../../locales/en_GB.json')).default as Record<string, string>;
    const de_DE = (await import('../../locales/de_DE.json')).default as Record<string, string>;
    const keys = [...TABLE_COMMANDS.map((command) => command.titleKey), 'shell.plugin.table'];
    expect(keys.filter((key) => !(key in en_GB) || !(key in de_DE))).toEqual([]);
  });
});
