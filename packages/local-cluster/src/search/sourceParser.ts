// Reads a search body as SearchSourceBuilder.parseXContent does: which top-level keys exist, which token kinds
// each accepts (`Unknown key for a VALUE_STRING in [query].`), and the setters' own checks.
import { illegalArgument, jacksonException, OsError, parsingError, type Jackson } from '../core/errors';
import {
  jacksonLocation,
  nextTokenName,
  parseJsonValue,
  tokenName,
  toPlain,
  type JNode,
  type JObject,
} from '../core/json';
import { parseJavaInt, parseTimeValue } from '../core/values';
import { parseAggregations, type AggSpec } from './aggParser';
import { checkHighlight, parseHighlight, type HighlightSpec } from './highlight';
import type { Query } from './query';
import { parseInnerQuery } from './queryParser';

export interface SourceFilter {
  readonly fetch: boolean;
  readonly includes: readonly string[];
  readonly excludes: readonly string[];
}

export interface SortSpec {
  readonly field: string;
  readonly order: 'asc' | 'desc';
  readonly missing?: unknown;
  readonly mode?: string;
  readonly unmappedType?: string;
  readonly format?: string;
}

export interface SearchSource {
  query?: Query;
  postFilter?: Query;
  from?: number;
  size?: number;
  timeoutMs?: number;
  terminateAfter?: number;
  minScore?: number;
  version?: boolean;
  seqNoPrimaryTerm?: boolean;
  explain?: boolean;
  trackScores?: boolean;
  /** Integer.MAX_VALUE = exact, -1 = disabled, else the threshold. */
  trackTotalHitsUpTo?: number;
  source?: SourceFilter;
  sort?: SortSpec[];
  aggs?: AggSpec[];
  searchAfter?: unknown[];
  storedFields?: string[];
  rescore?: boolean;
  pit?: { id: string; keepAlive?: string };
  profile?: boolean;
  stats?: string[];
  highlight?: HighlightSpec;
  /** Query of the `q` URL parameter, which replaces the body query. */
  fromUrl?: boolean;
  /** The body as given, for task descriptions. */
  raw?: JObject;
  /** Features of the body the local cluster does not implement (the search refuses them when it runs). */
  refused?: string[];
  /** A search pipeline named by the body. */
  searchPipeline?: string;
  /** The body's `verbose_pipeline`. */
  verbosePipeline?: boolean;
}

export const TRACK_TOTAL_HITS_ACCURATE = 2147483647;
export const TRACK_TOTAL_HITS_DISABLED = -1;

/**
 * Parses a `_search` body; `checkTrailing` is true for `_search`, false for `_msearch` lines. `coercionStatus` is the
 * status the release gives a number out of an `int`'s range (Release.coercionStatus): OpenSearch picks a status for
 * Jackson's exception as it renders it, which 2.19.1 left at 500.
 */
export function parseSearchBody(
  text: string,
  checkTrailing: boolean,
  jackson: Jackson = 2,
  coercionStatus: 400 | 500 = 500,
): SearchSource {
  try {
    return parseSearchBodyAs(text, checkTrailing, jackson);
  } catch (e) {
    if (e instanceof OsError && e.type === 'input_coercion_exception') e.status = coercionStatus;
    throw e;
  }
}

function parseSearchBodyAs(text: string, checkTrailing: boolean, jackson: Jackson): SearchSource {
  const { value, rest } = parseJsonValue(text, jackson, true);
  if (value === undefined || value.kind !== 'object') {
    // With no token at all, Jackson locates the error before the first column.
    const line = value?.line ?? 1;
    const col = value?.col ?? 0;
    throw parsingError(
      `Expected [START_OBJECT] but found [${value === undefined ? 'null' : tokenName(value)}]`,
      line,
      col,
    );
  }
  const source = parseSource(value, jackson);
  if (checkTrailing && value.incomplete === undefined) {
    const next = nextTokenName(rest);
    if (next !== undefined) {
      throw parsingError(`Unexpected token [${next}] found after the main object.`, rest.line, rest.col);
    }
  }
  return source;
}

function unknownKey(e: { key: string; value: JNode }): never {
  throw parsingError(`Unknown key for a ${tokenName(e.value)} in [${e.key}].`, e.value.line, e.value.col);
}

