import { deflateSync, inflateSync } from 'fflate';
import type { PaneInstance } from './contracts.js';
import { decodeBase64url, encodeBase64url } from './base64url.js';
import { close, layoutProblem, leaves, PANE_KEY_PATTERN, type Layout, type LayoutNode } from './layout.js';

/**
 * The layout in the URL (`?layout=`): `1.` then base64url of the raw-deflated JSON of a compact form.
 * The version prefix lets later formats keep reading old links. Deflate pays off: a typical
 * three-pane layout with table filters is 570 bytes of JSON, 760 characters as plain base64url and
 * 426 deflated (measured in layout-codec.test.ts).
 *
 * Compact form v1: `[tree, focusedKey, maximisedKey?]`, where a split is
 * `[0 | 1, first, second, percentage?]` (0 = row, 1 = column) and a leaf is
 * `[key, paneType, params?, state?]` (params are written when state is, even if empty).
 *
 * Decoding trusts nothing: every failure is an `{ error }` value (English, for logs; the shell shows
 * its own message), never an exception.
 */

const VERSION = '1';
/** Longest `layout=` value read; well above any real layout, far below what would hurt to parse. */
export const MAX_LAYOUT_TEXT = 16 * 1024;
export const MAX_PANES = 32;
/** Inflated size limit, so a small deflate bomb cannot expand into megabytes. */
const MAX_JSON_BYTES = 64 * 1024;
/** Nesting limit of view state, so code that walks it recursively cannot exhaust the stack. */
const MAX_DEPTH = 32;

type WireLeaf = [string, string, Record<string, string>?, Record<string, unknown>?];
type WireSplit = [0 | 1, WireNode, WireNode, number?];
type WireNode = WireLeaf | WireSplit;

export type DecodeResult = { layout: Layout; dropped: string[] } | { error: string };

/**
 * Why a value cannot travel in a link as JSON, or null when it can: only null, booleans, finite
 * numbers, strings, arrays and plain objects, nested at most 32 deep. Panes may call this when they
 * set view state, to fail where the mistake is made rather than when the URL is written.
 */
