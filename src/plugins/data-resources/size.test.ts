import { describe, expect, it } from 'vitest';
import { sizeText } from './size.js';

describe('sizeText', () => {
  it('reads bytes in binary units', () => {
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(1023)).toBe('1023 B');
    expect(sizeText(1536)).toBe('1.5 KiB');
    expect(sizeText(150 * 1024 * 1024)).toBe('150 MiB');
    expect(sizeText(-1)).toBe('');
  });
});
