import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../core/api-client.js';
import { adminBody, adminProblems, databaseBody, databaseCheckable, emptyAdmin, emptyGatekeeper, gatekeeperBody, serverText, setupComplete } from './setup-form.js';

const t = (key: string) => `<${key}>`;

describe('setup wizard form', () => {
  it('builds the database body for either kind', () => {
    expect(databaseBody({ type: 'sqlite', file: ' /srv/g.sqlite ', url: 'ignored', schema: '' })).toEqual({ type: 'sqlite', file: '/srv/g.sqlite' });
    expect(databaseBody({ type: 'postgres', file: '', url: ' postgres://u@h/db ', schema: ' ' })).toEqual({ type: 'postgres', url: 'postgres://u@h/db', schema: null });
    expect(databaseCheckable({ type: 'sqlite', file: '', url: '', schema: '' })).toBe(true);
    expect(databaseCheckable({ type: 'postgres', file: '', url: ' ', schema: '' })).toBe(false);
  });

  it('sends the user-access tool only when it is used', () => {
    expect(gatekeeperBody(emptyGatekeeper())).toBeNull();
    expect(gatekeeperBody({ enabled: true, url: ' https://gk ', username: ' me ', password: ' p ' })).toEqual({ url: 'https://gk', username: 'me', password: ' p ' });
  });

  it('lists what keeps the administrator incomplete', () => {
    const admin = { ...emptyAdmin(), username: 'chief', password: 'Quiet-Harbour-Lantern-47', confirmation: 'Quiet-Harbour-Lantern-47' };
    expect(adminProblems(admin, 4)).toEqual([]);
    expect(adminProblems(admin, 1)).toEqual(['setup.admin.tooWeak']);
    expect(adminProblems(admin, null)).toEqual(['setup.admin.tooWeak']);
    expect(adminProblems({ ...admin, confirmation: 'other' }, 4)).toEqual(['setup.admin.mismatch']);
    expect(adminProblems({ ...admin, username: ' ', email: 'x' }, 4)).toEqual(['setup.admin.usernameMissing', 'setup.admin.emailInvalid']);
    expect(adminProblems(emptyAdmin(), 0)).toEqual(['setup.admin.usernameMissing', 'setup.admin.passwordMissing']);
    expect(adminBody({ ...admin, fullName: ' ', email: ' a@b.org ' })).toEqual({ username: 'chief', password: admin.password, fullName: null, email: 'a@b.org' });
  });

  it('is complete only when every section is valid', () => {
    const ok = { status: 'ok' } as const;
    const idle = { status: 'idle' } as const;
    const on = { ...emptyGatekeeper(), enabled: true };
    expect(setupComplete(ok, emptyGatekeeper(), idle, [])).toBe(true);
    expect(setupComplete(idle, emptyGatekeeper(), idle, [])).toBe(false);
    expect(setupComplete(ok, on, idle, [])).toBe(false);
    expect(setupComplete(ok, on, ok, [])).toBe(true);
    expect(setupComplete(ok, on, ok, ['setup.admin.mismatch'])).toBe(false);
  });

  it("shows the server's text, else its reason phrase's message", () => {
    const error = (body: unknown, reasonPhrase: string | null = null) => new ApiError({ kind: 'http', method: 'POST', path: 'setup/store', status: 401, reasonPhrase, body });
    expect(serverText(error({ message: 'Invalid database details provided.' }), t)).toBe('Invalid database details provided.');
    expect(serverText(error('Invalid details: nope'), t)).toBe('Invalid details: nope');
    expect(serverText(error({}, 'UNAUTHORIZED_INVALID_DATABASE'), t)).toBe('<reasonPhrase.UNAUTHORIZED_INVALID_DATABASE>');
    expect(serverText(new ApiError({ kind: 'network', method: 'POST', path: 'x' }), t)).toBe('<setup.error.network>');
    expect(serverText(new Error('x'), t)).toBe('<setup.error.unknown>');
  });
});
