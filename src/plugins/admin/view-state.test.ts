import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS_VIEW, readPermissionsView, writePermissionsView } from './view-state.js';

describe('user-permissions view state', () => {
  it('falls back to the defaults for anything unknown', () => {
    expect(readPermissionsView(undefined)).toEqual(DEFAULT_PERMISSIONS_VIEW);
    expect(readPermissionsView({ tab: 'secrets', datasetId: -2, groupId: 1.5, status: 'maybe', datasetTab: 7 })).toEqual(DEFAULT_PERMISSIONS_VIEW);
  });

  it('keeps only what differs from the defaults, and reads it back', () => {
    const view = { ...DEFAULT_PERMISSIONS_VIEW, tab: 'groups' as const, groupId: 4, status: 'all' as const };
    const stored = writePermissionsView(view);
    expect(stored).toEqual({ tab: 'groups', groupId: 4, status: 'all' });
    expect(readPermissionsView(JSON.parse(JSON.stringify(stored)))).toEqual(view);
    expect(writePermissionsView(DEFAULT_PERMISSIONS_VIEW)).toEqual({});
  });
});
