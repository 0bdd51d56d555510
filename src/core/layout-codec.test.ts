import { deflateSync, inflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.js';
import type { PaneInstance } from './contracts.js';
import { decodeLayout, encodeLayout, jsonValueProblem } from './layout-codec.js';
import { layoutProblem, type Layout } from './layout.js';
import { randomLayout, randomJson, seeded } from './layout-random.test-support.js';

const anyType = (): boolean => true;

/** The `layout=` text of any JSON text, bypassing the encoder's checks. */
function wrapText(json: string): string {
  return `1.${encodeBase64url(deflateSync(new TextEncoder().encode(json)))}`;
}
const wrap = (value: unknown): string => wrapText(JSON.stringify(value));

function roundTrip(layout: Layout): void {
  const text = encodeLayout(layout);
  expect(text).toMatch(/^1\.[A-Za-z0-9_-]+$/);
  expect(decodeLayout(text, anyType)).toStrictEqual({ layout, dropped: [] });
}

const filters = [
  { column: 'genus', comparator: 'equals', operator: 'and', values: ['Hordeum'] },
  { column: 'countryName', comparator: 'inSet', operator: 'and', values: ['Germany', 'United Kingdom', 'Ethiopia'] },
];
/** A germplasm table with two filters beside a passport over a location map. */
const typical: Layout = {
  root: { direction: 'row', splitPercentage: 60, first: 'p1', second: { direction: 'column', splitPercentage: 40, first: 'p2', second: 'p3' } },
  panes: {
    p1: { type: 'germplasm:table', params: {}, state: { filter: filters, orderBy: 'accenumb', ascending: true, page: 3, perPage: 25 } },
    p2: { type: 'germplasm:passport', params: { germplasmId: '1234' }, state: { section: 'pdci' } },
    p3: {
      type: 'geography:locations',
      params: {},
      state: { view: 'map', filter: [{ column: 'locationType', comparator: 'equals', values: ['collecting site'] }], zoom: 4.5, center: [10.2, 51.3] },
    },
  },
  focused: 'p2',
};
const typicalText = encodeLayout(typical);

describe('encodeLayout / decodeLayout round trips', () => {
  const one = (instance: PaneInstance): Layout => ({ root: 'p1', panes: { p1: instance }, focused: 'p1' });

  it.each([
    ['a bare pane', one({ type: 'home:home', params: {} })],
    ['a pane with params', one({ type: 'germplasm:passport', params: { germplasmId: '12' } })],
    ['empty view state', one({ type: 'germplasm:table', params: {}, state: {} })],
    ['state without params', one({ type: 'germplasm:table', params: {}, state: { page: 2 } })],
    ['the typical layout', typical],
    ['a maximised pane', { ...typical, maximised: 'p3', focused: 'p3' }],
    ['splits at 0 and 100 and none', { ...typical, root: { direction: 'column', splitPercentage: 0, first: 'p3', second: { direction: 'row', splitPercentage: 100, first: 'p1', second: 'p2' } } }],
    ['keys that are not p<n>', { root: { direction: 'row', first: 'Main_1', second: 'x-2' }, panes: { Main_1: { type: 't:a', params: {} }, 'x-2': { type: 't:b', params: { q: '&=?#%+/ ü 😀' } } }, focused: 'x-2' }],
  ] as [string, Layout][])('%s', (_name, layout) => roundTrip(layout));

  it(`keeps a typical 3-pane layout with filters short: ${typicalText.length} characters`, () => {
    expect(typicalText.length).toBeLessThan(500);
    // The measurement behind the choice of deflate: the same JSON as plain base64url is far longer.
    const plain = encodeBase64url(new TextEncoder().encode(JSON.stringify(typical)));
    expect(typicalText.length).toBeLessThan(plain.length * 0.7);
  });

  it('needs no escaping in a URL and is deterministic', () => {
    expect(encodeURIComponent(typicalText)).toBe(typicalText);
    const query = new URLSearchParams(`layout=${typicalText}&x=1`);
    expect(decodeLayout(query.get('layout'), anyType)).toStrictEqual({ layout: typical, dropped: [] });
    expect(encodeLayout(structuredClone(typical))).toBe(typicalText);
  });

  it('round-trips 500 random layouts (depth ≤ 6, unicode and special characters)', () => {
    const random = seeded(20240611);
    let longest = 0;
    let deepest = 0;
    for (let i = 0; i < 500; i += 1) {
      const layout = randomLayout(random);
      expect(layoutProblem(layout)).toBeNull();
      roundTrip(layout);
      longest = Math.max(longest, encodeLayout(layout).length);
      deepest = Math.max(deepest, depthOf(layout.root));
    }
    expect(deepest).toBe(6);
    expect(longest).toBeLessThan(16 * 1024);
  });
});

function depthOf(node: Layout['root']): number {
  return typeof node === 'string' ? 0 : 1 + Math.max(depthOf(node.first), depthOf(node.second));
}

describe('decodeLayout drops unknown pane types', () => {
  const known = (type: string): boolean => !type.startsWith('gone:');

  it('drops a pane of an unknown type with its leaf and moves focus', () => {
    const layout: Layout = { ...typical, panes: { ...typical.panes, p2: { type: 'gone:passport', params: {} } } };
    expect(decodeLayout(encodeLayout(layout), known)).toStrictEqual({
      layout: { root: { direction: 'row', splitPercentage: 60, first: 'p1', second: 'p3' }, panes: { p1: typical.panes.p1, p3: typical.panes.p3 }, focused: 'p3' },
      dropped: ['gone:passport'],
    });
  });

  it('lists each unknown type once and clears a maximise on a dropped pane', () => {
    const layout: Layout = {
      ...typical,
      panes: { p1: { type: 'gone:a', params: {} }, p2: typical.panes.p2, p3: { type: 'gone:a', params: {} } },
      maximised: 'p3',
      focused: 'p3',
    };
    expect(decodeLayout(encodeLayout(layout), known)).toStrictEqual({ layout: { root: 'p2', panes: { p2: typical.panes.p2 }, focused: 'p2' }, dropped: ['gone:a'] });
  });

  it('refuses a layout with no known pane left', () => {
    const layout: Layout = { root: 'p1', panes: { p1: { type: 'gone:a', params: {} } }, focused: 'p1' };
    expect(decodeLayout(encodeLayout(layout), known)).toEqual({ error: expect.stringContaining('no pane of a known type') });
  });
});

describe('decodeLayout refuses malformed input without throwing', () => {
  const leaf = ['p1', 't:a'];
  const deep = (levels: number): unknown => (levels === 0 ? 1 : [deep(levels - 1)]);
  const chain = (count: number): unknown => {
    let node: unknown = ['p1', 't:a'];
    for (let i = 2; i <= count; i += 1) node = [0, node, [`p${i}`, 't:a']];
    return node;
  };
  const cases: [string, unknown, string][] = [
    ['not text', 42, 'not text'],
    ['null', null, 'not text'],
    ['empty text', '', 'no version'],
    ['no version', 'abcdef', 'no version'],
    ['version 2', `2.${wrap([leaf, 'p1']).slice(2)}`, 'version "2"'],
    ['version 0', `0.${wrap([leaf, 'p1']).slice(2)}`, 'version "0"'],
    ['empty version', `.${wrap([leaf, 'p1']).slice(2)}`, 'version ""'],
    ['empty payload', '1.', 'base64url'],
    ['bad base64 characters', '1.ab$cd', 'base64url'],
    ['base64 padding', '1.abc=', 'base64url'],
    ['impossible base64 length', '1.abcde', 'base64url'],
    ['not deflate data', `1.${encodeBase64url(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x00]))}`, 'not deflate'],
    ['truncated deflate data', typicalText.slice(0, 40), 'not deflate'],
    ['not UTF-8', `1.${encodeBase64url(deflateSync(Uint8Array.from([0x5b, 0xc3, 0x28, 0x5d])))}`, 'UTF-8 JSON'],
    ['not JSON', wrapText('[["p1","t:a"],"p1"'), 'UTF-8 JSON'],
    ['a deflate bomb', `1.${encodeBase64url(deflateSync(new TextEncoder().encode(' '.repeat(1_000_000)), { level: 9 }))}`, 'more than 64 KB'],
    ['text over 16 KB', `1.${'A'.repeat(16 * 1024)}`, 'longer than 16384'],
    ['an object', wrap({ tree: leaf, focused: 'p1' }), '[tree, focused'],
    ['an empty array', wrap([]), '[tree, focused'],
    ['no focused key', wrap([leaf]), '[tree, focused'],
    ['too many entries', wrap([leaf, 'p1', 'p1', 'p1']), '[tree, focused'],
    ['a bare key as tree', wrap(['p1', 'p1']), 'split or a pane'],
    ['a leaf without type', wrap([['p1'], 'p1']), 'split or a pane'],
    ['a leaf with five entries', wrap([['p1', 't:a', {}, {}, {}], 'p1']), 'valid key'],
    ['a __proto__ key', wrapText('[["__proto__","t:a"],"__proto__"]'), 'valid key'],
    ['a key with a space', wrap([['a b', 't:a'], 'a b']), 'valid key'],
    ['a numeric type', wrap([['p1', 5], 'p1']), 'type must be'],
    ['an empty type', wrap([['p1', ''], 'p1']), 'type must be'],
    ['params as array', wrap([['p1', 't:a', ['x']], 'p1']), 'params must be an object'],
    ['params as null', wrap([['p1', 't:a', null], 'p1']), 'params must be an object'],
    ['a numeric param', wrap([['p1', 't:a', { id: 1 }], 'p1']), 'params.id must be a string'],
    ['state as array', wrap([['p1', 't:a', {}, [1]], 'p1']), 'state must be an object'],
    ['state as text', wrap([['p1', 't:a', {}, 'x'], 'p1']), 'state must be an object'],
    ['state as null', wrap([['p1', 't:a', {}, null], 'p1']), 'state must be an object'],
    ['state nested 40 deep', wrap([['p1', 't:a', {}, { x: deep(40) }], 'p1']), 'deeper than 32'],
    ['state with a __proto__ key', wrapText('[["p1","t:a",{},{"a":{"__proto__":{"polluted":true}}}],"p1"]'), '__proto__'],
    ['split direction 2', wrap([[2, leaf, ['p2', 't:a']], 'p1']), 'not a split'],
    ['split direction as text', wrap([['row', leaf, ['p2', 't:a']], 'p1']), 'type must be'],
    ['split percentage -1', wrap([[0, leaf, ['p2', 't:a'], -1], 'p1']), '0 to 100'],
    ['split percentage 100.5', wrap([[0, leaf, ['p2', 't:a'], 100.5], 'p1']), '0 to 100'],
    ['split percentage as text', wrap([[0, leaf, ['p2', 't:a'], '50'], 'p1']), '0 to 100'],
    ['split percentage null', wrap([[0, leaf, ['p2', 't:a'], null], 'p1']), '0 to 100'],
    ['split with five entries', wrap([[0, leaf, ['p2', 't:a'], 50, 1], 'p1']), 'not a split'],
    ['split with one child', wrap([[0, leaf], 'p1']), 'second must be'],
    ['duplicate keys', wrap([[0, leaf, ['p1', 't:b']], 'p1']), 'appears twice'],
    ['focus on a missing key', wrap([leaf, 'p2']), 'focused pane'],
    ['focus as number', wrap([leaf, 1]), 'focused pane'],
    ['maximise on a missing key', wrap([leaf, 'p1', 'p2']), 'maximised pane'],
    ['33 panes', wrap([chain(33), 'p1']), 'more than 32 panes'],
    // Both within the 64 KB inflate limit, so the node count and JSON.parse meet the nesting.
    ['2,000 nested splits', wrapText(`[${'[0,'.repeat(2000)}["p1","t:a"]${',["p2","t:a"]]'.repeat(2000)},"p1"]`), 'more than 32 panes'],
    ['30,000 nested arrays', wrapText(`${'['.repeat(30_000)}${']'.repeat(30_000)}`), '[tree, focused'],
  ];

  it.each(cases)('%s', (_name, text, message) => {
    expect(decodeLayout(text, anyType)).toEqual({ error: expect.stringContaining(message) });
  });

  it('accepts the largest allowed layout: 32 panes', () => {
    const result = decodeLayout(wrap([chain(32), 'p1']), anyType);
    expect('layout' in result && Object.keys(result.layout.panes)).toHaveLength(32);
  });

  it('never throws and only returns consistent layouts for 2,000 mutated links', () => {
    const random = seeded(7);
    for (let i = 0; i < 1000; i += 1) {
      // Characters changed, cut or added in the text …
      const text = encodeLayout(randomLayout(random));
      const at = Math.floor(random() * text.length);
      const mutated = [
        text.slice(0, at) + 'A_-'[Math.floor(random() * 3)] + text.slice(at + 1),
        text.slice(0, at),
        text.slice(0, at) + text.slice(at + 1),
      ][i % 3];
      expectSafe(decodeLayout(mutated, anyType));
      // … and random JSON in place of any part of the compact form.
      const wire: unknown = JSON.parse(new TextDecoder().decode(inflateSync(decodeBase64url(text.slice(2)) ?? new Uint8Array())));
      expectSafe(decodeLayout(wrap(replaceSomewhere(wire, randomJson(random, 3), random)), anyType));
    }
  });
});

/** Replaces one randomly chosen element (at any depth) of nested arrays and objects. */
function replaceSomewhere(value: unknown, replacement: unknown, random: () => number): unknown {
  if (random() < 0.3 || typeof value !== 'object' || value === null) return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const index = Math.floor(random() * entries.length);
  entries[index] = [entries[index][0], replaceSomewhere(entries[index][1], replacement, random)];
  return Array.isArray(value) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

function expectSafe(result: ReturnType<typeof decodeLayout>): void {
  if ('error' in result) expect(typeof result.error).toBe('string');
  else expect(layoutProblem(result.layout)).toBeNull();
}

describe('encodeLayout refuses what could not come back', () => {
  const withState = (state: unknown): Layout =>
    ({ root: 'p1', panes: { p1: { type: 't:a', params: {}, state } }, focused: 'p1' }) as Layout;
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;

  it.each([
    ['a function', withState({ run: () => 1 }), 'function'],
    ['undefined', withState({ page: undefined }), 'undefined'],
    ['undefined in an array', withState({ list: [1, undefined] }), 'undefined'],
    ['a sparse array', withState({ list: Object.assign(new Array<unknown>(3), { 0: 1, 2: 3 }) }), 'undefined'],
    ['NaN', withState({ zoom: Number.NaN }), 'finite'],
    ['Infinity', withState({ zoom: Number.POSITIVE_INFINITY }), 'finite'],
    ['a Date', withState({ when: new Date(0) }), 'plain object'],
    ['a Map', withState({ map: new Map() }), 'plain object'],
    ['a bigint', withState({ n: 1n }), 'bigint'],
    ['a symbol', withState({ s: Symbol('x') }), 'symbol'],
    ['a cycle', withState(cyclic), 'deeper'],
    ['state as array', withState([1]), 'state must be an object'],
    ['a numeric param', { root: 'p1', panes: { p1: { type: 't:a', params: { id: 1 } } }, focused: 'p1' }, 'string'],
    ['an empty type', { root: 'p1', panes: { p1: { type: '', params: {} } }, focused: 'p1' }, 'type'],
    ['an inconsistent tree', { root: 'p1', panes: {}, focused: 'p1' }, 'no instance'],
    ['33 panes', chainLayout(33), 'more than 32'],
    ['a link over 16 KB', withState({ noise: noise(20_000) }), '16 KB'],
    ['JSON over 64 KB', withState({ text: 'a'.repeat(70_000) }), '64 KB'],
  ] as [string, Layout, string][])('%s', (_name, layout, message) => {
    expect(() => encodeLayout(layout)).toThrow(message);
  });

  it('describes the first problem with its path', () => {
    expect(jsonValueProblem({ a: [{ b: () => 1 }] }, 'state')).toBe('state.a[0].b is function, not JSON');
    expect(jsonValueProblem({ a: [1, 'x', null, true, { b: 2.5 }] })).toBeNull();
    expect(jsonValueProblem(Object.create(null))).toBeNull();
  });
});

function chainLayout(count: number): Layout {
  const panes: Record<string, PaneInstance> = { p1: { type: 't:a', params: {} } };
  let root: Layout['root'] = 'p1';
  for (let i = 2; i <= count; i += 1) {
    panes[`p${i}`] = { type: 't:a', params: {} };
    root = { direction: 'row', first: root, second: `p${i}` };
  }
  return { root, panes, focused: 'p1' };
}

/** Text that deflate cannot shrink much. */
function noise(length: number): string {
  const random = seeded(1);
  return Array.from({ length }, () => String.fromCharCode(33 + Math.floor(random() * 90))).join('');
}
