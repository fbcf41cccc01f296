import type { JsonPath } from '../json/jsonSegment';
import { AGGREGATION_BY_NAME } from '../../spec/aggregations';
import { BODY_OBJECT_OPTIONS, SCRIPT_OPTIONS, SORT_OPTIONS } from '../../spec/bodyForms';
import { aggregationFieldUsage, bodyObjectFieldUsage, clauseFieldUsage, type FieldUsage } from '../../spec/fieldTypes';
import { METADATA_KEY_BY_NAME, type MetadataKeySpec } from '../../spec/msearchMetadata';
import { QUERY_CLAUSES } from '../../spec/queries';
import { SEARCH_BODY_FIELD_BY_NAME, type BodyFieldSpec } from '../../spec/searchBody';
import type { AggregationSpec, ParameterSpec, QueryClauseSpec } from '../../spec/types';

/** What a place in a request body holds: the keys its object takes and the values it accepts. */
export type Slot =
  | { readonly t: 'body' }
  | { readonly t: 'queryOnlyBody' }
  | { readonly t: 'header' }
  | { readonly t: 'headerValue'; readonly key: MetadataKeySpec }
  | { readonly t: 'field'; readonly field: BodyFieldSpec }
  | { readonly t: 'query' }
  | { readonly t: 'queries' }
  | { readonly t: 'namedQueries' }
  | { readonly t: 'clause'; readonly clause: QueryClauseSpec }
  | { readonly t: 'clauseField'; readonly clause: QueryClauseSpec }
  | { readonly t: 'aggs' }
  | { readonly t: 'aggDefinition' }
  | { readonly t: 'aggBody'; readonly agg: AggregationSpec }
  | { readonly t: 'params'; readonly owner: string; readonly params: readonly ParameterSpec[] }
  | { readonly t: 'param'; readonly owner: string; readonly param: ParameterSpec }
  | { readonly t: 'sort' }
  | { readonly t: 'sortEntry' }
  | { readonly t: 'sortField' }
  | { readonly t: 'source' }
  /** One field name; `objects`: an element that may also be `{ "field": <name>, "format": ... }`. */
  | { readonly t: 'fieldName'; readonly usage: FieldUsage; readonly objects?: boolean }
  /** An array of field names; `string`: one name as a string is also accepted. */
  | { readonly t: 'fieldNames'; readonly usage: FieldUsage; readonly string: boolean }
  /** An object whose keys are field names, each with a value of shape `value`. */
  | { readonly t: 'fieldKeys'; readonly usage: FieldUsage; readonly value: Slot; readonly snippet: string }
  | { readonly t: 'unknown' };

export const BODY: Slot = { t: 'body' };
const QUERY_ONLY_BODY: Slot = { t: 'queryOnlyBody' };
export const HEADER: Slot = { t: 'header' };
const UNKNOWN: Slot = { t: 'unknown' };
const QUERY: Slot = { t: 'query' };
const QUERIES: Slot = { t: 'queries' };
const AGGS: Slot = { t: 'aggs' };
const AGG_DEFINITION: Slot = { t: 'aggDefinition' };
const SORT: Slot = { t: 'sort' };
const SORT_ENTRY: Slot = { t: 'sortEntry' };
const SORT_FIELD: Slot = { t: 'sortField' };
const SOURCE: Slot = { t: 'source' };
const SCRIPT: Slot = { t: 'params', owner: 'script', params: SCRIPT_OPTIONS };

const CLAUSES: ReadonlyMap<string, QueryClauseSpec> = new Map(QUERY_CLAUSES.map((c) => [c.name, c]));

/** Endpoints whose body is `{ "query": ... }` and little else. */
const QUERY_BODY_ENDPOINTS = new Set([
  'count',
  'delete_by_query',
  'update_by_query',
  'explain',
  'indices.validate_query',
]);

/** The slot of a whole body sent to an endpoint, or undefined when we know nothing of it. */
export function bodySlotFor(endpoint: string | undefined): Slot | undefined {
  if (endpoint === 'search') return BODY;
  if (endpoint !== undefined && QUERY_BODY_ENDPOINTS.has(endpoint)) return QUERY_ONLY_BODY;
  return undefined;
}

const HIGHLIGHT_FIELD: Slot = {
  t: 'params',
  owner: 'highlight',
  params: (BODY_OBJECT_OPTIONS['highlight'] ?? []).filter((p) => p.name !== 'fields'),
};

/**
 * The slot of a parameter's value: queries, scripts, sorts, sources and field names have shapes of their own.
 * `usage` says what a field the parameter names is used for.
 */
function paramSlot(owner: string, param: ParameterSpec | undefined, usage: FieldUsage = 'any'): Slot {
  if (param === undefined) return UNKNOWN;
  switch (param.type) {
    case 'query':
      return QUERY;
    case 'queries':
      return QUERIES;
    case 'script':
      return SCRIPT;
    case 'field':
      return { t: 'fieldName', usage };
    case 'fields':
      // multi_match alone also reads a single field given as a string.
      return { t: 'fieldNames', usage, string: owner === 'multi_match' };
    default:
      break;
  }
  if (param.name === 'sort') return SORT;
  if (param.name === '_source') return SOURCE;
  if (owner === 'filters' && param.name === 'filters') return { t: 'namedQueries' };
  if (owner === 'highlight' && param.name === 'fields') {
    return { t: 'fieldKeys', usage: 'highlight', value: HIGHLIGHT_FIELD, snippet: '{}' };
  }
  return { t: 'param', owner, param };
}

