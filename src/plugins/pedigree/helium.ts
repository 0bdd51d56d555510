import type { RelationshipType } from './tables.js';

/**
 * The Helium pedigree file from pedigree edges, and the walk that picks the edges of a
 * germplasm selection. Pure functions: the routes read the edges, these decide what is written.
 */

export interface Edge {
  datasetId: number;
  childId: number;
  childName: string;
  parentId: number;
  parentName: string;
  type: RelationshipType;
}

const CRLF = '\r\n';

/** Names go into a tab-separated line: tabs and line breaks inside one would split it. */
const clean = (name: string) => name.replace(/[\t\r\n]+/g, ' ');

export function heliumPedigree(edges: readonly Edge[]): string {
  const lines = ['# heliumInput = PEDIGREE', 'LineName\tParent\tParentType', ...edges.map((e) => `${clean(e.childName)}\t${clean(e.parentName)}\t${e.type}`)];
  return lines.join(CRLF) + CRLF;
}

/** The passport attributes file that goes with it: a name column, then one column per attribute. */
export function heliumAttributes(names: readonly string[], rows: readonly { name: string; values: Record<string, string> }[]): string {
  const lines = ['#heliumInput = PHENOTYPE', ['Name', ...names].map(clean).join('\t'), ...rows.map((r) => [r.name, ...names.map((n) => r.values[n] ?? '')].map(clean).join('\t'))];
  return lines.join(CRLF) + CRLF;
}

/** Requested levels: the defaults of one (up 2, down 1) or several selected germplasm (3, 3), else clamped to 1…5. */
export function levels(selected: number, up: number | null | undefined, down: number | null | undefined): { up: number; down: number } {
  const clamp = (n: number) => Math.min(5, Math.max(1, Math.trunc(n)));
  const single = selected === 1;
  return {
    up: typeof up === 'number' ? clamp(up) : single ? 2 : 3,
    down: typeof down === 'number' ? clamp(down) : single ? 1 : 3,
  };
}

/**
 * The edges within `up` generations above and `down` generations below each start germplasm, each edge once,
 * in the order they are met (starts by name, then breadth first: parents upwards, children downwards).
 * Starts that are in no edge are dropped; an empty result means nothing to export.
 */
export function walk(edges: readonly Edge[], startIds: readonly number[], up: number, down: number): Edge[] {
  const byChild = new Map<number, Edge[]>();
  const byParent = new Map<number, Edge[]>();
  for (const edge of edges) {
    byChild.set(edge.childId, [...(byChild.get(edge.childId) ?? []), edge]);
    byParent.set(edge.parentId, [...(byParent.get(edge.parentId) ?? []), edge]);
  }
  const name = new Map<number, string>();
  for (const e of edges) {
    name.set(e.childId, e.childName);
    name.set(e.parentId, e.parentName);
  }
  const starts = [...new Set(startIds)].filter((id) => name.has(id)).sort((a, b) => (name.get(a) ?? '').localeCompare(name.get(b) ?? '') || a - b);
  const written = new Set<Edge>();
  const out: Edge[] = [];
  const take = (edge: Edge) => {
    if (written.has(edge)) return;
    written.add(edge);
    out.push(edge);
  };
  for (const start of starts) {
    let frontier = [start];
    for (let level = 0; level < up && frontier.length > 0; level++) {
      const next: number[] = [];
      for (const id of frontier) {
        for (const edge of byChild.get(id) ?? []) {
          take(edge);
          next.push(edge.parentId);
        }
      }
      frontier = next;
    }
    frontier = [start];
    for (let level = 0; level < down && frontier.length > 0; level++) {
      const next: number[] = [];
      for (const id of frontier) {
        for (const edge of byParent.get(id) ?? []) {
          take(edge);
          next.push(edge.childId);
        }
      }
      frontier = next;
    }
  }
  return out;
}
