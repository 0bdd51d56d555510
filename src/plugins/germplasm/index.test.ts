import { describe, expect, it } from 'vitest';
import type { ApiClient, TableRequest } from '../../core/api-client.js';
import type { CommandContext, ContextKeys } from '../../core/contracts.js';
import { createRegistry } from '../../core/registry.js';
import { bindingsOf, createKeymap } from '../../core/keys.js';
import { stubServices } from '../../core/services.test-support.js';
import { tablePlugin } from '../../core/table-plugin.js';
import germplasmPlugin, { PANE } from './index.js';

const keys = (focusedPane: string | null): ContextKeys => ({ authMode: 'SELECTIVE', role: null, focusedPane, selectionCount: 0 });

describe('germplasm client plugin', () => {
  it('registers its panes with their routes and page names, each loaded lazily', () => {
    const registry = createRegistry();
    registry.registerPlugin(germplasmPlugin);
    expect(registry.paneTypes()).toHaveLength(7);
    const panes = germplasmPlugin.contributes.panes ?? [];
    expect(panes.map((p) => [p.id, p.route, p.pageName])).toEqual([
      [PANE.table, '/data/germplasm', 'germplasm'],
      [PANE.passport, '/data/germplasm/:germplasmId', 'passport'],
      [PANE.compare, '/data/germplasm/compare/:germplasmIds', 'germplasm-compare'],
      [PANE.marked, '/marked-items/germplasm', 'marked-items'],
      [PANE.list, '/data/germplasm/from-list', 'germplasm-list'],
      [PANE.match, '/data/germplasm-match', 'germplasm-match'],
      [PANE.unifier, '/data/germplasm-unifier', 'germplasm-unifier'],
    ]);
    expect(panes.find((p) => p.id === PANE.unifier)?.minRole).toBe('DATA_CURATOR');
    expect(panes.find((p) => p.id === PANE.match)?.minRole).toBe('DATA_CURATOR');
    expect(panes.every((p) => typeof p.load === 'function')).toBe(true);
  });

  it('makes its table panes shared table panes, so the table keys work there and only there', () => {
    const panes = germplasmPlugin.contributes.panes ?? [];
    expect(panes.filter((p) => p.kind === 'table').map((p) => p.id)).toEqual([PANE.table, PANE.marked, PANE.list, PANE.match]);
    const ids = (germplasmPlugin.contributes.commands ?? []).map((c) => c.id);
    expect(ids.filter((id) => /next-row|toggle-mark$|open-passport/.test(id))).toEqual([]);
  });

  it('binds x in a passport to marking the germplasm shown, beside the tables’ x, without a conflict', () => {
    const reported: unknown[] = [];
    const keymap = createKeymap({
      platform: 'other',
      onConflict: (conflict) => reported.push(conflict),
      panes: () => (germplasmPlugin.contributes.panes ?? []).map((p) => ({ type: p.id, kind: p.kind ?? null })),
    });
    keymap.add(...bindingsOf(tablePlugin.contributes.commands ?? [], 'plugin', 'table'));
    keymap.add(...bindingsOf(germplasmPlugin.contributes.commands ?? [], 'plugin', 'germplasm'));
    expect(reported).toEqual([]);
    expect(keymap.candidates().x).toEqual(['table:toggle-mark', 'germplasm:toggle-mark-shown']);

    const toggled: unknown[] = [];
    const command = (germplasmPlugin.contributes.commands ?? []).find((c) => c.id === 'germplasm:toggle-mark-shown');
    const context: CommandContext = {
      ...stubServices({
        workspace: { instance: () => ({ type: PANE.passport, params: { germplasmId: '12' } }) },
        store: { toggleMark: (type: string, id: number) => toggled.push([type, id]) !== 0 },
        toast: () => undefined,
      }),
      keys: keys(PANE.passport),
      source: 'key',
    };
    void command?.run(undefined, context);
    expect(toggled).toEqual([['germplasm', 12]]);
  });

  it('offers the merge of marked germplasm to curators and above only', () => {
    const unify = (germplasmPlugin.contributes.commands ?? []).find((c) => c.id === 'germplasm:unify-marked');
    const as = (role: 'AUTH_USER' | 'DATA_CURATOR' | 'ADMIN' | null) => unify?.when?.({ ...keys(PANE.unifier), role });
    expect([as(null), as('AUTH_USER'), as('DATA_CURATOR'), as('ADMIN')]).toEqual([false, false, true, true]);
  });

  it('searches by name with contains on name, display name or GID (or), 10 results, from 3 characters', async () => {
    const provider = germplasmPlugin.contributes.paletteProviders?.[0];
    expect(provider?.minLength).toBe(3);
    const requests: TableRequest[] = [];
    const opened: unknown[] = [];
    const api = {
      table: async (path: string, request: TableRequest) => {
        expect(path).toBe('germplasm/table');
        requests.push(request);
        return { data: [{ germplasmId: 7, germplasmName: 'Barke', germplasmNumber: 'B-7' }], count: 1 };
      },
    } as unknown as ApiClient;
    const items = (await provider?.search('bar%e', new AbortController().signal, stubServices({ api }))) ?? [];
    expect(requests[0]).toMatchObject({ page: 1, limit: 10 });
    expect(requests[0].filter).toEqual(
      ['germplasmName', 'germplasmDisplayName', 'germplasmGid'].map((column) => ({ column, comparator: 'contains', operator: 'or', values: ['bar%e'] })),
    );
    expect(items.map((i) => i.label)).toEqual(['Barke / B-7']);
    const context: CommandContext = {
      ...stubServices({ workspace: { open: (instance: unknown, where: unknown) => opened.push([instance, where]), focusedKey: () => 'p1' } }),
      keys: keys(null),
      source: 'palette',
    };
    items[0].run(context);
    expect(opened).toEqual([[{ type: PANE.passport, params: { germplasmId: '7' } }, 'replace']]);
  });
});
