// The Results tree as data: what a response shows at each level, computed lazily (one parent's page of children at
// a time) from the indexed JSON, so that a 50 MB answer costs only what is on screen. No VS Code here: the view
// adapter turns ResultNode into TreeItem.
import { formatCount, formatTotal, excerpt } from './format';
import type { JsonNode } from './jsonIndex';

export type JsonPath = readonly (string | number)[];

type ResultNodeKind =
  'item' | 'hits' | 'hit' | 'aggregations' | 'aggregation' | 'bucket' | 'error' | 'warning' | 'value' | 'text' | 'more';

/** Where a node's children come from: its kind and the JSON path of its value. */
export interface NodeRef {
  readonly kind: ResultNodeKind;
  readonly path: JsonPath;
}

export interface ResultNode extends NodeRef {
  /** Unique within a run, stable across refreshes. */
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly expandable: boolean;
  /** For `more`: the parent whose next page it loads, and how many children are shown so far. */
  readonly more?: { readonly parent: NodeRef | null; readonly shown: number; readonly total: number };
  /** For `item`: the item failed. For `hit`: none. */
  readonly failed?: boolean;
}

export interface ItemSummary {
  readonly status?: number;
  readonly took?: number;
  readonly total?: number;
  readonly totalRelation?: 'eq' | 'gte';
  /** Hits returned in this answer. */
  readonly hits?: number;
  readonly timedOut?: boolean;
  readonly error?: { readonly type: string; readonly reason: string };
}

export type ResponseShape = 'msearch' | 'search' | 'error' | 'json' | 'text' | 'empty';

export interface ResponseSummary {
  readonly shape: ResponseShape;
  readonly took?: number;
  /** `_msearch`: one per response, in order; `_search`: one; an error answer: one with `error`. */
  readonly items: readonly ItemSummary[];
}

export function nodeId(ref: NodeRef): string {
  return `${ref.kind}:${JSON.stringify(ref.path)}`;
}

/** `10,000+ hits`, `1 hit`. */
function describeTotal(item: ItemSummary): string | undefined {
  if (item.total === undefined) return undefined;
  return `${formatTotal(item.total, item.totalRelation)} ${item.total === 1 && item.totalRelation !== 'gte' ? 'hit' : 'hits'}`;
}

function errorOf(node: JsonNode | undefined): { type: string; reason: string } | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'string') return { type: 'error', reason: node.string() ?? '' };
  if (node.kind !== 'object') return undefined;
  const type = node.get('type')?.string() ?? 'error';
  const reason = node.get('reason')?.string() ?? '';
  return { type, reason };
}

/** What a search answer (or an `_msearch` item) says in one line. */
function summarizeItem(node: JsonNode): ItemSummary {
  const status = node.get('status')?.number();
  const error = errorOf(node.get('error'));
  if (error !== undefined) return { ...(status === undefined ? {} : { status }), error };
  const took = node.get('took')?.number();
  const hits = node.get('hits');
  const total = hits?.get('total');
  let count: number | undefined;
  let relation: 'eq' | 'gte' | undefined;
  if (total?.kind === 'number') {
    count = total.number();
    relation = 'eq';
  } else if (total?.kind === 'object') {
    count = total.get('value')?.number();
    relation = total.get('relation')?.string() === 'gte' ? 'gte' : 'eq';
  }
  const returned = hits?.get('hits')?.childCount();
  const timedOut = node.get('timed_out')?.boolean();
  return {
    ...(status === undefined ? {} : { status }),
    ...(took === undefined ? {} : { took }),
    ...(count === undefined ? {} : { total: count, totalRelation: relation ?? 'eq' }),
    ...(returned === undefined ? {} : { hits: returned }),
    ...(timedOut === true ? { timedOut } : {}),
  };
}

function shapeOf(root: JsonNode): ResponseShape {
  if (root.kind !== 'object') return 'json';
  if (root.get('responses')?.kind === 'array') return 'msearch';
  if (root.get('error') !== undefined && root.get('hits') === undefined) return 'error';
  if (root.get('hits')?.kind === 'object') return 'search';
  return 'json';
}

export function summarize(root: JsonNode): ResponseSummary {
  const shape = shapeOf(root);
  const took = root.kind === 'object' ? root.get('took')?.number() : undefined;
  const base = took === undefined ? {} : { took };
  switch (shape) {
    case 'msearch':
      return { shape, ...base, items: root.get('responses')!.children().map(summarizeItem) };
    case 'search':
    case 'error':
      return { shape, ...base, items: [summarizeItem(root)] };
    default:
      return { shape, ...base, items: [] };
  }
}

