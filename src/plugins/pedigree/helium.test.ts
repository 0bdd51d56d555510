import { describe, expect, it } from 'vitest';
import { heliumAttributes, heliumPedigree, levels, walk, type Edge } from './helium.js';

const edge = (childId: number, parentId: number, type: Edge['type'] = 'M'): Edge => ({ datasetId: 1, childId, childName: `g${childId}`, parentId, parentName: `g${parentId}`, type });

describe('Helium pedigree files', () => {
  it('writes the header and one CRLF line per edge, names kept on their line', () => {
    expect(heliumPedigree([edge(2, 1, 'F'), { ...edge(3, 2), childName: 'a\tb' }])).toBe('# heliumInput = PEDIGREE\r\nLineName\tParent\tParentType\r\ng2\tg1\tF\r\na b\tg2\tM\r\n');
    expect(heliumAttributes(['Colour'], [{ name: 'g1', values: { Colour: 'red' } }, { name: 'g2', values: {} }])).toBe('#heliumInput = PHENOTYPE\r\nName\tColour\r\ng1\tred\r\ng2\t\r\n');
  });

  it('defaults to 2 up and 1 down for one germplasm, 3 and 3 for several, and clamps requests to 1…5', () => {
    expect(levels(1, null, undefined)).toEqual({ up: 2, down: 1 });
    expect(levels(4, null, null)).toEqual({ up: 3, down: 3 });
    expect(levels(1, 0, 9)).toEqual({ up: 1, down: 5 });
    expect(levels(1, 2.7, 1)).toEqual({ up: 2, down: 1 });
  });

  it('walks up and down from each start by name, each edge once, and survives cycles', () => {
    // 1 ← 2 ← 3 ← 4 (4 is the youngest), and 5 a second parent of 3; a cycle 6 ↔ 7.
    const edges = [edge(2, 1), edge(3, 2), edge(4, 3), edge(3, 5), edge(6, 7), edge(7, 6)];
    expect(walk(edges, [3], 1, 1)).toEqual([edge(3, 2), edge(3, 5), edge(4, 3)]);
    expect(walk(edges, [3, 4], 2, 0)).toEqual([edge(3, 2), edge(3, 5), edge(2, 1), edge(4, 3)]);
    expect(walk(edges, [6], 5, 5)).toEqual([edge(6, 7), edge(7, 6)]);
    expect(walk(edges, [99], 3, 3)).toEqual([]);
  });
});
