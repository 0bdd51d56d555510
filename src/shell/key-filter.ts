import { parseKeys } from '../core/keys.js';

/**
 * A binding that is a plain key (or Shift + key) would type into a field, so it is ignored while the
 * user types; bindings with Control, Alt or Meta still run (Ctrl+K opens the palette from a field).
 */
export function typesText(binding: string): boolean {
  const first = parseKeys(binding)[0];
  return first.mods.every((mod) => mod === 'Shift');
}

interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  type?: string;
}

const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

export function isTypingTarget(target: TargetLike | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  return tag === 'input' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}
