import { describe, expect, it } from 'vitest';
import { isTypingTarget, typesText } from './key-filter.js';

describe('key filter', () => {
  it('knows which bindings would type text', () => {
    expect(typesText('j')).toBe(true);
    expect(typesText('Shift+?')).toBe(true);
    expect(typesText('g g')).toBe(true);
    expect(typesText('$mod+k')).toBe(false);
    expect(typesText('Alt+ArrowLeft')).toBe(false);
  });

  it('knows which targets take typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
