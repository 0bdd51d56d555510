/**
 * The passport's pedigree chart: the edges around one germplasm (a few generations up and down) as
 * generations of nodes laid out in rows, parents above children, each row ordered after the row next to
 * the focal germplasm so that crossings stay few. Pure, so that the layout is tested without a browser.
 */

/** The keys of a `pedigree/table` row (ViewTablePedigrees) the chart reads. */
export interface PedigreeEdgeRow {
  parentId: number;
  parentName?: string;
  parentNumber?: string;
  childId: number;
  childName?: string;
  childNumber?: string;
  relationshipType?: string;
  datasetId?: number;
  datasetName?: string;
}

export interface PedigreeNode {
  id: number;
  name: string;
  number: string | null;
  /** 0 = the focal germplasm, negative = ancestors, positive = descendants. */
  generation: number;
  /** Position in its row, 0-based. */
  slot: number;
}

export interface PedigreeGraph {
  nodes: PedigreeNode[];
  /** Each edge once (one per parent, child and type). */
  edges: PedigreeEdgeRow[];
  /** Generations shown, top (most negative) to bottom. */
  generations: number[];
  /** Nodes of the widest row. */
  width: number;
}

/** Generations the passport walks each way (as Germinate's Helium export of the passport: 3 up, 3 down). */
export const LEVELS = 3;

/** The node ids a breadth-first walk reaches from `focal`, each with its generation (nearest first wins). */
function generationsOf(focal: number, edges: readonly PedigreeEdgeRow[], levels: number): Map<number, number> {
  const generation = new Map<number, number>([[focal, 0]]);
  for (const direction of [-1, 1] as const) {
    let frontier = [focal];
    for (let step = 1; step <= levels && frontier.length > 0; step++) {
      const next: number[] = [];
      for (const id of frontier) {
        for (const e of edges) {
          const other = direction < 0 ? (e.childId === id ? e.parentId : null) : e.parentId === id ? e.childId : null;
          if (other === null || generation.has(other)) continue;
          generation.set(other, direction * step);
          next.push(other);
        }
      }
      frontier = next;
    }
  }
  return generation;
}

/** The graph of the edges within `levels` generations of `focal`. */
export function pedigreeGraph(focal: number, rows: readonly PedigreeEdgeRow[], levels = LEVELS): PedigreeGraph {
  const seen = new Set<string>();
  const unique = rows.filter((e) => {
    const key = `${e.parentId}>${e.childId}:${e.relationshipType ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const generation = generationsOf(focal, unique, levels);
  const edges = unique.filter((e) => generation.has(e.parentId) && generation.has(e.childId));
  const labels = new Map<number, { name: string; number: string | null }>();
  for (const e of edges) {
    labels.set(e.parentId, { name: e.parentName ?? String(e.parentId), number: e.parentNumber ?? null });
    labels.set(e.childId, { name: e.childName ?? String(e.childId), number: e.childNumber ?? null });
  }
  if (edges.length === 0) return { nodes: [], edges: [], generations: [], width: 0 };

  const rowsOf = new Map<number, number[]>();
  for (const [id, g] of generation) rowsOf.set(g, [...(rowsOf.get(g) ?? []), id]);
  const generations = [...rowsOf.keys()].sort((a, b) => a - b);
  const slot = new Map<number, number>([[focal, 0]]);
  // Outward from the focal row: a row's order follows the mean position of its neighbours nearer the focus.
  const order = (g: number, nearer: number) => {
    const ids = rowsOf.get(g) ?? [];
    const mean = (id: number) => {
      const linked = edges
        .filter((e) => (e.parentId === id && generation.get(e.childId) === nearer) || (e.childId === id && generation.get(e.parentId) === nearer))
        .map((e) => slot.get(e.parentId === id ? e.childId : e.parentId) ?? 0);
      return linked.length > 0 ? linked.reduce((a, b) => a + b) / linked.length : 0;
    };
    const sorted = ids.map((id) => ({ id, key: mean(id), name: labels.get(id)?.name ?? '' })).sort((a, b) => a.key - b.key || a.name.localeCompare(b.name));
    sorted.forEach((entry, index) => slot.set(entry.id, index));
  };
  for (let g = -1; rowsOf.has(g); g--) order(g, g + 1);
  for (let g = 1; rowsOf.has(g); g++) order(g, g - 1);

  const nodes = [...generation.entries()].map(([id, g]) => ({
    id,
    name: labels.get(id)?.name ?? String(id),
    number: labels.get(id)?.number ?? null,
    generation: g,
    slot: slot.get(id) ?? 0,
  }));
  nodes.sort((a, b) => a.generation - b.generation || a.slot - b.slot);
  return { nodes, edges, generations, width: Math.max(...generations.map((g) => rowsOf.get(g)?.length ?? 0)) };
}

/** The datasets the edges come from (for the Helium export of exactly the pedigree shown). */
export function datasetsOf(edges: readonly PedigreeEdgeRow[]): number[] {
  return [...new Set(edges.map((e) => e.datasetId).filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
}
