import { describe, expect, it } from 'vitest';
import { clearTokenCookie } from './session.js';

describe('clearTokenCookie', () => {
  it('expires a token cookie another client left, and touches nothing else', () => {
    const jar = { cookie: 'theme=dark; token=abc' };
    clearTokenCookie(jar);
    expect(jar.cookie).toMatch(/^token=; expires=Thu, 01 Jan 1970/);
    const none = { cookie: 'theme=dark; mytoken=1' };
    clearTokenCookie(none);
    expect(none.cookie).toBe('theme=dark; mytoken=1');
  });
});
