import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient, type CallOptions } from '../core/api-client.js';
import { loadSettings, readSettings } from './load-settings.js';

function apiAnswering(answer: (options?: CallOptions) => Promise<unknown>): ApiClient {
  return { get: (_path: string, options?: CallOptions) => answer(options) } as unknown as ApiClient;
}

describe('settings at boot', () => {
  it('reads the public settings defensively', () => {
    expect(readSettings({ authMode: 'FULL', hiddenPages: ['home', 3], showGdprNotification: true })).toMatchObject({
      authMode: 'FULL',
      hiddenPages: ['home'],
      hiddenColumns: {},
      colorsCharts: [],
      showGdprNotification: true,
    });
    expect(readSettings({ authMode: 'SOMETIMES' }).authMode).toBe('NONE');
  });

  it('asks for setup on a 503 and keeps the defaults on other failures', async () => {
    const unavailable = apiAnswering(async (options) => {
      const error = new ApiError({ kind: 'http', status: 503, method: 'GET', path: 'settings' });
      options?.handlers?.find((handler) => handler.codes.includes(503))?.callback(error);
      throw error;
    });
    expect(await loadSettings(unavailable)).toMatchObject({ setupNeeded: true, settings: { authMode: 'NONE' } });
    const broken = apiAnswering(async () => {
      throw new Error('network');
    });
    expect(await loadSettings(broken)).toMatchObject({ setupNeeded: false });
    const fine = apiAnswering(async () => ({ authMode: 'SELECTIVE', hiddenPages: [] }));
    expect(await loadSettings(fine)).toMatchObject({ setupNeeded: false, settings: { authMode: 'SELECTIVE' } });
  });
});