export function jsonValueProblem(value: unknown, path = 'value', depth = 0): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is not a finite number`;
  if (typeof value !== 'object') return `${path} is ${typeof value}, not JSON`;
  if (depth >= MAX_DEPTH) return `${path} is nested deeper than ${MAX_DEPTH}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const problem = jsonValueProblem(value[i], `${path}[${i}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return `${path} is not a plain object`;
  for (const [key, item] of Object.entries(value)) {
    // JSON.parse makes `__proto__` an own key, but spreading or assigning it elsewhere may not.
    if (key === '__proto__') return `${path} has a __proto__ key`;
    const problem = jsonValueProblem(item, `${path}.${key}`, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function paneProblem(pane: PaneInstance, path: string): string | null {
  if (typeof pane.type !== 'string' || pane.type === '') return `${path}.type must be a non-empty string`;
  if (!isPlainObject(pane.params)) return `${path}.params must be an object`;
  for (const [name, value] of Object.entries(pane.params)) {
    if (typeof value !== 'string') return `${path}.params.${name} must be a string`;
  }
  if (pane.state === undefined) return null;
  if (!isPlainObject(pane.state)) return `${path}.state must be an object`;
  return jsonValueProblem(pane.state, `${path}.state`);
}

/**
 * The `layout=` text of a layout. Throws for a layout that could not come back from a link
 * (inconsistent tree, more than 32 panes, view state that is not JSON, a result over 16 KB), so the
 * mistake shows where it is made rather than on the colleague's screen.
 */
export function encodeLayout(layout: Layout): string {
  const problem = layoutProblem(layout);
  if (problem) throw new Error(`Cannot encode layout: ${problem}`);
  if (leaves(layout.root).length > MAX_PANES) throw new Error(`Cannot encode layout: more than ${MAX_PANES} panes`);
  const wireNode = (node: LayoutNode): WireNode => {
    if (typeof node !== 'string') {
      const split: WireSplit = [node.direction === 'row' ? 0 : 1, wireNode(node.first), wireNode(node.second)];
      if (node.splitPercentage !== undefined) split.push(node.splitPercentage);
      return split;
    }
    const pane = layout.panes[node];
    const paneError = paneProblem(pane, `panes.${node}`);
    if (paneError) throw new Error(`Cannot encode layout: ${paneError}`);
    if (pane.state !== undefined) return [node, pane.type, pane.params, pane.state];
    return Object.keys(pane.params).length > 0 ? [node, pane.type, pane.params] : [node, pane.type];
  };
  const wire: unknown[] = [wireNode(layout.root), layout.focused];
  if (layout.maximised !== undefined) wire.push(layout.maximised);
  const json = new TextEncoder().encode(JSON.stringify(wire));
  if (json.length > MAX_JSON_BYTES) throw new Error('Cannot encode layout: its JSON is over 64 KB');
  const text = `${VERSION}.${encodeBase64url(deflateSync(json, { level: 9 }))}`;
  if (text.length > MAX_LAYOUT_TEXT) throw new Error('Cannot encode layout: the link text is over 16 KB');
  return text;
}

/**
 * Reads a `layout=` text. Panes whose type `known` rejects are dropped with their leaf (the sibling
 * takes the space) and their types listed in `dropped`; a layout left with no pane is an error.
 */
export function decodeLayout(text: unknown, known: (paneTypeId: string) => boolean): DecodeResult {
  if (typeof text !== 'string') return { error: 'layout is not text' };
  if (text.length > MAX_LAYOUT_TEXT) return { error: `layout text is longer than ${MAX_LAYOUT_TEXT} characters` };
  const dot = text.indexOf('.');
  if (dot < 0) return { error: 'layout text has no version prefix' };
  const version = text.slice(0, dot);
  if (version !== VERSION) return { error: `unsupported layout version ${JSON.stringify(version.slice(0, 10))}` };
  const json = readJson(text.slice(dot + 1));
  if ('error' in json) return json;
  const read = readWire(json.value);
  if (typeof read === 'string') return { error: read };
  return dropUnknown(read, known);
}

function readJson(payload: string): { value: unknown } | { error: string } {
  const bytes = decodeBase64url(payload);
  if (!bytes || bytes.length === 0) return { error: 'layout text is not base64url' };
  let inflated: Uint8Array;
  try {
    // One byte more than allowed, so an oversized result shows as a full buffer.
    inflated = inflateSync(bytes, { out: new Uint8Array(MAX_JSON_BYTES + 1) });
  } catch {
    return { error: 'layout data is not deflate data' };
  }
  if (inflated.length > MAX_JSON_BYTES) return { error: 'layout data inflates to more than 64 KB' };
  try {
    const source = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
    return { value: JSON.parse(source) as unknown };
  } catch {
    return { error: 'layout data is not UTF-8 JSON' };
  }
}

/** Thrown inside readWire only, to leave deep reads in one step; decodeLayout turns it into `{ error }`. */
class Malformed extends Error {}

function fail(reason: string): never {
  throw new Malformed(reason);
}

/** Checks the compact form and builds the layout; a string is the reason it is malformed. */
function readWire(wire: unknown): Layout | string {
  try {
    return buildLayout(wire);
  } catch (error) {
    if (error instanceof Malformed) return error.message;
    throw error;
  }
}

function buildLayout(wire: unknown): Layout {
  if (!Array.isArray(wire) || wire.length < 2 || wire.length > 3) fail('layout must be [tree, focused, maximised?]');
  const panes: Record<string, PaneInstance> = {};
  let nodes = 0;
  const readNode = (value: unknown, path: string): LayoutNode => {
    // Counting before descending bounds the recursion as well as the pane count.
    nodes += 1;
    if (nodes > 2 * MAX_PANES - 1) fail(`layout has more than ${MAX_PANES} panes`);
    if (!Array.isArray(value) || value.length < 2) fail(`${path} must be a split or a pane`);
    return typeof value[0] === 'number' ? readSplit(value, path) : readLeaf(value, path);
  };
  const readSplit = (value: unknown[], path: string): LayoutNode => {
    const [direction, first, second, percentage] = value;
    if (value.length > 4 || (direction !== 0 && direction !== 1)) fail(`${path} is not a split [0|1, a, b, %?]`);
    const split: LayoutNode = {
      direction: direction === 0 ? 'row' : 'column',
      first: readNode(first, `${path}.first`),
      second: readNode(second, `${path}.second`),
    };
    if (value.length === 4) {
      if (!(typeof percentage === 'number' && percentage >= 0 && percentage <= 100)) {
        fail(`${path} split percentage must be a number from 0 to 100`);
      }
      split.splitPercentage = percentage;
    }
    return split;
  };
  const readLeaf = (value: unknown[], path: string): LayoutNode => {
    const [key, type, params = {}, state] = value;
    if (value.length > 4 || typeof key !== 'string' || !PANE_KEY_PATTERN.test(key)) {
      fail(`${path} is not a pane [key, type, params?, state?] with a valid key`);
    }
    if (Object.hasOwn(panes, key)) fail(`pane key ${key} appears twice`);
    const pane: PaneInstance = { type: type as string, params: params as Record<string, string> };
    if (value.length === 4) pane.state = state as Record<string, unknown>;
    const problem = paneProblem(pane, `pane ${key}`);
    if (problem) fail(problem);
    panes[key] = pane;
    return key;
  };
  const root = readNode(wire[0], 'tree');
  const [, focused, maximised] = wire as unknown[];
  if (typeof focused !== 'string' || !Object.hasOwn(panes, focused)) fail('focused pane is not in the layout');
  const layout: Layout = { root, panes, focused };
  if (wire.length === 3) {
    if (typeof maximised !== 'string' || !Object.hasOwn(panes, maximised)) fail('maximised pane is not in the layout');
    layout.maximised = maximised;
  }
  // A safety net: the reads above already ensure every invariant it checks.
  const problem = layoutProblem(layout);
  if (problem) fail(problem);
  return layout;
}

function dropUnknown(layout: Layout, known: (paneTypeId: string) => boolean): DecodeResult {
  const unknownKeys = leaves(layout.root).filter((key) => !known(layout.panes[key].type));
  if (unknownKeys.length === Object.keys(layout.panes).length) {
    return { error: 'layout has no pane of a known type' };
  }
  let result = layout;
  const dropped = new Set<string>();
  for (const key of unknownKeys) {
    dropped.add(layout.panes[key].type);
    result = close(result, key);
  }
  return { layout: result, dropped: [...dropped] };
}
