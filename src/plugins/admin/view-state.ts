import { REQUEST_STATUSES, type RequestStatus } from './types.js';

/**
 * The user-permissions pane's view state (kept in the URL's layout): which tab, which dataset or
 * group is open, which requests are listed. Read defensively: an old or hand-edited link falls back
 * to the defaults instead of breaking the pane.
 */

export const PERMISSION_TABS = ['datasets', 'groups', 'requests', 'users'] as const;
export type PermissionTab = (typeof PERMISSION_TABS)[number];
export const DATASET_TABS = ['groups', 'users'] as const;
export type DatasetTab = (typeof DATASET_TABS)[number];
export type StatusFilter = RequestStatus | 'all';

export interface PermissionsView {
  tab: PermissionTab;
  datasetId: number | null;
  datasetTab: DatasetTab;
  groupId: number | null;
  status: StatusFilter;
}

export const DEFAULT_PERMISSIONS_VIEW: PermissionsView = { tab: 'datasets', datasetId: null, datasetTab: 'groups', groupId: null, status: 'pending' };

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T => values.find((v) => v === value) ?? fallback;
const id = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);

export function readPermissionsView(raw: unknown): PermissionsView {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const d = DEFAULT_PERMISSIONS_VIEW;
  return {
    tab: oneOf(PERMISSION_TABS, r.tab, d.tab),
    datasetId: id(r.datasetId),
    datasetTab: oneOf(DATASET_TABS, r.datasetTab, d.datasetTab),
    groupId: id(r.groupId),
    status: oneOf<StatusFilter>([...REQUEST_STATUSES, 'all'], r.status, d.status),
  };
}

/** The view as stored: defaults left out so links stay short. */
export function writePermissionsView(view: PermissionsView): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(view)) {
    if (value !== DEFAULT_PERMISSIONS_VIEW[key as keyof PermissionsView]) out[key] = value;
  }
  return out;
}
