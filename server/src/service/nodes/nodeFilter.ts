import type { DiagnosticCode, Severity } from '../diagnosticCodes';
import type { Span } from '../json/jsonSegment';
import { severityOf } from '../validate/issues';
import { BUILT_IN_ROLES } from '../../spec/nodes';
import { simpleMatch } from '../../protocol/simpleMatch';

/** A node as the cluster describes it (pushed by the client once connected). */
export interface ClusterNode {
  readonly id: string;
  readonly name: string;
  readonly host: string;
  readonly ip: string;
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly local?: boolean;
  readonly clusterManager?: boolean;
}

export interface FilterExpression {
  readonly text: string;
  /** Offset of the expression inside the filter text. */
  readonly offset: number;
}

/**
 * Splits a filter as the server does: nodes stats and tasks split on commas without trimming (empty entries kept);
 * nodes info trims and drops empty entries.
 */
export function splitNodeFilter(text: string, mode: 'raw' | 'trimmed'): FilterExpression[] {
  const out: FilterExpression[] = [];
  let offset = 0;
  const pieces = text.split(',');
  while (mode === 'raw' && pieces.length > 0 && pieces[pieces.length - 1] === '') pieces.pop();
  for (const piece of pieces) {
    if (mode === 'raw') {
      out.push({ text: piece, offset });
    } else {
      const trimmed = piece.trim();
      if (trimmed.length > 0) out.push({ text: trimmed, offset: offset + piece.indexOf(trimmed) });
    }
    offset += piece.length + 1;
  }
  return out;
}

/** Role words the filter resolves with its own mechanism. */
const SPECIAL_ROLES: Readonly<Record<string, string>> = {
  data: 'data',
  master: 'cluster_manager',
  cluster_manager: 'cluster_manager',
  ingest: 'ingest',
  coordinating_only: 'coordinating_only',
};

export interface FilterProblem {
  readonly span: Span;
  readonly code: DiagnosticCode;
  /** The code's severity. */
  readonly severity: Severity;
  readonly message: string;
}

function problem(code: DiagnosticCode, message: string, span: Span): FilterProblem {
  return { span, code, severity: severityOf(code), message };
}

