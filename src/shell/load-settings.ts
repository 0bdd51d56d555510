import type { ApiClient } from '../core/api-client.js';
import { AUTH_MODES } from '../core/roles.js';
import type { ClientSettings } from './pane-api.js';

const DEFAULTS: ClientSettings = { authMode: 'NONE', hiddenPages: [], hiddenColumns: {}, colorsCharts: [] };

/** GET settings; a 503 means the server is not set up yet, anything else keeps the defaults. */
export async function loadSettings(api: ApiClient): Promise<{ settings: ClientSettings; setupNeeded: boolean }> {
  let setupNeeded = false;
  try {
    const raw = await api.get<Record<string, unknown>>('settings', {
      handlers: [{ codes: [503], callback: () => (setupNeeded = true) }],
    });
    return { settings: readSettings(raw), setupNeeded };
  } catch {
    return { settings: { ...DEFAULTS }, setupNeeded };
  }
}

export function readSettings(raw: Record<string, unknown>): ClientSettings {
  const authMode = AUTH_MODES.find((mode) => mode === raw.authMode) ?? 'NONE';
  const hiddenPages = Array.isArray(raw.hiddenPages) ? raw.hiddenPages.filter((p): p is string => typeof p === 'string') : [];
  const hiddenColumns =
    typeof raw.hiddenColumns === 'object' && raw.hiddenColumns !== null ? (raw.hiddenColumns as Record<string, string[]>) : {};
  const colorsCharts = Array.isArray(raw.colorsCharts) ? raw.colorsCharts.filter((c): c is string => typeof c === 'string') : [];
  return { ...raw, authMode, hiddenPages, hiddenColumns, colorsCharts };
}
