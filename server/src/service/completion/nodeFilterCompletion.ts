import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { commaPieceAt, type LinePiece } from '../context/requestLineCursor';
import { describeExpression, type ClusterNode } from '../nodes/nodeFilter';
import { BUILT_IN_ROLES, FILTER_ROLES } from '../../spec/nodes';
import { item, lineRange } from './items';

/** A word of a node filter, with what completion says of it. */
export interface FilterWord {
  readonly text: string;
  readonly rank: number;
  readonly kind: CompletionItemKind;
  readonly detail: string;
  readonly doc: string;
  readonly deprecated?: boolean;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function constant(text: string, rank: number, deprecated = false): FilterWord {
  return {
    text,
    rank,
    kind: text.startsWith('_') ? CompletionItemKind.Constant : CompletionItemKind.EnumMember,
    detail: 'node filter',
    doc: `${capitalized(describeExpression(text))}.${deprecated ? ' Old spelling of the cluster-manager words.' : ''}`,
    ...(deprecated ? { deprecated: true } : {}),
  };
}

/** `_all`, `_local`, `_cluster_manager`, and the roles the filter resolves, with `:true` and `:false`. */
const CONSTANTS: readonly FilterWord[] = [
  constant('_all', 100),
  constant('_local', 95),
  constant('_cluster_manager', 90),
  constant('_master', 5, true),
  constant('data:true', 88),
  constant('data:false', 87),
  constant('cluster_manager:true', 86),
  constant('cluster_manager:false', 85),
  constant('ingest:true', 84),
  constant('ingest:false', 83),
  constant('coordinating_only:true', 82),
  constant('coordinating_only:false', 81),
  constant('master:true', 4, true),
  constant('master:false', 3, true),
];

function nodeLabel(node: ClusterNode): string {
  return node.ip.length > 0 ? `${node.name} (${node.ip})` : node.name;
}

function namesOf(nodes: readonly ClusterNode[], max = 5): string {
  const names = nodes.map((n) => n.name);
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
}

function nodeDoc(node: ClusterNode): string {
  const roles = node.roles.length > 0 ? node.roles.join(', ') : 'none (coordinating only)';
  const marks = [node.clusterManager === true ? 'elected cluster manager' : '', node.local === true ? 'local' : '']
    .filter((m) => m.length > 0)
    .join(', ');
  return [
    `Node **${node.name}**${marks.length > 0 ? ` (${marks})` : ''}`,
    '',
    `id \`${node.id}\` · ip ${node.ip} · host ${node.host}`,
    '',
    `roles: ${roles}`,
  ].join('\n');
}

/** Node ids alone, as `_prefer_nodes:` reads them. */
export function nodeIdWords(nodes: readonly ClusterNode[]): FilterWord[] {
  return nodes.map((node) => ({
    text: node.id,
    rank: 70,
    kind: CompletionItemKind.Value,
    detail: `node id · ${nodeLabel(node)}`,
    doc: nodeDoc(node),
  }));
}

function clusterWords(nodes: readonly ClusterNode[]): FilterWord[] {
  const out: FilterWord[] = [];
  for (const node of nodes) {
    out.push({
      text: node.name,
      rank: 78,
      kind: CompletionItemKind.Value,
      detail: `node name${node.ip.length > 0 ? ` · ${node.ip}` : ''}`,
      doc: nodeDoc(node),
    });
  }
  out.push(...nodeIdWords(nodes));
  const attributes = new Map<string, ClusterNode[]>();
  const customRoles = new Map<string, ClusterNode[]>();
  for (const node of nodes) {
    for (const [name, value] of Object.entries(node.attributes)) {
      const pair = `${name}:${value}`;
      attributes.set(pair, [...(attributes.get(pair) ?? []), node]);
    }
    for (const role of node.roles) {
      if (BUILT_IN_ROLES.includes(role) || FILTER_ROLES.includes(role)) continue;
      customRoles.set(role, [...(customRoles.get(role) ?? []), node]);
    }
  }
  for (const [pair, having] of attributes) {
    out.push({
      text: pair,
      rank: 66,
      kind: CompletionItemKind.Property,
      detail: `attribute · ${having.length} node${having.length === 1 ? '' : 's'}`,
      doc: `Adds the nodes whose attribute matches: ${namesOf(having)}.`,
    });
  }
  for (const [role, having] of customRoles) {
    for (const [value, rank] of [
      ['true', 64],
      ['false', 63],
    ] as const) {
      out.push({
        text: `${role}:${value}`,
        rank,
        kind: CompletionItemKind.EnumMember,
        detail: `custom role · ${having.length} node${having.length === 1 ? '' : 's'}`,
        doc: `${value === 'true' ? 'Adds' : 'Removes'} the nodes with the role [${role}]: ${namesOf(having)}.`,
      });
    }
  }
  return out;
}

const CLUSTER_WORDS = new WeakMap<readonly ClusterNode[], readonly FilterWord[]>();
const NODES_FIRST = new WeakMap<readonly ClusterNode[], readonly FilterWord[]>();

/**
 * The words of a node filter: the constants and roles it resolves, and on a connected cluster its nodes' names and
 * ids, their attributes as `name:value`, and their custom roles. `nodesFirst` ranks the cluster's words before the
 * constants, where naming nodes is the point (`_only_nodes:`).
 */
export function nodeFilterWords(nodes: readonly ClusterNode[], nodesFirst = false): readonly FilterWord[] {
  if (nodes.length === 0) return CONSTANTS;
  const cache = nodesFirst ? NODES_FIRST : CLUSTER_WORDS;
  let words = cache.get(nodes);
  if (words === undefined) {
    const constants = nodesFirst ? CONSTANTS.map((word) => ({ ...word, rank: word.rank - 60 })) : CONSTANTS;
    words = [...constants, ...clusterWords(nodes)];
    cache.set(nodes, words);
  }
  return words;
}

/** Items for the comma piece of `list` (a line piece) that holds `character`, without words already listed. */
export function wordItems(
  line: number,
  list: LinePiece,
  character: number,
  words: readonly FilterWord[],
): CompletionItem[] {
  const found = commaPieceAt(list, character);
  if (found === undefined) return [];
  const { piece, others } = found;
  const range = lineRange(line, piece.start, piece.end);
  return words
    .filter((word) => !others.has(word.text))
    .map((word) =>
      item({
        label: word.text,
        kind: word.kind,
        range,
        newText: word.text,
        rank: word.rank,
        detail: word.detail,
        doc: word.doc,
        ...(word.deprecated === true ? { deprecated: true } : {}),
      }),
    );
}

/** Node-filter words for the comma piece of `filter` (a `nodes=` value or a `_nodes/<filter>` segment). */
export function nodeFilterCompletion(
  line: number,
  filter: LinePiece,
  character: number,
  nodes: readonly ClusterNode[] = [],
): CompletionItem[] {
  return wordItems(line, filter, character, nodeFilterWords(nodes));
}
