import { describe, expect, it } from 'vitest';
import type { CommandContext, ContextKeys, PaneInstance } from '../../core/contracts.js';
import { guardPane } from '../../core/guard.js';
import { createRegistry } from '../../core/registry.js';
import { stubServices } from '../../core/services.test-support.js';
import type { Role } from '../../core/roles.js';
import { SPEC_ROUTES } from '../../core/routes.js';
import importPlugin, { PANE } from './index.js';

const keys = (role: Role | null): ContextKeys => ({ authMode: 'SELECTIVE', role, focusedPane: null, selectionCount: 0 });

describe('import client plugin', () => {
  it('registers the uploader under both spec routes and page names, for curators and above', () => {
    const registry = createRegistry();
    registry.registerPlugin(importPlugin);
    const panes = registry.paneTypes();
    expect(panes.map((p) => [p.id, p.route, p.pageName])).toEqual([
      [PANE.upload, '/import/data-upload', 'import-upload'],
      [PANE.uploadType, '/import/data-upload/:templateType', 'import-upload-type'],
    ]);
    for (const pane of panes) {
      expect(SPEC_ROUTES.find((route) => route.route === pane.route)?.name).toBe(pane.pageName);
      const decide = (role: Role | null) => guardPane({ authMode: 'SELECTIVE', hiddenPages: [], role, pane }).kind;
      expect([decide(null), decide('AUTH_USER'), decide('DATA_CURATOR'), decide('ADMIN')], pane.id).toEqual(['forbidden', 'forbidden', 'allow', 'allow']);
    }
  });

  it('opens the uploader and a job report for curators', async () => {
    const commands = importPlugin.contributes.commands ?? [];
    expect(commands.map((c) => c.id)).toEqual(['import:open-uploader', 'import:open-jobs', 'import:open-report']);
    const uploader = commands[0];
    expect([null, 'AUTH_USER', 'DATA_CURATOR', 'ADMIN'].map((role) => uploader.when?.(keys(role as Role | null)))).toEqual([false, false, true, true]);
    const opened: [PaneInstance, string][] = [];
    const workspace = { open: (instance: PaneInstance, where: string) => opened.push([instance, where]) };
    const context: CommandContext = { ...stubServices({ workspace }), keys: keys('DATA_CURATOR'), source: 'palette' };
    await uploader.run(undefined, context);
    await commands[2].run({ uuid: '0b8e2f7e-6a0c-4c55-9d36-5c1f3b1f0a11', templateType: 'trial' }, context);
    await commands[2].run({ uuid: '0b8e2f7e-6a0c-4c55-9d36-5c1f3b1f0a11', templateType: 'nonsense' }, context);
    expect(opened).toEqual([
      [{ type: PANE.upload, params: {} }, 'replace'],
      [{ type: PANE.upload, params: {}, state: { job: '0b8e2f7e-6a0c-4c55-9d36-5c1f3b1f0a11', templateType: 'trial' } }, 'replace'],
      [{ type: PANE.upload, params: {}, state: { job: '0b8e2f7e-6a0c-4c55-9d36-5c1f3b1f0a11' } }, 'replace'],
    ]);
  });

  it('opens the sidebar on the uploads tab to show the jobs', async () => {
    const state = { sidebarState: 'collapsed', asyncSidebarTabIndex: 0 };
    const context: CommandContext = { ...stubServices({ workspace: { open: () => undefined }, store: { state } }), keys: keys('DATA_CURATOR'), source: 'palette' };
    await (importPlugin.contributes.commands ?? [])[1].run(undefined, context);
    expect(state).toEqual({ sidebarState: 'open', asyncSidebarTabIndex: 1 });
  });
});