/** One line for an item or a whole run: `200 · 12 ms · 1,234 hits` or `404 index_not_found_exception: no such index`. */
function describeItem(item: ItemSummary): string {
  if (item.error !== undefined) {
    return `${item.status ?? ''} ${item.error.type}${item.error.reason === '' ? '' : `: ${excerpt(item.error.reason, 160)}`}`.trim();
  }
  const parts: string[] = [];
  if (item.status !== undefined) parts.push(String(item.status));
  if (item.took !== undefined) parts.push(`took ${item.took} ms`);
  const total = describeTotal(item);
  if (total !== undefined) parts.push(total);
  if (item.timedOut === true) parts.push('timed out');
  return parts.join(' · ');
}

function scalarText(node: JsonNode): string {
  switch (node.kind) {
    case 'string':
      return excerpt(node.string() ?? '', 200);
    case 'object': {
      const n = node.childCount();
      return `{${n} ${n === 1 ? 'field' : 'fields'}}`;
    }
    case 'array': {
      const n = node.childCount();
      return `[${n} ${n === 1 ? 'item' : 'items'}]`;
    }
    default:
      return node.raw();
  }
}

function valueNode(node: JsonNode, path: JsonPath, label: string): ResultNode {
  const ref: NodeRef = { kind: 'value', path };
  const expandable = node.isContainer && node.childCount() > 0;
  return { ...ref, id: nodeId(ref), label, description: scalarText(node), expandable };
}

function keyOrIndex(node: JsonNode, position: number): string | number {
  return node.key ?? position;
}

function paged(
  parent: NodeRef | null,
  container: JsonNode,
  offset: number,
  limit: number,
  make: (child: JsonNode, position: number) => ResultNode,
): ResultNode[] {
  const total = container.childCount();
  const children = container.children(offset, limit);
  const nodes = children.map((child, i) => make(child, offset + i));
  const shown = offset + children.length;
  if (shown < total) {
    const ref: NodeRef = { kind: 'more', path: [...(parent?.path ?? []), `#more@${shown}`] };
    nodes.push({
      ...ref,
      id: `${parent === null ? 'root' : nodeId(parent)}:more@${shown}`,
      label: `Show ${formatCount(Math.min(limit, total - shown))} more`,
      description: `${formatCount(shown)} of ${formatCount(total)} shown`,
      expandable: false,
      more: { parent: parent === null ? null : { kind: parent.kind, path: parent.path }, shown, total },
    });
  }
  return nodes;
}

function jsonChildren(
  parent: NodeRef | null,
  node: JsonNode,
  path: JsonPath,
  offset: number,
  limit: number,
): ResultNode[] {
  if (!node.isContainer) return [];
  const isArray = node.kind === 'array';
  return paged(parent, node, offset, limit, (child, position) => {
    const step = keyOrIndex(child, position);
    return valueNode(child, [...path, step], isArray ? `[${position}]` : String(step));
  });
}

function errorNode(error: JsonNode, path: JsonPath, status: number | undefined): ResultNode {
  const ref: NodeRef = { kind: 'error', path };
  const summary = errorOf(error) ?? { type: 'error', reason: '' };
  return {
    ...ref,
    id: nodeId(ref),
    label: `${status === undefined ? '' : `${status} `}${summary.type}`,
    description: excerpt(summary.reason, 200),
    tooltip: summary.reason,
    expandable: error.kind === 'object',
    failed: true,
  };
}

