import { describe, expect, it } from 'vitest';
import { datasetsOf, pedigreeGraph, type PedigreeEdgeRow } from './pedigree-graph.js';

const edge = (childId: number, parentId: number, relationshipType = 'OTHER', datasetId = 1): PedigreeEdgeRow => ({
  childId, parentId, relationshipType, datasetId, childName: `G${childId}`, parentName: `G${parentId}`,
});

describe('pedigreeGraph', () => {
  // 1 ← (10 F, 11 M); 10 ← 20; 2 ← 1; 3 ← 2; 4 ← 3 (four down); 5 unrelated ← 6.
  const rows = [edge(1, 10, 'F'), edge(1, 11, 'M'), edge(10, 20), edge(2, 1, 'M', 2), edge(3, 2), edge(4, 3), edge(5, 6), edge(1, 10, 'F')];

  it('keeps the generations within the levels, each edge once', () => {
    const graph = pedigreeGraph(1, rows, 3);
    expect(graph.generations).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(graph.nodes.map((n) => [n.id, n.generation])).toEqual([[20, -2], [10, -1], [11, -1], [1, 0], [2, 1], [3, 2], [4, 3]]);
    expect(graph.edges).toHaveLength(6);
    expect(graph.width).toBe(2);
    expect(pedigreeGraph(1, rows, 1).nodes.map((n) => n.id)).toEqual([10, 11, 1, 2]);
  });

  it('orders a row after its links to the row nearer the focus', () => {
    // Two parents with parents of their own: the grandparents sit above their child.
    const graph = pedigreeGraph(1, [edge(1, 10), edge(1, 11), edge(11, 31), edge(10, 30), edge(11, 32)]);
    const slot = (id: number) => graph.nodes.find((n) => n.id === id)?.slot;
    expect([slot(10), slot(11)]).toEqual([0, 1]);
    expect(slot(30)).toBe(0);
    expect([slot(31), slot(32)]).toEqual([1, 2]);
  });

  it('answers nothing without edges, and the datasets of the edges', () => {
    expect(pedigreeGraph(7, rows).nodes).toEqual([]);
    expect(datasetsOf(pedigreeGraph(1, rows).edges)).toEqual([1, 2]);
  });
});
