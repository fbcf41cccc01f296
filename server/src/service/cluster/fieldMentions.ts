import { QUERY_CLAUSES } from '../../spec/queries';
import type { QueryClauseSpec } from '../../spec/types';
import { isObject, type JsonPath, type Target } from '../json/jsonSegment';

/** A field a search body names, where it names it: a member name (`"match": {"<field>": …}`) or a string value. */
export interface FieldMention {
  readonly name: string;
  readonly path: JsonPath;
  readonly target: Target;
}

const CLAUSES = new Map<string, QueryClauseSpec>(QUERY_CLAUSES.map((c) => [c.name, c]));

/** Fields every index has (OpenSearch's metadata fields), and sort keys that are no field. */
const META_FIELDS = new Set([
  '_id',
  '_index',
  '_routing',
  '_source',
  '_seq_no',
  '_primary_term',
  '_version',
  '_ignored',
  '_score',
  '_doc',
  '_field_names',
]);

/** Names a mapping can be asked about: not a pattern, not a metadata field. */
function checkable(name: string): boolean {
  return name.length > 0 && !name.includes('*') && !META_FIELDS.has(name);
}

/** Calls `visit` on every query clause of a query tree, through the parameters that hold queries. */
export function forEachClause(
  value: unknown,
  path: JsonPath,
  visit: (name: string, body: Record<string, unknown>, path: JsonPath, clause: QueryClauseSpec) => void,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      forEachClause(item, [...path, i], visit);
    });
    return;
  }
  if (!isObject(value)) return;
  for (const name in value) {
    const clause = CLAUSES.get(name);
    const body = value[name];
    if (clause === undefined || !isObject(body)) continue;
    const at = [...path, name];
    visit(name, body, at, clause);
    for (const param of clause.params ?? []) {
      if (param.type === 'query' || param.type === 'queries')
        forEachClause(body[param.name], [...at, param.name], visit);
    }
  }
}

function query(value: unknown, path: JsonPath, out: FieldMention[]): void {
  forEachClause(value, path, (_name, body, at, clause) => {
    if (clause.shape === 'field' || clause.shape === 'fieldWithParams') {
      const params = new Set((clause.params ?? []).map((p) => p.name));
      for (const key in body) {
        if (clause.shape === 'fieldWithParams' && params.has(key)) continue;
        if (checkable(key)) out.push({ name: key, path: [...at, key], target: 'key' });
      }
      return;
    }
    const field = body['field'];
    if (typeof field === 'string' && checkable(field))
      out.push({ name: field, path: [...at, 'field'], target: 'value' });
  });
}

function aggregations(value: unknown, path: JsonPath, out: FieldMention[]): void {
  if (!isObject(value)) return;
  for (const name in value) {
    const definition = value[name];
    if (!isObject(definition)) continue;
    for (const type in definition) {
      const body = definition[type];
      const at = [...path, name, type];
      if (type === 'aggs' || type === 'aggregations') {
        aggregations(body, at, out);
      } else if (type === 'filter') {
        query(body, at, out);
      } else if (isObject(body) && typeof body['field'] === 'string' && checkable(body['field'])) {
        out.push({ name: body['field'], path: [...at, 'field'], target: 'value' });
      }
    }
  }
}

function sort(value: unknown, path: JsonPath, out: FieldMention[]): void {
  const entries = Array.isArray(value) ? value : [value];
  entries.forEach((entry, i) => {
    const at = Array.isArray(value) ? [...path, i] : path;
    if (typeof entry === 'string') {
      const name = entry.split(':')[0]!;
      if (checkable(name) && name === entry) out.push({ name, path: at, target: 'value' });
    } else if (isObject(entry)) {
      for (const key in entry) {
        if (checkable(key) && !key.startsWith('_')) out.push({ name: key, path: [...at, key], target: 'key' });
      }
    }
  });
}

/**
 * The fields a search body names in its query, post filter, aggregations and sort, for checking against the
 * mappings of the indexes it searches. Patterns (`*`), metadata fields and script sorts are left out. Fields the body
 * defines itself (`runtime_mappings`) are returned apart, as known.
 */
export function searchBodyFields(body: unknown): { mentions: FieldMention[]; defined: Set<string> } {
  const mentions: FieldMention[] = [];
  const defined = new Set<string>();
  if (!isObject(body)) return { mentions, defined };
  query(body['query'], ['query'], mentions);
  query(body['post_filter'], ['post_filter'], mentions);
  aggregations(body['aggs'], ['aggs'], mentions);
  aggregations(body['aggregations'], ['aggregations'], mentions);
  if (body['sort'] !== undefined) sort(body['sort'], ['sort'], mentions);
  const runtime = body['runtime_mappings'];
  if (isObject(runtime)) for (const name in runtime) defined.add(name);
  return { mentions, defined };
}
