import { describe, expect, it } from 'vitest';
import type { ClientPlugin, SectionSpec } from './contracts.js';
import { setup } from './registry.test-support.js';

const section = (id: string, slot: string, order?: number): SectionSpec => ({ id, slot, titleKey: `${id}.title`, order, load: async () => ({}) });
const plugin = (id: string, sections: SectionSpec[]): ClientPlugin => ({ id, contributes: { sections } });

describe('sections', () => {
  it('lists a slot’s sections from every plugin in their order, then by id', () => {
    const { registry } = setup();
    registry.registerPlugin(plugin('trials', [section('trials:performance', 'germplasm:passport', 50), section('trials:export', 'datasets:export-trials')]));
    registry.registerPlugin(plugin('images', [section('images:gallery', 'germplasm:passport'), section('images:a', 'germplasm:passport', 50)]));
    expect(registry.sections('germplasm:passport').map((s) => s.id)).toEqual(['images:a', 'trials:performance', 'images:gallery']);
    expect(registry.sections('datasets:export-trials').map((s) => s.id)).toEqual(['trials:export']);
    expect(registry.sections('nobody:here')).toEqual([]);
  });

  it('forgets a plugin’s sections when it is removed', () => {
    const { registry } = setup();
    const dispose = registry.registerPlugin(plugin('trials', [section('trials:performance', 'germplasm:passport')]));
    dispose();
    expect(registry.sections('germplasm:passport')).toEqual([]);
  });

  it('refuses bad ids, slots, titles, roles and duplicates', () => {
    const { registry } = setup();
    expect(() => registry.registerPlugin(plugin('a', [section('nocolon', 'x:y')]))).toThrow("section id 'nocolon' is not 'domain:name'");
    expect(() => registry.registerPlugin(plugin('a', [section('a:b', 'slot')]))).toThrow("slot 'slot' is not 'owner:place'");
    expect(() => registry.registerPlugin(plugin('a', [{ ...section('a:b', 'x:y'), titleKey: '' }]))).toThrow('has no titleKey');
    expect(() => registry.registerPlugin(plugin('a', [{ ...section('a:b', 'x:y'), minRole: 'OWNER' as never }]))).toThrow("unknown minRole 'OWNER'");
    registry.registerPlugin(plugin('a', [section('a:b', 'x:y')]));
    expect(() => registry.registerPlugin(plugin('c', [section('a:b', 'x:y')]))).toThrow("Section 'a:b' is already registered by plugin 'a'");
  });
});
