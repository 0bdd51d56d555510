import { describe, expect, it } from 'vitest';
import { keyDisplay } from './key-labels.js';

const german: Record<string, string> = { 'shell.key.control': 'Strg', 'shell.key.shift': 'Umschalt', 'shell.key.alt': 'Alt' };

describe('key display', () => {
  it('uses the translated modifier names off the Mac, glyphs on it', () => {
    expect(keyDisplay('$mod+k', 'other', (key) => german[key])).toBe('Strg+K');
    expect(keyDisplay('Alt+Shift+KeyD', 'other', (key) => german[key])).toBe('Alt+Umschalt+D');
    expect(keyDisplay('$mod+k', 'mac', (key) => german[key])).toBe('⌘K');
  });
});
