import { formatKeys, type Platform } from '../core/keys.js';

/** Modifier names as the reader's keyboard prints them (Strg, Umschalt); Apple keyboards use glyphs. */
const LABEL_KEYS: Record<string, string> = {
  Control: 'shell.key.control',
  Shift: 'shell.key.shift',
  Alt: 'shell.key.alt',
};

export function keyDisplay(keys: string, platform: Platform, t: (key: string) => string): string {
  if (platform === 'mac') return formatKeys(keys, platform);
  const labels = Object.fromEntries(Object.entries(LABEL_KEYS).map(([name, key]) => [name, t(key)]));
  return formatKeys(keys, platform, labels);
}
