import { useEffect, useState, type KeyboardEvent } from 'react';
import type { ApiClient } from '../../../core/api-client.js';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../../shell/pane-api.js';
import { downloadFile } from '../../../shell/table/download.js';
import { Button } from '../../../shell/ui/Button.js';
import { datasetsOf, LEVELS, pedigreeGraph, type PedigreeEdgeRow, type PedigreeGraph } from '../passport/pedigree-graph.js';

/** A row of `pedigreedefinition/table` (ViewTablePedigreedefinitions), the keys shown. */
interface Definition {
  definitionId: number;
  definition?: string;
  pedigreeNotationName?: string;
  datasetName?: string;
}

/** Edge colours of Germinate's chart (female red, male blue, other grey); dashes say the same without colour. */
const EDGE_STYLE: Record<string, { colour: string; dash?: string }> = {
  F: { colour: '#e74c3c' },
  M: { colour: '#2980b9', dash: '7 4' },
  OTHER: { colour: '#999999', dash: '2 4' },
};
const styleOf = (type: string | undefined) => EDGE_STYLE[type ?? 'OTHER'] ?? EDGE_STYLE.OTHER;
const NODE_W = 150;
const NODE_H = 44;
const GAP_X = 20;
const GAP_Y = 52;
const MAX_LABEL = 20;
const short = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/** The edges within LEVELS generations each way: one `pedigree/table` call per generation and direction. */
async function loadEdges(api: ApiClient, id: number, signal: AbortSignal): Promise<PedigreeEdgeRow[]> {
  const walk = async (from: 'childId' | 'parentId'): Promise<PedigreeEdgeRow[]> => {
    const found: PedigreeEdgeRow[] = [];
    const seen = new Set<number>([id]);
    let frontier = [id];
    for (let level = 0; level < LEVELS && frontier.length > 0; level++) {
      const filter: Filter[] = [{ column: from, comparator: 'inSet', values: frontier }];
      const page = await api.table<PedigreeEdgeRow>('pedigree/table', { page: 1, limit: 2000, filter }, { signal });
      found.push(...page.data);
      const next = page.data.map((e) => (from === 'childId' ? e.parentId : e.childId)).filter((n) => !seen.has(n));
      next.forEach((n) => seen.add(n));
      frontier = [...new Set(next)];
    }
    return found;
  };
  const [up, down] = await Promise.all([walk('childId'), walk('parentId')]);
  return [...up, ...down];
}

/**
 * The passport's pedigree: the pedigree definitions, then the chart of up to three generations of ancestors
 * and descendants (SVG; each node a link to its passport, focusable, Enter opens it beside), the same edges
 * as a table, and the Helium file of exactly that pedigree (its datasets, three levels each way).
 */
