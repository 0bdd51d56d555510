import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.js';

describe('base64url', () => {
  it('agrees with Node for every length up to 64 and every byte value', () => {
    for (let length = 0; length <= 64; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff);
      const text = encodeBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64url(text)).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBase64url(encodeBase64url(all))).toEqual(all);
  });

  it('refuses characters outside the alphabet, padding and impossible lengths', () => {
    for (const text of ['ab+c', 'ab/c', 'abc=', 'ab c', 'abcde', 'é', '😀😀']) {
      expect(decodeBase64url(text)).toBeNull();
    }
  });
});
