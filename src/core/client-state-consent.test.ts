import { describe, expect, it } from 'vitest';
import { createClientState, type GatedFeature } from './client-state.js';
import { memoryStorage } from './memory-storage.test-support.js';

/** Issue 5: what survives a reload without consent, the usage logger's id, and refusals the shell explains. */

const ANON = 'germinate-workspace.state.anonymous';
const UUID = '123e4567-e89b-42d3-a456-426614174000';

function reloadable(gdpr: boolean) {
  const storage = memoryStorage();
  const open = () => createClientState({ storage, gdprEnabled: () => gdpr, debounceMs: 60_000 });
  return { storage, open };
}

describe('projects selection and consent', () => {
  it('keeps the selected projects across a reload without consent under GDPR, and drops the chart colours', () => {
    const { open } = reloadable(true);
    const first = open();
    first.state.selectedProjects = [3, 7];
    first.state.customChartColors = ['#123456'];
    first.state.uniqueClientId = UUID;
    first.flush();
    const second = open();
    expect(second.state.selectedProjects).toEqual([3, 7]);
    expect(second.state.customChartColors).toBeNull();
    // The usage logger's id is not essential: without consent it is not kept.
    expect(second.state.uniqueClientId).toBeNull();
  });

  it('keeps everything, the client id included, once cookies are accepted', () => {
    const { open, storage } = reloadable(true);
    const first = open();
    first.state.cookiesAccepted = true;
    first.state.selectedProjects = [3];
    first.state.customChartColors = ['#123456'];
    first.state.uniqueClientId = UUID;
    first.flush();
    expect(JSON.parse(storage.data.get(ANON) ?? '{}').uniqueClientId).toBe(UUID);
    const second = open();
    expect(second.state.customChartColors).toEqual(['#123456']);
    expect(second.state.uniqueClientId).toBe(UUID);
  });

  it('reads a damaged client id as none', () => {
    const storage = memoryStorage({ [ANON]: JSON.stringify({ uniqueClientId: 'not-a-uuid', selectedProjects: [1] }) });
    const store = createClientState({ storage, gdprEnabled: () => false });
    expect(store.state.uniqueClientId).toBeNull();
    expect(store.state.selectedProjects).toEqual([1]);
  });
});

describe('refusals', () => {
  it('tells onRefused when marking is refused after a "no" to cookies, and not otherwise', () => {
    const refused: GatedFeature[] = [];
    const store = createClientState({ storage: memoryStorage(), gdprEnabled: () => true, debounceMs: 60_000, onRefused: (f) => refused.push(f) });
    expect(store.markItems('germplasm', [1])).toBe(true);
    expect(refused).toEqual([]);
    store.state.cookiesAccepted = false;
    expect(store.markItems('germplasm', [2])).toBe(false);
    expect(store.toggleMark('germplasm', 3)).toBe(false);
    expect(refused).toEqual(['itemLists', 'itemLists']);
    // Unmarking what is already marked stays possible and is no refusal.
    expect(store.toggleMark('germplasm', 1)).toBe(false);
    expect(refused).toHaveLength(2);
  });
});