function intValue(v: JNode, jackson: Jackson): number {
  if (v.kind === 'number') {
    if (v.integral && (v.value > 2147483647 || v.value < -2147483648)) {
      const int = jackson === 3 ? '`int`' : 'int';
      throw jacksonException(
        jackson,
        'range',
        `Numeric value (${v.text}) out of range of ${int} (-2147483648 - 2147483647)\n at ${jacksonLocation(jackson, v)}`,
      );
    }
    return Math.trunc(v.value);
  }
  if (v.kind === 'string') {
    const n =
      parseJavaInt(v.value.trim()) ??
      (Number.isFinite(Number(v.value)) && v.value.trim() !== '' ? Math.trunc(Number(v.value)) : undefined);
    if (n === undefined)
      throw new OsError(400, 'number_format_exception', `For input string: "${v.value}"`, { openSearch: false });
    return n;
  }
  throw jacksonException(
    jackson,
    'type',
    `Current token (${jacksonToken(v)}) not numeric, ${jackson === 3 ? 'cannot' : 'can not'} use numeric value accessors\n at ${jacksonLocation(jackson, v)}`,
  );
}

function boolValue(v: JNode, jackson: Jackson): boolean {
  if (v.kind === 'boolean') return v.value;
  if (v.kind === 'string') {
    if (v.value === 'true') return true;
    if (v.value === 'false') return false;
    throw illegalArgument(`Failed to parse value [${v.value}] as only [true] or [false] are allowed.`);
  }
  throw jacksonException(
    jackson,
    'type',
    `Current token (${jacksonToken(v)}) not of boolean type\n at ${jacksonLocation(jackson, v)}`,
  );
}

function jacksonToken(v: JNode): string {
  if (v.kind === 'number') return v.integral ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
  if (v.kind === 'boolean') return v.value ? 'VALUE_TRUE' : 'VALUE_FALSE';
  return tokenName(v);
}

function textValue(v: JNode): string {
  if (v.kind === 'string') return v.value;
  if (v.kind === 'number') return v.text;
  if (v.kind === 'boolean') return String(v.value);
  return '';
}

const VALUE_KINDS = new Set(['string', 'number', 'boolean', 'null']);