/** Elements of the body's field lists: `docvalue_fields` and `fields` also take `{ "field", "format" }` objects. */
function bodyListElement(field: BodyFieldSpec): Slot {
  if (field.array === 'fieldAndFormat') {
    return { t: 'fieldName', usage: field.name === 'docvalue_fields' ? 'docvalue' : 'fetch', objects: true };
  }
  return field.name === 'stored_fields' ? { t: 'fieldName', usage: 'stored' } : UNKNOWN;
}

function bodyFieldSlot(name: string): Slot {
  switch (name) {
    case 'query':
    case 'post_filter':
      return QUERY;
    case 'aggs':
    case 'aggregations':
      return AGGS;
    case 'sort':
      return SORT;
    case '_source':
      return SOURCE;
    default: {
      const field = SEARCH_BODY_FIELD_BY_NAME.get(name);
      return field === undefined ? UNKNOWN : { t: 'field', field };
    }
  }
}

function findParam(params: readonly ParameterSpec[] | undefined, name: string): ParameterSpec | undefined {
  return params?.find((p) => p.name === name);
}

/** The slot one step down: a member of an object or an element of an array. */
function childSlot(slot: Slot, segment: string | number): Slot {
  const key = typeof segment === 'string' ? segment : undefined;
  switch (slot.t) {
    case 'body':
      return key === undefined ? UNKNOWN : bodyFieldSlot(key);
    case 'queryOnlyBody':
      return key === 'query' ? QUERY : UNKNOWN;
    case 'header': {
      const spec = key === undefined ? undefined : METADATA_KEY_BY_NAME.get(key);
      return spec === undefined ? UNKNOWN : { t: 'headerValue', key: spec };
    }
    case 'headerValue':
      // `expand_wildcards` and `index` also take arrays of the same values.
      return key === undefined ? slot : UNKNOWN;
    case 'field': {
      if (key === undefined) return bodyListElement(slot.field);
      const options = BODY_OBJECT_OPTIONS[slot.field.name];
      return paramSlot(slot.field.name, findParam(options, key), bodyObjectFieldUsage(slot.field.name));
    }
    case 'query': {
      const clause = key === undefined ? undefined : CLAUSES.get(key);
      return clause === undefined ? UNKNOWN : { t: 'clause', clause };
    }
    case 'queries':
      return key === undefined ? QUERY : childSlot(QUERY, key);
    case 'namedQueries':
      return QUERY;
    case 'clause': {
      if (key === undefined) return UNKNOWN;
      const clause = slot.clause;
      if (clause.shape === 'field') return { t: 'clauseField', clause };
      const param = findParam(clause.params, key);
      return param === undefined ? UNKNOWN : paramSlot(clause.name, param, clauseFieldUsage(clause.name, key));
    }
    case 'clauseField':
      return key === undefined
        ? UNKNOWN
        : paramSlot(slot.clause.name, findParam(slot.clause.params, key), clauseFieldUsage(slot.clause.name, key));
    case 'aggs':
      return key === undefined ? UNKNOWN : AGG_DEFINITION;
    case 'aggDefinition': {
      if (key === 'aggs' || key === 'aggregations') return AGGS;
      const agg = key === undefined ? undefined : AGGREGATION_BY_NAME.get(key);
      if (agg === undefined) return UNKNOWN;
      return agg.name === 'filter' ? QUERY : { t: 'aggBody', agg };
    }
    case 'aggBody':
      return key === undefined
        ? UNKNOWN
        : paramSlot(slot.agg.name, findParam(slot.agg.params, key), aggregationFieldUsage(slot.agg.name));
    case 'params':
      return key === undefined ? UNKNOWN : paramSlot(slot.owner, findParam(slot.params, key));
    case 'sort':
      return key === undefined ? SORT_ENTRY : SORT_FIELD;
    case 'sortEntry':
      return key === undefined ? UNKNOWN : SORT_FIELD;
    case 'sortField':
      return key === undefined ? UNKNOWN : paramSlot('sort', findParam(SORT_OPTIONS, key));
    case 'source':
      if (key === undefined) return { t: 'fieldName', usage: 'source' };
      return key === 'includes' || key === 'excludes' ? { t: 'fieldNames', usage: 'source', string: true } : UNKNOWN;
    case 'fieldNames':
      return key === undefined ? { t: 'fieldName', usage: slot.usage } : UNKNOWN;
    case 'fieldName':
      return slot.objects === true && key === 'field' ? { t: 'fieldName', usage: slot.usage } : UNKNOWN;
    case 'fieldKeys':
      return key === undefined ? UNKNOWN : slot.value;
    default:
      return UNKNOWN;
  }
}

/** The slot at a path below a root slot. */
export function slotAt(root: Slot, path: JsonPath): Slot {
  let slot = root;
  for (const segment of path) {
    slot = childSlot(slot, segment);
    if (slot.t === 'unknown') return slot;
  }
  return slot;
}
