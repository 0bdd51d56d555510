import type { PaneInstance } from './contracts.js';
import type { Layout, LayoutNode } from './layout.js';
import type { Random } from './random.js';

/**
 * Seeded random layouts for the codec's round-trip and fuzz tests (not loaded by the app). Seeded,
 * so a failure names a case that can be replayed.
 */

/** The codec tests' name for the shared seeded generator. */
export { seededRandom as seeded } from './random.js';
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Characters that trip encoders: URL syntax, JSON escapes, multi-byte, astral, combining, a lone surrogate. */
const CHARS = [
  ...'aZ09 -_.~',
  ...'&=?#%+/:;@,[]{}<>|^`\'"\\',
  '\n', '\t', '\u0000', '\u001f', '\u007f', '\u2028', '\u200b', '\ufeff',
  'é', 'ß', 'ü', 'Ø', 'ł', '中', '文', 'ह', 'ع', '\u0301', '😀', '🌾', '\ud800',
];

function randomString(random: Random, max = 12): string {
  return Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(random, CHARS)).join('');
}

function randomNumber(random: Random): number {
  return pick(random, [
    () => Math.floor(random() * 2_000_001) - 1_000_000,
    () => random() * 1000 - 500,
    () => pick(random, [0, 1, 1e300, 5e-324, -1.5, Number.MAX_SAFE_INTEGER, 2147483647]),
  ])();
}

/** Any JSON value nested at most `depth` levels. */
export function randomJson(random: Random, depth: number): unknown {
  const roll = random();
  if (depth > 0 && roll < 0.2) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth - 1));
  if (depth > 0 && roll < 0.4) return randomObject(random, depth - 1);
  return pick(random, [
    () => null,
    () => random() < 0.5,
    () => randomNumber(random),
    () => randomString(random),
  ])();
}

function randomObject(random: Random, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const size = Math.floor(random() * 4);
  for (let i = 0; i < size; i += 1) out[randomString(random, 8)] = randomJson(random, depth);
  return out;
}

const TYPES = ['germplasm:table', 'germplasm:passport', 'geography:locations', 'trials:traits', 'home:home'];

function randomPane(random: Random): PaneInstance {
  const type = random() < 0.8 ? pick(random, TYPES) : `x:${randomString(random, 6)}`;
  const params: Record<string, string> = {};
  const count = Math.floor(random() * 3);
  for (let i = 0; i < count; i += 1) params[`${randomString(random, 4)}id${i}`] = randomString(random);
  const roll = random();
  if (roll < 0.3) return { type, params };
  if (roll < 0.4) return { type, params, state: {} };
  return { type, params, state: randomObject(random, 3) };
}

function randomKey(random: Random, index: number): string {
  if (random() < 0.8) return `p${index + 1}`;
  const tail = Array.from({ length: Math.floor(random() * 6) }, () => pick(random, [...'aZ09_-'])).join('');
  return `${pick(random, [...'kqXY'])}${tail}${index}`;
}

/** A consistent layout: depth ≤ 6, 1–32 panes, random directions, percentages, params and state. */
export function randomLayout(random: Random): Layout {
  let leafCount = 1;
  const shape = (depth: number): LayoutNode => {
    if (depth === 6 || leafCount >= 32 || random() < 0.3 + depth * 0.05) return '';
    leafCount += 1;
    const node: LayoutNode = { direction: random() < 0.5 ? 'row' : 'column', first: shape(depth + 1), second: shape(depth + 1) };
    const roll = random();
    if (roll < 0.6) node.splitPercentage = roll < 0.1 ? pick(random, [0, 100, 50]) : roll < 0.3 ? Math.round(random() * 100) : random() * 100;
    return node;
  };
  const skeleton = shape(0);
  const panes: Record<string, PaneInstance> = {};
  let next = 0;
  const name = (node: LayoutNode): LayoutNode => {
    if (typeof node !== 'string') return { ...node, first: name(node.first), second: name(node.second) };
    // Random names start with k, q, X or Y, so the p<n> fallback cannot collide with them.
    const candidate = randomKey(random, next);
    const key = Object.hasOwn(panes, candidate) ? `p${next + 1}` : candidate;
    next += 1;
    panes[key] = randomPane(random);
    return key;
  };
  const root = name(skeleton);
  const keys = Object.keys(panes);
  const layout: Layout = { root, panes, focused: pick(random, keys) };
  if (random() < 0.25) layout.maximised = pick(random, keys);
  return layout;
}