function parseSource(obj: JObject, jackson: Jackson): SearchSource {
  const s: SearchSource = { raw: obj };
  const refuse = (feature: string): void => {
    (s.refused ??= []).push(feature);
  };
  for (const e of obj.entries) {
    const v = e.value;
    const k = e.key;
    if (VALUE_KINDS.has(v.kind)) {
      switch (k) {
        case 'from': {
          const n = intValue(v, jackson);
          if (n < 0) throw illegalArgument(`[from] parameter cannot be negative, found [${n}]`);
          s.from = n;
          break;
        }
        case 'size': {
          const n = intValue(v, jackson);
          if (n < 0) throw illegalArgument(`[size] parameter cannot be negative, found [${n}]`);
          s.size = n;
          break;
        }
        case 'timeout':
          s.timeoutMs = parseTimeValue(textValue(v), 'timeout');
          break;
        case 'terminate_after': {
          // The body's value is assigned as given (the URL parameter is the one checked): 0 is no limit, and a
          // negative one stops each shard before its first document.
          const n = intValue(v, jackson);
          if (n !== 0) s.terminateAfter = n;
          break;
        }
        case 'min_score':
          if (v.kind !== 'number') intValue(v, jackson);
          s.minScore = v.kind === 'number' ? v.value : Number(textValue(v));
          break;
        case 'version':
          s.version = boolValue(v, jackson);
          break;
        case 'seq_no_primary_term':
          s.seqNoPrimaryTerm = boolValue(v, jackson);
          break;
        case 'explain':
          s.explain = boolValue(v, jackson);
          if (s.explain) refuse('[explain]');
          break;
        case 'track_scores':
          s.trackScores = boolValue(v, jackson);
          break;
        case 'include_named_queries_score':
          boolValue(v, jackson);
          break;
        case 'verbose_pipeline':
          s.verbosePipeline = boolValue(v, jackson);
          break;
        case 'profile':
          s.profile = boolValue(v, jackson);
          if (s.profile) refuse('[profile]');
          break;
        case 'track_total_hits':
          if (v.kind === 'boolean' || (v.kind === 'string' && (v.value === 'true' || v.value === 'false'))) {
            s.trackTotalHitsUpTo = boolValue(v, jackson) ? TRACK_TOTAL_HITS_ACCURATE : TRACK_TOTAL_HITS_DISABLED;
          } else {
            s.trackTotalHitsUpTo = intValue(v, jackson);
          }
          break;
        case '_source':
          if (v.kind === 'boolean') s.source = { fetch: v.value, includes: [], excludes: [] };
          else if (v.kind === 'string') s.source = { fetch: true, includes: [v.value], excludes: [] };
          else {
            // FetchSourceContext.fromXContent: 3.x names every token it takes, 2.x only the two it checks first.
            const expected =
              jackson === 3 ? 'VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT' : 'VALUE_BOOLEAN, START_OBJECT';
            throw parsingError(`Expected one of [${expected}] but found [${tokenName(v)}]`, v.line, v.col);
          }
          break;
        case 'stored_fields':
          s.storedFields = [textValue(v)];
          break;
        case 'sort':
          // Any scalar is read as a field name (`"sort": 1` sorts on a field named `1`).
          if (v.kind === 'null') unknownKey(e);
          s.sort = [parseSortString(textValue(v))];
          break;
        case 'search_pipeline':
          // A number or a boolean is a name too, as written (`1.50`: real 2.19.1 and 3.8.0).
          if (v.kind === 'null') unknownKey(e);
          s.searchPipeline = textValue(v);
          break;
        default:
          unknownKey(e);
      }
    } else if (v.kind === 'object') {
      switch (k) {
        case 'query':
          s.query = parseInnerQuery(v);
          break;
        case 'post_filter':
          s.postFilter = parseInnerQuery(v);
          break;
        case '_source':
          // The releases known here read JSON with Jackson 3 exactly from major version 3 on.
          s.source = checkSourceFilter(parseSourceObject(v), jackson === 3 ? 3 : 2);
          break;
        case 'highlight':
          checkHighlight(v);
          s.highlight = parseHighlight(toPlain(v) as Record<string, unknown>);
          break;
        case 'script_fields':
        case 'indices_boost':
        case 'suggest':
        case 'collapse':
        case 'slice':
        case 'derived':
          refuse(`[${k}]`);
          break;
        case 'search_pipeline':
          refuse('[search_pipeline] defined in the request');
          break;
        case 'ext':
          if (v.entries.length > 0) refuse('[ext]');
          break;
        case 'aggregations':
        case 'aggs':
          s.aggs = parseAggregations(v, k);
          break;
        case 'rescore':
          s.rescore = true;
          refuse('[rescore]');
          break;
        case 'sort':
          s.sort = [parseSortObject(v, refuse)];
          break;
        case 'pit': {
          const id = v.entries.find((x) => x.key === 'id');
          if (!id) throw illegalArgument('[pit] id is required');
          const ka = v.entries.find((x) => x.key === 'keep_alive');
          s.pit = { id: textValue(id.value), ...(ka ? { keepAlive: textValue(ka.value) } : {}) };
          refuse('[pit]');
          break;
        }
        default:
          unknownKey(e);
      }
    } else {
      // START_ARRAY
      const items = (v as { items: readonly JNode[] }).items;
      switch (k) {
        case 'stored_fields':
          s.storedFields = items.map(textValue);
          break;
        case 'docvalue_fields':
        case 'fields':
        case 'indices_boost':
          refuse(`[${k}]`);
          break;
        case 'search_after':
          s.searchAfter = items.map(toPlain);
          break;
        case '_source':
          s.source = { fetch: true, includes: items.map(textValue), excludes: [] };
          break;
        case 'rescore':
          s.rescore = items.length > 0;
          if (s.rescore) refuse('[rescore]');
          break;
        case 'stats':
          s.stats = items.map((item) => {
            if (item.kind !== 'string') {
              throw parsingError(
                `Expected [VALUE_STRING] in [stats] but found [${tokenName(item)}]`,
                item.line,
                item.col,
              );
            }
            return item.value;
          });
          break;
        case 'sort':
          s.sort = items.map((item) => {
            if (item.kind === 'string') return parseSortString(item.value);
            if (item.kind === 'object') return parseSortObject(item, refuse);
            throw parsingError(`unexpected token [${tokenName(item)}] in [sort]`, item.line, item.col);
          });
          break;
        default:
          unknownKey(e);
      }
    }
  }
  return s;
}