function searchChildren(node: JsonNode, path: JsonPath): ResultNode[] {
  const out: ResultNode[] = [];
  const error = node.get('error');
  if (error !== undefined) out.push(errorNode(error, [...path, 'error'], node.get('status')?.number()));
  if (node.get('timed_out')?.boolean() === true) {
    const ref: NodeRef = { kind: 'warning', path: [...path, 'timed_out'] };
    out.push({
      ...ref,
      id: nodeId(ref),
      label: 'timed out',
      description: 'the results are partial',
      expandable: false,
    });
  }
  const shards = node.get('_shards');
  const failedShards = shards?.get('failed')?.number() ?? 0;
  if (shards !== undefined && failedShards > 0) {
    const ref: NodeRef = { kind: 'warning', path: [...path, '_shards'] };
    const totalShards = shards.get('total')?.number();
    out.push({
      ...ref,
      id: nodeId(ref),
      label: `${failedShards} of ${totalShards ?? '?'} shards failed`,
      description: 'the results are partial',
      expandable: true,
    });
  }
  const hits = node.get('hits');
  if (hits?.kind === 'object') {
    const item = summarizeItem(node);
    const ref: NodeRef = { kind: 'hits', path: [...path, 'hits'] };
    const returned = item.hits ?? 0;
    const total = describeTotal(item);
    out.push({
      ...ref,
      id: nodeId(ref),
      label: 'hits',
      description: `${total ?? 'total not tracked'} · ${formatCount(returned)} returned`,
      expandable: returned > 0,
    });
  }
  const aggregations = node.get('aggregations');
  if (aggregations?.kind === 'object') {
    const ref: NodeRef = { kind: 'aggregations', path: [...path, 'aggregations'] };
    const n = aggregations.childCount();
    out.push({ ...ref, id: nodeId(ref), label: 'aggregations', description: `${n}`, expandable: n > 0 });
  }
  // `took` and `status` are in the description of the response already.
  const skip = new Set(['hits', 'aggregations', 'error', 'status', 'timed_out', 'took']);
  for (const child of node.children()) {
    const key = child.key ?? '';
    if (skip.has(key) || (key === '_shards' && failedShards > 0)) continue;
    out.push(valueNode(child, [...path, key], key));
  }
  return out;
}

function hitNode(hit: JsonNode, path: JsonPath): ResultNode {
  const ref: NodeRef = { kind: 'hit', path };
  const index = hit.get('_index')?.string() ?? '?';
  const id = hit.get('_id')?.string() ?? '?';
  const score = hit.get('_score');
  const sort = hit.get('sort');
  let description: string | undefined;
  if (score !== undefined && score.kind === 'number') description = `score ${score.raw()}`;
  else if (sort !== undefined) description = `sort ${excerpt(sort.raw(), 80)}`;
  return {
    ...ref,
    id: nodeId(ref),
    label: `${index}/${id}`,
    ...(description === undefined ? {} : { description }),
    expandable: true,
  };
}

function hitChildren(hit: JsonNode, ref: NodeRef, offset: number, limit: number): ResultNode[] {
  // `_source` fields first, as key/value items (paged); then what else the hit carries (highlight, fields, sort...).
  const source = hit.get('_source');
  const fields = source?.kind === 'object' ? jsonChildren(ref, source, [...ref.path, '_source'], offset, limit) : [];
  if (offset > 0) return fields;
  const others = hit
    .children()
    .filter((child) => !['_index', '_id', '_score', '_source'].includes(child.key ?? ''))
    .map((child) => valueNode(child, [...ref.path, child.key ?? ''], child.key ?? ''));
  const last = fields[fields.length - 1];
  return last?.kind === 'more' ? [...fields.slice(0, -1), ...others, last] : [...fields, ...others];
}

function isAggregation(node: JsonNode): boolean {
  return (
    node.kind === 'object' &&
    (node.get('buckets') !== undefined ||
      node.get('value') !== undefined ||
      node.get('values') !== undefined ||
      node.get('doc_count') !== undefined)
  );
}

function aggregationNode(agg: JsonNode, path: JsonPath, name: string): ResultNode {
  const ref: NodeRef = { kind: 'aggregation', path };
  const buckets = agg.get('buckets');
  const value = agg.get('value');
  let description: string;
  if (buckets !== undefined) {
    const n = buckets.childCount();
    description = `${formatCount(n)} ${n === 1 ? 'bucket' : 'buckets'}`;
  } else if (value !== undefined) {
    description = scalarText(agg.get('value_as_string') ?? value);
  } else if (agg.get('doc_count') !== undefined) {
    description = `doc_count ${agg.get('doc_count')!.raw()}`;
  } else {
    description = scalarText(agg);
  }
  return { ...ref, id: nodeId(ref), label: name, description, expandable: agg.isContainer && agg.childCount() > 0 };
}

function bucketNode(bucket: JsonNode, path: JsonPath, label: string): ResultNode {
  const ref: NodeRef = { kind: 'bucket', path };
  const docCount = bucket.get('doc_count');
  return {
    ...ref,
    id: nodeId(ref),
    label,
    ...(docCount === undefined ? {} : { description: `${docCount.raw()} docs` }),
    expandable: bucket.childCount() > 0,
  };
}

