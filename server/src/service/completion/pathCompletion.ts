import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { commaPieceAt, type LinePiece, type RequestLineCursor } from '../context/requestLineCursor';
import { snippetText } from '../context/snippets';
import { routes } from '../url/routes';
import { NODES_INFO_METRICS, NODES_STATS_INDEX_METRICS, NODES_STATS_METRICS } from '../../spec/nodes';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { indexItems, taskItems } from './clusterLineItems';
import { item, lineRange, offer, type Offer } from './items';
import { nodeFilterCompletion } from './nodeFilterCompletion';

type Route = ReturnType<typeof routes>[number];
type PathCursor = Extract<RequestLineCursor, { kind: 'path' }>;

/** The endpoints people write most, first. */
const ENDPOINT_RANK: Readonly<Record<string, number>> = {
  search: 100,
  msearch: 96,
  'tasks.list': 92,
  'tasks.get': 90,
  'tasks.cancel': 89,
  'nodes.stats': 88,
  'nodes.info': 87,
  count: 80,
  'cat.indices': 78,
  'cluster.health': 77,
  'indices.get_mapping': 76,
};

function routeRank(route: Route, rest: Route['parts']): number {
  const base = ENDPOINT_RANK[route.endpoint.name] ?? (route.scope ? 70 : 40);
  const placeholders = rest.filter((p) => p.param !== undefined).length;
  return base - placeholders * 3 - rest.length;
}

/** Routes that can continue the typed segments; at each level a literal match wins over a placeholder, as in the server. */
function continuing(typed: readonly string[], method: string): Route[] {
  const k = typed.length;
  let candidates = routes().filter((r) => r.parts.length > k);
  for (let i = 0; i < k; i++) {
    const segment = typed[i]!;
    const literal = candidates.filter((r) => r.parts[i]!.literal === segment);
    candidates = literal.length > 0 ? literal : candidates.filter((r) => r.parts[i]!.param !== undefined);
  }
  const upper = method.toUpperCase();
  const byMethod = candidates.filter((r) => (r.endpoint.methods as readonly string[]).includes(upper));
  return byMethod.length > 0 ? byMethod : candidates;
}

function listItems(
  line: number,
  segment: LinePiece,
  character: number,
  values: readonly string[],
  detail: string,
): CompletionItem[] {
  const found = commaPieceAt(segment, character);
  if (found === undefined) return [];
  const range = lineRange(line, found.piece.start, found.piece.end);
  return [...values, '_all']
    .filter((v) => !found.others.has(v))
    .map((value, i) =>
      item({
        label: value,
        kind: CompletionItemKind.EnumMember,
        range,
        newText: value,
        rank: value === '_all' ? 30 : 95 - i * 0.1,
        detail,
      }),
    );
}

/**
 * The rest of every endpoint path that continues what is typed, `{placeholders}` as snippet tab stops; in a
 * `_nodes` node-filter segment, node-filter words; in metric segments, the metrics. With a connected cluster: index
 * names, aliases and patterns in an `{index}` segment, the cluster's nodes in a node filter, running tasks in a
 * `{task_id}` segment.
 */
export function pathCompletion(line: number, cursor: PathCursor, character: number, cluster?: ClusterKnowledge): Offer {
  const k = cursor.typed.length;
  const routes = continuing(cursor.typed, cursor.target.method);
  const range = lineRange(line, cursor.segment.start, cursor.pathEnd);
  const lead = cursor.emptyUrl ? '/' : '';
  const out: CompletionItem[] = [];
  for (const route of routes) {
    const rest = route.parts.slice(k);
    const label = rest.map((p) => p.literal ?? `{${p.param ?? ''}}`).join('/');
    let stop = 0;
    const snippet = rest
      .map((p) => (p.literal !== undefined ? snippetText(p.literal) : `\${${++stop}:${p.param ?? ''}}`))
      .join('/');
    out.push(
      item({
        label,
        kind: CompletionItemKind.Folder,
        range,
        newText: lead + snippet,
        snippet: true,
        rank: routeRank(route, rest),
        detail: `${route.endpoint.name} · ${route.endpoint.methods.join(', ')}`,
        filterText: lead + label,
      }),
    );
  }
  const here = new Set(routes.map((r) => r.parts[k]?.param).filter((p) => p !== undefined));
  const endpoints = new Set(routes.filter((r) => r.parts[k]?.param !== undefined).map((r) => r.endpoint.name));
  if (here.has('node_id') && cursor.typed[0] === '_nodes') {
    out.push(...nodeFilterCompletion(line, cursor.segment, character, cluster?.nodes));
  }
  if (here.has('metric') && endpoints.has('nodes.stats')) {
    out.push(...listItems(line, cursor.segment, character, NODES_STATS_METRICS, 'nodes stats metric'));
  } else if (here.has('metric') && endpoints.has('nodes.info')) {
    out.push(...listItems(line, cursor.segment, character, NODES_INFO_METRICS, 'nodes info metric'));
  }
  if (here.has('index_metric') && endpoints.has('nodes.stats')) {
    out.push(...listItems(line, cursor.segment, character, NODES_STATS_INDEX_METRICS, 'indices metric'));
  }
  let incomplete = false;
  if (here.has('index')) {
    const indexes = indexItems(line, cursor.segment, character, cluster, lead);
    out.push(...indexes.items);
    incomplete ||= indexes.incomplete;
  }
  if (here.has('task_id') && cluster !== undefined) {
    const tasks = taskItems(line, cursor.segment, character, cluster.tasks);
    out.push(...tasks.items);
    incomplete ||= tasks.incomplete;
  }
  return offer(out, incomplete);
}
