// Reads a search body as SearchSourceBuilder.parseXContent does: which top-level keys exist, which token kinds
// each accepts (`Unknown key for a VALUE_STRING in [query].`), and the setters' own checks.
import { illegalArgument, OsError, parsingError } from '../core/errors';
import { nextTokenName, parseJsonValue, tokenName, toPlain, type JNode, type JObject } from '../core/json';
import { parseJavaInt, parseTimeValue } from '../core/values';
import { parseAggregations, type AggSpec } from './aggParser';
import { parseHighlight, type HighlightSpec } from './highlight';
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
}

export const TRACK_TOTAL_HITS_ACCURATE = 2147483647;
export const TRACK_TOTAL_HITS_DISABLED = -1;

/** Parses a `_search` body; `checkTrailing` is true for `_search`, false for `_msearch` lines. */
export function parseSearchBody(text: string, checkTrailing: boolean): SearchSource {
  const { value, rest } = parseJsonValue(text);
  if (value === undefined || value.kind !== 'object') {
    const line = value?.line ?? 1;
    const col = value?.col ?? 1;
    throw parsingError(
      `Expected [START_OBJECT] but found [${value === undefined ? 'null' : tokenName(value)}]`,
      line,
      col,
    );
  }
  const source = parseSource(value);
  if (checkTrailing) {
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

function intValue(v: JNode): number {
  if (v.kind === 'number') {
    if (v.integral && (v.value > 2147483647 || v.value < -2147483648)) {
      throw new OsError(
        400,
        'input_coercion_exception',
        `Numeric value (${v.text}) out of range of int (-2147483648 - 2147483647)`,
        { openSearch: false },
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
  throw new OsError(
    400,
    'json_parse_exception',
    `Current token (${jacksonToken(v)}) not numeric, can not use numeric value accessors`,
    {
      openSearch: false,
    },
  );
}

function boolValue(v: JNode): boolean {
  if (v.kind === 'boolean') return v.value;
  if (v.kind === 'string') {
    if (v.value === 'true') return true;
    if (v.value === 'false') return false;
    throw illegalArgument(`Failed to parse value [${v.value}] as only [true] or [false] are allowed.`);
  }
  throw new OsError(400, 'json_parse_exception', `Current token (${jacksonToken(v)}) not of boolean type`, {
    openSearch: false,
  });
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

function parseSource(obj: JObject): SearchSource {
  const s: SearchSource = { raw: obj };
  for (const e of obj.entries) {
    const v = e.value;
    const k = e.key;
    if (VALUE_KINDS.has(v.kind)) {
      switch (k) {
        case 'from': {
          const n = intValue(v);
          if (n < 0) throw illegalArgument(`[from] parameter cannot be negative, found [${n}]`);
          s.from = n;
          break;
        }
        case 'size': {
          const n = intValue(v);
          if (n < 0) throw illegalArgument(`[size] parameter cannot be negative, found [${n}]`);
          s.size = n;
          break;
        }
        case 'timeout':
          s.timeoutMs = parseTimeValue(textValue(v), 'timeout');
          break;
        case 'terminate_after': {
          const n = intValue(v);
          if (n < 0) throw illegalArgument('terminateAfter must be > 0');
          s.terminateAfter = n;
          break;
        }
        case 'min_score':
          if (v.kind !== 'number') intValue(v);
          s.minScore = v.kind === 'number' ? v.value : Number(textValue(v));
          break;
        case 'version':
          s.version = boolValue(v);
          break;
        case 'seq_no_primary_term':
          s.seqNoPrimaryTerm = boolValue(v);
          break;
        case 'explain':
          s.explain = boolValue(v);
          break;
        case 'track_scores':
          s.trackScores = boolValue(v);
          break;
        case 'include_named_queries_score':
        case 'verbose_pipeline':
          boolValue(v);
          break;
        case 'profile':
          s.profile = boolValue(v);
          break;
        case 'track_total_hits':
          if (v.kind === 'boolean' || (v.kind === 'string' && (v.value === 'true' || v.value === 'false'))) {
            s.trackTotalHitsUpTo = boolValue(v) ? TRACK_TOTAL_HITS_ACCURATE : TRACK_TOTAL_HITS_DISABLED;
          } else {
            s.trackTotalHitsUpTo = intValue(v);
          }
          break;
        case '_source':
          if (v.kind === 'boolean') s.source = { fetch: v.value, includes: [], excludes: [] };
          else if (v.kind === 'string') s.source = { fetch: true, includes: [v.value], excludes: [] };
          else unknownKey(e);
          break;
        case 'stored_fields':
          s.storedFields = [textValue(v)];
          break;
        case 'sort':
          if (v.kind !== 'string') unknownKey(e);
          s.sort = [parseSortString(v.value)];
          break;
        case 'search_pipeline':
          if (v.kind !== 'string') unknownKey(e);
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
          s.source = parseSourceObject(v);
          break;
        case 'highlight':
          s.highlight = parseHighlight(toPlain(v) as Record<string, unknown>);
          break;
        case 'script_fields':
        case 'indices_boost':
        case 'suggest':
        case 'collapse':
        case 'slice':
        case 'ext':
        case 'derived':
        case 'search_pipeline':
          break;
        case 'aggregations':
        case 'aggs':
          s.aggs = parseAggregations(v, k);
          break;
        case 'rescore':
          s.rescore = true;
          break;
        case 'sort':
          s.sort = [parseSortObject(v)];
          break;
        case 'pit': {
          const id = v.entries.find((x) => x.key === 'id');
          if (!id) throw illegalArgument('[pit] id is required');
          const ka = v.entries.find((x) => x.key === 'keep_alive');
          s.pit = { id: textValue(id.value), ...(ka ? { keepAlive: textValue(ka.value) } : {}) };
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
        case 'search_after':
          if (k === 'search_after') s.searchAfter = items.map(toPlain);
          break;
        case '_source':
          s.source = { fetch: true, includes: items.map(textValue), excludes: [] };
          break;
        case 'rescore':
          s.rescore = items.length > 0;
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
            if (item.kind === 'object') return parseSortObject(item);
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

function parseSortObject(v: JObject): SortSpec {
  const first = v.entries[0];
  if (!first)
    throw parsingError(
      'malformed sort format, within the sort array, an object, or an actual string are allowed',
      v.line,
      v.col,
    );
  const field = first.key;
  const dflt: 'asc' | 'desc' = field === '_score' ? 'desc' : 'asc';
  if (first.value.kind === 'string') return { field, order: parseOrder(first.value) };
  if (first.value.kind !== 'object') {
    throw parsingError(`[${field}] unexpected token [${tokenName(first.value)}]`, first.value.line, first.value.col);
  }
  let order = dflt;
  let missing: unknown;
  let mode: string | undefined;
  let unmappedType: string | undefined;
  let format: string | undefined;
  const known = [
    'order',
    'missing',
    'mode',
    'unmapped_type',
    'nested',
    'numeric_type',
    'format',
    'nested_path',
    'nested_filter',
  ];
  for (const e of first.value.entries) {
    if (e.key === 'order') order = parseOrder(e.value);
    else if (e.key === 'missing') missing = toPlain(e.value);
    else if (e.key === 'mode') mode = textValue(e.value);
    else if (e.key === 'unmapped_type') unmappedType = textValue(e.value);
    else if (e.key === 'format') format = textValue(e.value);
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
    ...(format !== undefined ? { format } : {}),
  };
}