function aggregationChildren(agg: JsonNode, ref: NodeRef, offset: number, limit: number): ResultNode[] {
  const path = ref.path;
  const buckets = agg.get('buckets');
  if (buckets !== undefined && buckets.isContainer) {
    const bucketPath = [...path, 'buckets'];
    const nodes = paged(ref, buckets, offset, limit, (bucket, position) => {
      const key = bucket.get('key');
      const label =
        bucket.key ??
        bucket.get('key_as_string')?.string() ??
        (key === undefined ? `[${position}]` : (key.string() ?? key.raw()));
      return bucketNode(bucket, [...bucketPath, bucket.key ?? position], label);
    });
    if (offset > 0) return nodes;
    const rest = agg
      .children()
      .filter((child) => child.key !== 'buckets')
      .map((child) => valueNode(child, [...path, child.key ?? ''], child.key ?? ''));
    return [...nodes, ...rest];
  }
  return bucketLikeChildren(agg, path, offset, limit);
}

/** A bucket or a single-bucket aggregation: its sub-aggregations as aggregations, the rest as values. */
function bucketLikeChildren(node: JsonNode, path: JsonPath, offset: number, limit: number): ResultNode[] {
  return node.children(offset, limit).map((child) => {
    const key = child.key ?? '';
    return isAggregation(child) ? aggregationNode(child, [...path, key], key) : valueNode(child, [...path, key], key);
  });
}

function itemNode(item: JsonNode, position: number): ResultNode {
  const ref: NodeRef = { kind: 'item', path: ['responses', position] };
  const summary = summarizeItem(item);
  return {
    ...ref,
    id: nodeId(ref),
    label: `#${position + 1}`,
    description: describeItem(summary),
    ...(summary.error === undefined ? {} : { tooltip: summary.error.reason, failed: true }),
    expandable: item.childCount() > 0,
  };
}

/**
 * The children of a node (or of the response itself when `ref` is null), `limit` of them from `offset`, followed by
 * a `more` node when there are more.
 */
export function childrenOf(root: JsonNode, ref: NodeRef | null, offset: number, limit: number): ResultNode[] {
  if (ref === null) {
    switch (shapeOf(root)) {
      case 'msearch':
        return paged(null, root.get('responses')!, offset, limit, itemNode);
      case 'search':
        return searchChildren(root, []);
      case 'error': {
        const error = root.get('error')!;
        const status = root.get('status')?.number();
        const rest = root
          .children()
          .filter((child) => child.key !== 'error' && child.key !== 'status')
          .map((child) => valueNode(child, [child.key ?? ''], child.key ?? ''));
        return [errorNode(error, ['error'], status), ...rest];
      }
      default:
        return jsonChildren(null, root, [], offset, limit);
    }
  }
  const node = root.find(ref.path);
  if (node === undefined) return [];
  switch (ref.kind) {
    case 'item':
      return node.get('error') !== undefined && node.get('hits') === undefined
        ? jsonChildren(ref, node.get('error')!, [...ref.path, 'error'], offset, limit)
        : searchChildren(node, ref.path);
    case 'hits': {
      const hits = node.get('hits');
      if (hits === undefined) return [];
      return paged(ref, hits, offset, limit, (hit, position) => hitNode(hit, [...ref.path, 'hits', position]));
    }
    case 'hit':
      return hitChildren(node, ref, offset, limit);
    case 'aggregations':
      return paged(ref, node, offset, limit, (agg) =>
        aggregationNode(agg, [...ref.path, agg.key ?? ''], agg.key ?? ''),
      );
    case 'aggregation':
      return aggregationChildren(node, ref, offset, limit);
    case 'bucket':
      return bucketLikeChildren(node, ref.path, offset, limit);
    case 'error':
    case 'warning':
    case 'value':
      return jsonChildren(ref, node, ref.path, offset, limit);
    case 'text':
    case 'more':
      return [];
  }
}

/** Children of a text answer (`_cat` without `format=json`): its lines. */
export function textChildren(text: string, offset: number, limit: number): ResultNode[] {
  const lines = text.replace(/\n$/, '').split('\n');
  const nodes: ResultNode[] = lines.slice(offset, offset + limit).map((line, i) => {
    const ref: NodeRef = { kind: 'text', path: [offset + i] };
    return { ...ref, id: nodeId(ref), label: line === '' ? ' ' : line, expandable: false };
  });
  const shown = Math.min(lines.length, offset + limit);
  if (shown < lines.length) {
    const ref: NodeRef = { kind: 'more', path: [`#more@${shown}`] };
    nodes.push({
      ...ref,
      id: `root:more@${shown}`,
      label: `Show ${formatCount(Math.min(limit, lines.length - shown))} more`,
      description: `${formatCount(shown)} of ${formatCount(lines.length)} lines shown`,
      expandable: false,
      more: { parent: null, shown, total: lines.length },
    });
  }
  return nodes;
}