export function PassportPedigree(props: { germplasmId: number; paneKey: string; onData?: (has: boolean) => void }) {
  const { api, t, workspace } = useServices();
  const { germplasmId: id, paneKey, onData } = props;
  const [definitions, setDefinitions] = useState<Definition[] | undefined>(undefined);
  const [graph, setGraph] = useState<PedigreeGraph | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    setDefinitions(undefined);
    setGraph(undefined);
    const filter: Filter[] = [{ column: 'germplasmId', comparator: 'equals', values: [id] }];
    api.table<Definition>('pedigreedefinition/table', { page: 1, limit: 100, filter }, { signal }).then((r) => setDefinitions(r.data), () => setDefinitions([]));
    loadEdges(api, id, signal).then((edges) => setGraph(pedigreeGraph(id, edges)), () => setGraph(pedigreeGraph(id, [])));
    return () => controller.abort();
  }, [api, id]);

  const loaded = definitions !== undefined && graph !== undefined;
  const has = loaded && (definitions.length > 0 || graph.nodes.length > 0);
  useEffect(() => {
    if (loaded) onData?.(has);
  }, [loaded, has, onData]);

  if (!loaded) return <p role="status">{t('germplasm.loading')}</p>;
  if (!has) return <p className="passport-empty">{t('germplasm.passport.sectionEmpty')}</p>;

  const openPassport = (other: number) => workspace.open({ type: 'germplasm:passport', params: { germplasmId: String(other) } }, 'right', paneKey);
  const helium = () => {
    const body = { yIds: [id], datasetIds: datasetsOf(graph.edges), levelsUp: LEVELS, levelsDown: LEVELS };
    api
      .post('dataset/export/pedigree', { body, raw: true })
      .then((file) => downloadFile(file.blob, `pedigree-${id}.helium`))
      .catch(() => {
        // The api client has said why (e.g. nothing to export).
      });
  };
  const relation = (type: string | undefined) => t(`germplasm.pedigree.type.${type === 'F' || type === 'M' ? type : 'OTHER'}`);
  const generationText = (g: number) => (g === 0 ? t('germplasm.pedigree.focal') : t(g < 0 ? 'germplasm.pedigree.up' : 'germplasm.pedigree.down', { count: Math.abs(g) }));

  return (
    <>
      {definitions.length > 0 ? (
        <table className="ui-table">
          <caption>{t('germplasm.pedigree.definitions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('germplasm.pedigree.definition')}</th>
              <th scope="col">{t('germplasm.pedigree.notation')}</th>
              <th scope="col">{t('germplasm.pedigree.dataset')}</th>
            </tr>
          </thead>
          <tbody>
            {definitions.map((d) => (
              <tr key={d.definitionId}>
                <td>{d.definition}</td>
                <td>{d.pedigreeNotationName}</td>
                <td>{d.datasetName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {graph.nodes.length > 0 ? (
        <>
          <PedigreeChart graph={graph} focal={id} paneKey={paneKey} label={t('germplasm.pedigree.chart', { levels: LEVELS })} generationText={generationText} onOpen={openPassport} />
          <ul className="passport-pedigree-legend" aria-label={t('germplasm.pedigree.legend')}>
            {(['F', 'M', 'OTHER'] as const).map((type) => (
              <li key={type}>
                <svg width="32" height="10" aria-hidden="true">
                  <line x1="0" y1="5" x2="32" y2="5" stroke={styleOf(type).colour} strokeWidth="3" strokeDasharray={styleOf(type).dash} />
                </svg>
                {relation(type)}
              </li>
            ))}
          </ul>
          <div className="ui-toolbar">
            <Button size="sm" onClick={helium}>
              {t('germplasm.pedigree.helium')}
            </Button>
          </div>
          <table className="ui-table passport-pedigree-table">
            <caption>{t('germplasm.pedigree.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('germplasm.pedigree.child')}</th>
                <th scope="col">{t('germplasm.pedigree.parent')}</th>
                <th scope="col">{t('germplasm.pedigree.relationship')}</th>
                <th scope="col">{t('germplasm.pedigree.dataset')}</th>
              </tr>
            </thead>
            <tbody>
              {graph.edges.map((e) => (
                <tr key={`${e.parentId}-${e.childId}-${e.relationshipType ?? ''}`}>
                  <td>{e.childName}</td>
                  <td>{e.parentName}</td>
                  <td>{relation(e.relationshipType)}</td>
                  <td>{e.datasetName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </>
  );
}

interface ChartProps {
  graph: PedigreeGraph;
  focal: number;
  paneKey: string;
  label: string;
  generationText: (g: number) => string;
  onOpen: (id: number) => void;
}

/** The chart itself: generations as rows, each row centred; edges from a parent's foot to a child's head. */
function PedigreeChart({ graph, focal, paneKey, label, generationText, onOpen }: ChartProps) {
  const rowCount = (g: number) => graph.nodes.filter((n) => n.generation === g).length;
  const width = graph.width * (NODE_W + GAP_X) + GAP_X;
  const height = graph.generations.length * (NODE_H + GAP_Y) - GAP_Y + 2 * GAP_X;
  const position = new Map(
    graph.nodes.map((n) => {
      const offset = ((graph.width - rowCount(n.generation)) * (NODE_W + GAP_X)) / 2;
      return [n.id, { x: GAP_X + offset + n.slot * (NODE_W + GAP_X), y: GAP_X + graph.generations.indexOf(n.generation) * (NODE_H + GAP_Y) }];
    }),
  );
  const marker = (type: string) => `${paneKey}-arrow-${type}`;
  // Several parents of one child arrive side by side (in the parents' order), not on one point.
  const arrival = new Map<PedigreeEdgeRow, number>();
  for (const child of graph.nodes) {
    const incoming = graph.edges.filter((e) => e.childId === child.id).sort((a, b) => (position.get(a.parentId)?.x ?? 0) - (position.get(b.parentId)?.x ?? 0));
    incoming.forEach((e, index) => arrival.set(e, (index - (incoming.length - 1) / 2) * 14));
  }
  const keyDown = (id: number) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    onOpen(id);
  };

  return (
    <div className="passport-pedigree-chart">
      <svg role="group" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <defs>
          {Object.entries(EDGE_STYLE).map(([type, style]) => (
            <marker key={type} id={marker(type)} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={style.colour} />
            </marker>
          ))}
        </defs>
        {graph.edges.map((e) => {
          const from = position.get(e.parentId);
          const to = position.get(e.childId);
          if (!from || !to) return null;
          const type = e.relationshipType === 'F' || e.relationshipType === 'M' ? e.relationshipType : 'OTHER';
          const down = from.y <= to.y;
          return (
            <line
              key={`${e.parentId}-${e.childId}-${type}`}
              x1={from.x + NODE_W / 2}
              y1={down ? from.y + NODE_H : from.y}
              x2={to.x + NODE_W / 2 + (arrival.get(e) ?? 0)}
              y2={down ? to.y : to.y + NODE_H}
              stroke={styleOf(type).colour}
              strokeWidth="2"
              strokeDasharray={styleOf(type).dash}
              markerEnd={`url(#${marker(type)})`}
            />
          );
        })}
        {graph.nodes.map((n) => {
          const p = position.get(n.id);
          if (!p) return null;
          const isFocal = n.id === focal;
          const parts = [n.name, n.number, generationText(n.generation)].filter((s): s is string => !!s);
          return (
            <g
              key={n.id}
              className={isFocal ? 'passport-pedigree-node is-focal' : 'passport-pedigree-node'}
              transform={`translate(${p.x} ${p.y})`}
              role={isFocal ? 'img' : 'link'}
              tabIndex={isFocal ? undefined : 0}
              aria-label={parts.join(', ')}
              onClick={isFocal ? undefined : () => onOpen(n.id)}
              onKeyDown={isFocal ? undefined : keyDown(n.id)}
            >
              <title>{parts.join('\n')}</title>
              <rect width={NODE_W} height={NODE_H} rx="6" />
              <text x={NODE_W / 2} y={n.number ? 18 : 27} textAnchor="middle" className="passport-pedigree-name">
                {short(n.name)}
              </text>
              {n.number ? (
                <text x={NODE_W / 2} y={35} textAnchor="middle" className="passport-pedigree-number">
                  {short(n.number)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
