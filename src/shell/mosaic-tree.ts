import type { MosaicNode } from 'react-mosaic-component';
import type { LayoutNode } from '../core/layout.js';

/**
 * react-mosaic 7 speaks n-ary trees (`{ type: 'split', children, splitPercentages }`); our core layout
 * is binary, because the codec, the guard and the focus moves are written against first/second.
 * These two converters are the only place the two shapes meet.
 */

/** Binary → n-ary, one split per binary node, so the round trip is exact. */
export function toMosaic(node: LayoutNode): MosaicNode<string> {
  if (typeof node === 'string') return node;
  const first = node.splitPercentage ?? 50;
  return {
    type: 'split',
    direction: node.direction,
    children: [toMosaic(node.first), toMosaic(node.second)],
    splitPercentages: [first, 100 - first],
  };
}

/** Rounded so repeated resizes don't grow long decimals in the URL. */
function percent(value: number): number {
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}

/**
 * N-ary → binary: a split of n children becomes a right-leaning chain whose percentages keep every
 * child's share. A tab group (we never create one, but dragging can) becomes a row of its tabs, so
 * no pane is lost. Null for an empty tree.
 */
export function fromMosaic(node: MosaicNode<string> | null): LayoutNode | null {
  if (node === null) return null;
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (node.type === 'tabs') {
    return chain(node.tabs.map(String), 'row', node.tabs.map(() => 1));
  }
  const children = node.children.map(fromMosaic).filter((child): child is LayoutNode => child !== null);
  const given = node.splitPercentages;
  const shares =
    given && given.length === node.children.length
      ? node.children.map((_, i) => given[i]).filter((_, i) => fromMosaic(node.children[i]) !== null)
      : children.map(() => 1);
  return chain(children, node.direction, shares);
}

function chain(children: LayoutNode[], direction: 'row' | 'column', shares: number[]): LayoutNode | null {
  if (children.length === 0) return null;
  if (children.length === 1) return children[0];
  const total = shares.reduce((sum, share) => sum + Math.max(0, share), 0);
  const firstShare = total > 0 ? (Math.max(0, shares[0]) / total) * 100 : 100 / children.length;
  const second = chain(children.slice(1), direction, shares.slice(1));
  if (second === null) return children[0];
  const splitPercentage = percent(firstShare);
  const out: LayoutNode = { direction, first: children[0], second };
  return splitPercentage === 50 ? out : { ...out, splitPercentage };
}
