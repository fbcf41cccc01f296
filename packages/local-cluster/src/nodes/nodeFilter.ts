// DiscoveryNodes.resolveNodes (o.o.cluster.node.DiscoveryNodes): each comma-separated expression adds (or, with `role:false`,
// removes) nodes, in order, starting from an empty set; no expressions means every node.
import { illegalArgument } from '../core/errors';
import { strictBooleanMessage } from '../core/values';
import { simpleMatch } from '../core/simpleMatch';
import { canContainData, isClusterManagerEligible, type Topology, type TopologyNode } from '../topology';

const BUILT_IN_ROLES = new Set(['data', 'ingest', 'cluster_manager', 'master', 'remote_cluster_client', 'search']);

/** Booleans.parseBoolean(value, true): a value without text (empty or blank) is the default, true. */
function parseRoleValue(value: string): boolean {
  if (!/\S/.test(value)) return true;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw illegalArgument(strictBooleanMessage(value));
}

/** Returns the ids of the selected nodes, in the topology's order. */
export function resolveNodes(topology: Topology, expressions: readonly string[]): string[] {
  const nodes = topology.nodes;
  if (expressions.length === 0) return nodes.map((n) => n.id);
  const selected = new Set<string>();
  const apply = (add: boolean, test: (n: TopologyNode) => boolean): void => {
    for (const n of nodes) {
      if (!test(n)) continue;
      if (add) selected.add(n.id);
      else selected.delete(n.id);
    }
  };
  for (const expr of expressions) {
    if (expr === '_local') {
      selected.add(topology.local);
      continue;
    }
    if (expr === '_master' || expr === '_cluster_manager') {
      selected.add(topology.cluster_manager);
      continue;
    }
    if (nodes.some((n) => n.id === expr)) {
      selected.add(expr);
      continue;
    }
    for (const n of nodes) {
      if (expr === '_all' || simpleMatch(expr, n.name) || simpleMatch(expr, n.ip) || simpleMatch(expr, n.host))
        selected.add(n.id);
    }
    const colon = expr.indexOf(':');
    if (colon < 0) continue;
    const attr = expr.slice(0, colon);
    const value = expr.slice(colon + 1);
    if (attr === 'data') {
      apply(parseRoleValue(value), canContainData);
    } else if (attr === 'master' || attr === 'cluster_manager') {
      apply(parseRoleValue(value), isClusterManagerEligible);
    } else if (attr === 'ingest') {
      apply(parseRoleValue(value), (n) => n.roles.includes('ingest'));
    } else if (attr === 'coordinating_only') {
      apply(
        parseRoleValue(value),
        (n) => !isClusterManagerEligible(n) && !canContainData(n) && !n.roles.includes('ingest'),
      );
    } else {
      const dynamicRole = !BUILT_IN_ROLES.has(attr) && nodes.some((n) => n.roles.includes(attr));
      if (dynamicRole) apply(parseRoleValue(value), (n) => n.roles.includes(attr));
      for (const n of nodes) {
        for (const [k, v] of Object.entries(n.attributes)) {
          if (simpleMatch(attr, k) && simpleMatch(value, v)) selected.add(n.id);
        }
      }
    }
  }
  return nodes.filter((n) => selected.has(n.id)).map((n) => n.id);
}

/** Strings.splitStringByCommaToArray (nodes stats, tasks): no trimming, empty entries kept. */
export function splitByComma(value: string | undefined): string[] {
  if (value === undefined || value === '') return [];
  return value.split(',');
}

/** Strings.tokenizeToStringArray (nodes info): trimmed, empty entries dropped. */
export function tokenize(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
