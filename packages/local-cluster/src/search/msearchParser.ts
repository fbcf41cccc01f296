// Reads an `_msearch` body exactly as MultiSearchRequest.readMultiLineFormat does, with the
// metadata keys of 1.4 and their value conversions.
import { illegalArgument, OsError, validationError, type Jackson } from '../core/errors';
import { parseHeaderMap, type JNode } from '../core/json';
import { parseStrictBoolean, parseTimeValue, strictBooleanMessage } from '../core/values';
import { indicesOptionsFrom, type IndicesOptions } from './indexResolver';
import { newSearchRequest, searchTypeFrom, splitCommas, type SearchRequest } from './searchRequest';
import { parseSearchBody } from './sourceParser';

export interface MsearchDefaults {
  readonly indices: string[];
  readonly indicesOptions: IndicesOptions;
  readonly routing?: string;
  readonly searchType?: string;
  readonly ccsMinimizeRoundtrips: boolean;
  readonly cancelAfterMs?: number;
  readonly jackson?: Jackson;
  /** The status of a number out of an `int`'s range (Release.coercionStatus). */
  readonly coercionStatus?: 400 | 500;
}

function scalarString(v: JNode): string {
  switch (v.kind) {
    case 'string':
      return v.value;
    case 'number':
      return v.text;
    case 'boolean':
      return String(v.value);
    case 'null':
      return 'null';
    default:
      return JSON.stringify(v);
  }
}

function nodeBoolean(v: JNode): boolean {
  if (v.kind === 'boolean') return v.value;
  return parseStrictBoolean(scalarString(v));
}

function nodeBooleanNamed(v: JNode, name: string): boolean {
  if (v.kind === 'boolean') return v.value;
  const text = scalarString(v);
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw illegalArgument(
    `Could not convert [${name}] to boolean`,
    new OsError(400, 'illegal_argument_exception', strictBooleanMessage(text), { openSearch: false }),
  );
}

function stringArray(v: JNode): string[] {
  if (v.kind === 'array') return v.items.map(scalarString);
  return splitCommas(scalarString(v));
}

function applyHeader(sr: SearchRequest, header: JNode, defaults: IndicesOptions): void {
  if (header.kind !== 'object') return;
  let expandWildcards: string[] | undefined;
  let ignoreUnavailable: string | undefined;
  let allowNoIndices: string | undefined;
  let ignoreThrottled: string | undefined;
  for (const { key, value } of header.entries) {
    switch (key) {
      case 'index':
      case 'indices':
        sr.indices = stringArray(value);
        break;
      case 'search_type':
      case 'searchType': {
        const st = value.kind === 'string' ? value.value : scalarString(value);
        const t = searchTypeFrom(st, false);
        if (t) sr.searchType = t;
        break;
      }
      case 'ccs_minimize_roundtrips':
      case 'ccsMinimizeRoundtrips':
        sr.ccsMinimizeRoundtrips = nodeBoolean(value);
        break;
      case 'request_cache':
      case 'requestCache':
        sr.requestCache = nodeBooleanNamed(value, key);
        break;
      case 'preference':
        sr.preference = scalarString(value);
        break;
      case 'routing':
        sr.routing = scalarString(value);
        break;
      case 'allow_partial_search_results':
        sr.allowPartialSearchResults = nodeBooleanNamed(value, 'null');
        break;
      case 'expand_wildcards':
      case 'expandWildcards':
        expandWildcards = stringArray(value);
        break;
      case 'ignore_unavailable':
      case 'ignoreUnavailable':
        ignoreUnavailable = scalarString(value);
        break;
      case 'allow_no_indices':
      case 'allowNoIndices':
        allowNoIndices = scalarString(value);
        break;
      case 'ignore_throttled':
      case 'ignoreThrottled':
        ignoreThrottled = scalarString(value);
        break;
      case 'cancel_after_time_interval':
      case 'cancelAfterTimeInterval':
        sr.cancelAfterMs =
          value.kind === 'number'
            ? value.value
            : parseTimeValue(scalarString(value), 'XContentMapValues.nodeTimeValue');
        break;
      case 'phase_took':
        nodeBoolean(value);
        break;
      default:
        throw illegalArgument(`key [${key}] is not supported in the metadata section`);
    }
  }
  sr.indicesOptions = indicesOptionsFrom(defaults, expandWildcards, ignoreUnavailable, allowNoIndices, ignoreThrottled);
}

/**
 * Splits and parses the body. `onBody` runs for each parsed item (the REST layer checks
 * `rest_total_hits_as_int` there).
 */
export function parseMsearchBody(
  data: string,
  defaults: MsearchDefaults,
  onItem: (sr: SearchRequest) => void,
): SearchRequest[] {
  const items: SearchRequest[] = [];
  const next = (from: number): number => {
    const idx = data.indexOf('\n', from);
    if (idx >= 0) return idx;
    if (from !== data.length) throw illegalArgument('The msearch request must be terminated by a newline [\n]');
    return -1;
  };
  let from = 0;
  for (;;) {
    let marker = next(from);
    if (marker === -1) break;
    if (marker === 0) {
      from = 1;
      continue;
    }
    const sr = newSearchRequest();
    sr.indices = [...defaults.indices];
    sr.indicesOptions = { ...defaults.indicesOptions };
    if (defaults.routing !== undefined) sr.routing = defaults.routing;
    if (defaults.searchType !== undefined) {
      const t = searchTypeFrom(defaults.searchType, false);
      if (t) sr.searchType = t;
    }
    sr.ccsMinimizeRoundtrips = defaults.ccsMinimizeRoundtrips;
    if (marker - from > 0)
      applyHeader(sr, parseHeaderMap(data.slice(from, marker), defaults.jackson), sr.indicesOptions);
    if (defaults.cancelAfterMs !== undefined && sr.cancelAfterMs === undefined)
      sr.cancelAfterMs = defaults.cancelAfterMs;
    from = marker + 1;
    marker = next(from);
    if (marker === -1) break;
    sr.source = parseSearchBody(data.slice(from, marker), false, defaults.jackson, defaults.coercionStatus);
    onItem(sr);
    items.push(sr);
    from = marker + 1;
  }
  return items;
}

export function validateMsearch(items: readonly SearchRequest[]): void {
  if (items.length === 0) throw validationError(['no requests added']);
}