/** `Booleans.parseBoolean(value, true)`: blank is true. */
function roleValue(value: string): boolean | undefined {
  if (!/\S/.test(value)) return true;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** Problems decidable from the text alone (docs/opensearch/tasks-and-nodes.md#node-filters). */
export function checkNodeFilter(expressions: readonly FilterExpression[]): FilterProblem[] {
  const problems: FilterProblem[] = [];
  let adds = false;
  for (const expression of expressions) {
    const colon = expression.text.indexOf(':');
    if (colon === -1) {
      adds = true;
      continue;
    }
    const attr = expression.text.slice(0, colon);
    const value = expression.text.slice(colon + 1);
    const valueSpan = { offset: expression.offset + colon + 1, length: value.length };
    if (SPECIAL_ROLES[attr] !== undefined) {
      const on = roleValue(value);
      if (on === undefined) {
        problems.push(
          problem(
            'nodes.invalid-role-value',
            `Failed to parse value [${value}] as only [true] or [false] are allowed.`,
            valueSpan,
          ),
        );
      } else if (on) {
        adds = true;
      }
    } else if (BUILT_IN_ROLES.includes(attr)) {
      problems.push(
        problem(
          'nodes.filter-selects-nothing',
          `[${attr}] is a built-in role that node filters do not resolve: [${expression.text}] only matches nodes with an attribute named [${attr}], so it selects no node on a usual cluster.${attr === 'search' ? ' To select search nodes use [data:true], which includes them.' : ''}`,
          { offset: expression.offset, length: expression.text.length },
        ),
      );
      adds = true;
    } else {
      adds = true;
    }
  }
  if (!adds && expressions.length > 0) {
    const first = expressions[0]!;
    const last = expressions[expressions.length - 1]!;
    problems.push(
      problem(
        'nodes.filter-selects-nothing',
        'This filter only removes nodes, and resolution starts from an empty set: it selects no node. Start with `_all` (e.g. `_all,' +
          `${first.text}\`).`,
        { offset: first.offset, length: last.offset + last.text.length - first.offset },
      ),
    );
  }
  return problems;
}

const DATA_ROLES = new Set(['data', 'search', 'warm']);

function hasRoleKind(node: ClusterNode, kind: string): boolean {
  switch (kind) {
    case 'data':
      return node.roles.some((r) => DATA_ROLES.has(r) || r.startsWith('data_'));
    case 'cluster_manager':
      return node.roles.includes('cluster_manager') || node.roles.includes('master');
    case 'ingest':
      return node.roles.includes('ingest');
    case 'coordinating_only':
      return !hasRoleKind(node, 'data') && !hasRoleKind(node, 'cluster_manager') && !hasRoleKind(node, 'ingest');
    default:
      return false;
  }
}

interface ResolutionStep {
  readonly expression: string;
  /** What the step did, in words. */
  readonly explanation: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

export interface FilterResolution {
  /** Node ids in cluster order. */
  readonly selected: readonly string[];
  readonly steps: readonly ResolutionStep[];
  /**
   * The server's error when the filter fails on these nodes only: a custom role with a value other than true or
   * false, when some node has that role (the value is parsed only for such nodes).
   */
  readonly rejected?: string;
}

/** `DiscoveryNodes.resolveNodes` on a known set of nodes; an empty filter selects every node. */
export function resolveNodeFilter(
  expressions: readonly FilterExpression[],
  nodes: readonly ClusterNode[],
): FilterResolution {
  if (expressions.length === 0) {
    return {
      selected: nodes.map((n) => n.id),
      steps: [
        { expression: '(none)', explanation: 'No filter: every node.', added: nodes.map((n) => n.id), removed: [] },
      ],
    };
  }
  const selected = new Set<string>();
  const steps: ResolutionStep[] = [];
  let rejected: string | undefined;
  for (const { text } of expressions) {
    const before = new Set(selected);
    const explanations: string[] = [];
    if (text === '_local') {
      const local = nodes.find((n) => n.local === true);
      if (local !== undefined) selected.add(local.id);
      explanations.push('adds the node that receives the request (the local node)');
    } else if (text === '_master' || text === '_cluster_manager') {
      const manager = nodes.find((n) => n.clusterManager === true);
      if (manager !== undefined) selected.add(manager.id);
      explanations.push('adds the elected cluster manager');
    } else if (nodes.some((n) => n.id === text)) {
      selected.add(text);
      explanations.push('adds the node with this id');
    } else {
      for (const node of nodes) {
        if (
          text === '_all' ||
          simpleMatch(text, node.name) ||
          simpleMatch(text, node.ip) ||
          simpleMatch(text, node.host)
        ) {
          selected.add(node.id);
        }
      }
      explanations.push(text === '_all' ? 'adds every node' : 'adds nodes whose name, IP or host name matches');
      const colon = text.indexOf(':');
      if (colon !== -1) {
        const attr = text.slice(0, colon);
        const value = text.slice(colon + 1);
        rejected ??= rejectedRoleValue(attr, value, nodes);
        explanations.push(applyAttribute(attr, value, nodes, selected));
      }
    }
    steps.push({
      expression: text,
      explanation: explanations.join('; '),
      added: [...selected].filter((id) => !before.has(id)),
      removed: [...before].filter((id) => !selected.has(id)),
    });
  }
  if (rejected !== undefined) return { selected: [], steps, rejected };
  return { selected: nodes.filter((n) => selected.has(n.id)).map((n) => n.id), steps };
}

/** A custom role's value is parsed (strictly) once a node has that role; the whole request fails on a bad one. */
function rejectedRoleValue(attr: string, value: string, nodes: readonly ClusterNode[]): string | undefined {
  if (SPECIAL_ROLES[attr] !== undefined || BUILT_IN_ROLES.includes(attr)) return undefined;
  if (roleValue(value) !== undefined || !nodes.some((n) => n.roles.includes(attr))) return undefined;
  return `Failed to parse value [${value}] as only [true] or [false] are allowed.`;
}

function applyAttribute(attr: string, value: string, nodes: readonly ClusterNode[], selected: Set<string>): string {
  const special = SPECIAL_ROLES[attr];
  if (special !== undefined) {
    const on = roleValue(value);
    if (on === undefined) return 'invalid role value: the server rejects the request';
    for (const node of nodes) {
      if (hasRoleKind(node, special)) {
        if (on) selected.add(node.id);
        else selected.delete(node.id);
      }
    }
    return `${on ? 'adds' : 'removes'} ${describeRoleKind(special)}`;
  }
  const parts: string[] = [];
  if (!BUILT_IN_ROLES.includes(attr)) {
    const on = roleValue(value);
    const withRole = nodes.filter((n) => n.roles.includes(attr));
    if (withRole.length > 0 && on === undefined) {
      parts.push(`invalid value for the custom role [${attr}]: the server rejects the request`);
    } else if (withRole.length > 0 && on !== undefined) {
      for (const node of withRole) {
        if (on) selected.add(node.id);
        else selected.delete(node.id);
      }
      parts.push(`${on ? 'adds' : 'removes'} nodes with the custom role [${attr}]`);
    }
  }
  for (const node of nodes) {
    for (const [name, attributeValue] of Object.entries(node.attributes)) {
      if (simpleMatch(attr, name) && simpleMatch(value, attributeValue)) selected.add(node.id);
    }
  }
  parts.push(`adds nodes with an attribute matching [${attr}] = [${value}]`);
  return parts.join('; ');
}

function describeRoleKind(kind: string): string {
  switch (kind) {
    case 'data':
      return 'every node that can hold data (roles data, search, warm)';
    case 'cluster_manager':
      return 'every cluster-manager-eligible node';
    case 'ingest':
      return 'every ingest node';
    default:
      return 'every coordinating-only node (neither cluster-manager-eligible, data nor ingest)';
  }
}

/** How an expression resolves, in words, without knowing the cluster. */
export function describeExpression(text: string): string {
  if (text === '_all') return 'adds every node';
  if (text === '_local') return 'adds the node that receives the request';
  if (text === '_master' || text === '_cluster_manager') return 'adds the elected cluster manager';
  const colon = text.indexOf(':');
  if (colon === -1) {
    return text.includes('*')
      ? 'adds nodes whose name, IP or host name matches this pattern'
      : 'adds the node with this id, or nodes whose name, IP or host name is this';
  }
  const attr = text.slice(0, colon);
  const value = text.slice(colon + 1);
  const special = SPECIAL_ROLES[attr];
  if (special !== undefined) {
    const on = roleValue(value);
    if (on === undefined) return 'invalid: only `true` or `false` may follow a role';
    return `${on ? 'adds' : 'removes'} ${describeRoleKind(special)}`;
  }
  if (BUILT_IN_ROLES.includes(attr)) {
    return `matches only nodes with an attribute named [${attr}]: the built-in role itself is not resolved`;
  }
  return `adds or removes nodes with the custom role [${attr}], and adds nodes whose attribute [${attr}] matches [${value}]`;
}