/** FetchSourceContext: from 3.x a field cannot be both included and excluded (2.x lets the exclusion win). */
export function checkSourceFilter(filter: SourceFilter, major: number): SourceFilter {
  if (major < 3) return filter;
  for (const include of filter.includes) {
    if (filter.excludes.includes(include)) {
      throw illegalArgument(`The same entry [${include}] cannot be both included and excluded in _source.`);
    }
  }
  return filter;
}

function parseSourceObject(v: JObject): SourceFilter {
  let includes: string[] = [];
  let excludes: string[] = [];
  const list = (n: JNode): string[] => (n.kind === 'array' ? n.items.map(textValue) : [textValue(n)]);
  for (const e of v.entries) {
    if (e.key === 'includes' || e.key === 'include') includes = list(e.value);
    else if (e.key === 'excludes' || e.key === 'exclude') excludes = list(e.value);
    else throw parsingError(`Unknown key for a ${tokenName(e.value)} in [${e.key}].`, e.value.line, e.value.col);
  }
  return { fetch: true, includes, excludes };
}

function parseSortString(field: string): SortSpec {
  return { field, order: field === '_score' ? 'desc' : 'asc' };
}

function parseOrder(v: JNode): 'asc' | 'desc' {
  const t = textValue(v).toLowerCase();
  if (t === 'asc' || t === 'desc') return t;
  throw illegalArgument(`No enum constant org.opensearch.search.sort.SortOrder.${textValue(v).toUpperCase()}`);
}

/** A sort the local cluster does not implement is read no further and refused once the body is read. */
function parseSortObject(v: JObject, refuse: (feature: string) => void): SortSpec {
  const first = v.entries[0];
  if (!first)
    throw parsingError(
      'malformed sort format, within the sort array, an object, or an actual string are allowed',
      v.line,
      v.col,
    );
  const field = first.key;
  if (field === '_script' || field === '_geo_distance' || field === '_geoDistance') {
    refuse(`sort [${field === '_script' ? '_script' : '_geo_distance'}]`);
    return { field, order: 'asc' };
  }
  const dflt: 'asc' | 'desc' = field === '_score' ? 'desc' : 'asc';
  if (first.value.kind === 'string') return { field, order: parseOrder(first.value) };
  if (first.value.kind !== 'object') {
    throw parsingError(`[${field}] unexpected token [${tokenName(first.value)}]`, first.value.line, first.value.col);
  }
  let order = dflt;
  let missing: unknown;
  let mode: string | undefined;
  let unmappedType: string | undefined;
  const known = ['order', 'missing', 'mode', 'unmapped_type', 'nested', 'numeric_type', 'nested_path', 'nested_filter'];
  for (const e of first.value.entries) {
    if (e.key === 'order') order = parseOrder(e.value);
    else if (e.key === 'missing') missing = toPlain(e.value);
    else if (e.key === 'mode') mode = textValue(e.value);
    else if (e.key === 'unmapped_type') unmappedType = textValue(e.value);
    else if (e.key === 'nested' || e.key === 'nested_path' || e.key === 'nested_filter') refuse('[sort] [nested]');
    else if (e.key === 'numeric_type') refuse('[sort] [numeric_type]');
    else if (!known.includes(e.key)) {
      throw new OsError(
        400,
        'x_content_parse_exception',
        `[${e.keyPos.line}:${e.keyPos.col}] [field_sort] unknown field [${e.key}]`,
        { openSearch: false },
      );
    }
  }
  return {
    field,
    order,
    ...(missing !== undefined ? { missing } : {}),
    ...(mode !== undefined ? { mode } : {}),
    ...(unmappedType !== undefined ? { unmappedType } : {}),
  };
}
