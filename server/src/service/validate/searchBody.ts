import { shardFailureText } from './msearchItems';
import { checkSortFields } from './bodyRules';
import { ValuePath } from '../json/valuePath';
import { tokenOf } from '../json/jsonSegment';
import { suggestions } from '../text/similarity';
import {
  SEARCH_BODY_FIELD_BY_NAME,
  type BodyArrayRule,
  type BodyFieldSpec,
  type BodyObjectRule,
  type BodyValueRule,
} from '../../spec/searchBody';
import { checkAggregationStructure } from './aggregationStructure';
import { validateAggregations } from './aggregations';
import type { JsonCheck } from './jsonCheck';
import { validateQueryContainer } from './query';
import { checkHighlight } from './highlight';
import {
  checkFieldAndFormat,
  checkIndicesBoostList,
  checkNumberText,
  checkScriptFields,
  checkSourceObject,
  checkStringList,
} from './sectionOptions';
import {
  intRangeRefusal,
  javaDoubleNumber,
  isJavaDouble,
  isSortOrder,
  notNumericText,
  numberTextError,
  parseTimeValue,
  strictBooleanError,
} from './values';
import { jacksonMajor } from '../target';
import { compareVersions } from '../../spec/versions';

const INT_MAX = 2147483647;
/** `track_total_hits: true` as the server stores it. */
export const TRACK_TOTAL_HITS_ACCURATE = INT_MAX;
export const TRACK_TOTAL_HITS_DISABLED = -1;

/** What cross-field rules need to know of a body, with where each fact was written. */
export interface SearchBodyFacts {
  from?: { value: number; path: ValuePath };
  size?: { value: number; path: ValuePath };
  trackTotalHits?: { value: number; path: ValuePath };
  rescore?: ValuePath;
  sort?: ValuePath;
  pit?: ValuePath;
  searchAfter?: ValuePath;
  /** The body itself, for the rules across its sections (bodyRules.ts). */
  source?: Record<string, unknown>;
}

/** Checks a search body object field by field, as `SearchSourceBuilder.parseXContent` reads it. */
export function validateSearchBody(check: JsonCheck, body: Record<string, unknown>): SearchBodyFacts {
  const facts: SearchBodyFacts = { source: body };
  checkFields(check, ValuePath.ROOT, body, SEARCH_BODY_FIELD_BY_NAME, facts, SEARCH_SCOPE);
  // `aggregations` first: most bodies write `aggs` if any.
  if ('aggregations' in body && 'aggs' in body) {
    const keys = Object.keys(body);
    const last = keys.indexOf('aggs') > keys.indexOf('aggregations') ? 'aggs' : 'aggregations';
    const other = last === 'aggs' ? 'aggregations' : 'aggs';
    check.report(
      'search.aggs-twice',
      `Both [aggs] and [aggregations] are given: the server keeps [${last}] and silently drops [${other}].`,
      [other],
      'key',
    );
  }
  return facts;
}

/** Where a field loop runs: the codes of its diagnostics, and whether the search body's own facts are gathered. */
interface FieldScope {
  readonly unknownCode: 'search.unknown-field' | 'aggs.unknown-parameter';
  readonly wrongTypeCode: 'search.wrong-type' | 'aggs.wrong-type';
  /** The search body itself: `from`/`size` below zero are refused in its words, and its facts are kept. */
  readonly searchBody: boolean;
}

const SEARCH_SCOPE: FieldScope = {
  unknownCode: 'search.unknown-field',
  wrongTypeCode: 'search.wrong-type',
  searchBody: true,
};

/**
 * The fields `TopHitsAggregationBuilder.parse` reads, each with the JSON tokens it takes: the same loop as the search
 * body's (a value, an object or an array per name, anything else `Unknown key for a <token> in [<name>].`), over a
 * part of the same names (docs/opensearch/aggregations.md#top_hits; the conformance cases `aggs/top_hits/*`).
 */
const TOP_HITS_FIELDS: ReadonlyMap<string, BodyFieldSpec> = new Map(
  [
    'from',
    'size',
    'explain',
    'version',
    'seq_no_primary_term',
    'track_scores',
    '_source',
    'stored_fields',
    'docvalue_fields',
    'fields',
    'script_fields',
    'highlight',
    'sort',
  ].map((name) => [name, SEARCH_BODY_FIELD_BY_NAME.get(name)!]),
);

const TOP_HITS_SCOPE: FieldScope = {
  unknownCode: 'aggs.unknown-parameter',
  wrongTypeCode: 'aggs.wrong-type',
  searchBody: false,
};

/** Checks the body of a `top_hits` aggregation, as its parser reads it. */
export function validateTopHitsBody(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  checkFields(check, path, body, TOP_HITS_FIELDS, {}, TOP_HITS_SCOPE);
  // Its highlight is read by the same parser as the search's (conformance case `cross/aggs/forms/*`); the highlighter
  // type is left to the search's own check.
  if (isRecord(body.highlight)) checkHighlight(check, path.child('highlight'), body.highlight, false);
  // Its sort is built on each shard as the search's is: an empty name or a metadata field without field data fails.
  if (body.sort !== undefined) checkSortFields(check, body.sort, path.child('sort'));
  // `size: 0` is read as it is, and each shard that collects a document into the aggregation fails to make a
  // collector of no hits (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/top-hits-size-*`).
  if (body.size === 0 || body.size === '0') {
    check.reportItemFailure(
      'aggs.invalid-size',
      shardFailureText(
        '[top_hits] needs a [size] above 0',
        'numHits must be > 0; please use TotalHitCountCollectorManager if you just need the total hit count',
      ),
      path.child('size'),
    );
  }
}

/** How InnerHitBuilder's ObjectParser reads each of its fields: the tokens it takes, then what reads the value. */
type InnerHitsKind = 'name' | 'boolean' | 'int' | 'strings' | 'objects' | 'object' | 'source' | 'collapse';
const INNER_HITS_KINDS: ReadonlyMap<string, InnerHitsKind> = new Map([
  ['name', 'name'],
  ['ignore_unmapped', 'boolean'],
  ['from', 'int'],
  ['size', 'int'],
  ['explain', 'boolean'],
  ['version', 'boolean'],
  ['seq_no_primary_term', 'boolean'],
  ['track_scores', 'boolean'],
  ['stored_fields', 'strings'],
  ['docvalue_fields', 'objects'],
  ['fields', 'objects'],
  ['sort', 'objects'],
  ['script_fields', 'object'],
  ['highlight', 'object'],
  ['_source', 'source'],
  ['collapse', 'collapse'],
]);

/** The tokens each kind takes; any other (null among them) is `<name> doesn't support values of type: <TOKEN>`. */
const INNER_HITS_TOKENS: Readonly<Record<InnerHitsKind, readonly string[]>> = {
  name: ['VALUE_STRING'],
  boolean: ['VALUE_BOOLEAN', 'VALUE_STRING'],
  int: ['VALUE_NUMBER', 'VALUE_STRING'],
  strings: ['VALUE_STRING', 'START_ARRAY'],
  objects: ['START_OBJECT', 'START_ARRAY'],
  object: ['START_OBJECT'],
  source: ['START_OBJECT', 'START_ARRAY', 'VALUE_BOOLEAN', 'VALUE_STRING'],
  collapse: ['START_OBJECT'],
};

const INNER_HITS_SCOPE: FieldScope = {
  unknownCode: 'search.unknown-field',
  wrongTypeCode: 'search.wrong-type',
  searchBody: false,
};

/**
 * The `inner_hits` of a `nested`, `has_child` or `has_parent` query, as InnerHitBuilder's ObjectParser reads it: its
 * fields in order, the first it refuses ending the request (real 3.9.0 and 2.19.6; conformance cases
 * `cross/lists/inner-hits-options/*`). A name it does not know, or a token a field does not take, is refused in its
 * words; a value its reader refuses is wrapped (`[L:C] [inner_hits] failed to parse field [size]`) around the words
 * of that reader, the same as the search body's for `sort`, `_source`, `highlight` and the field lists, and a `from`
 * or `size` below 0 is refused by its setter. `sort` takes no text of its own there.
 */
export function checkInnerHitsOptions(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): void {
  for (const key in options) {
    const value = options[key];
    const at = path.child(key);
    const kind = INNER_HITS_KINDS.get(key);
    if (kind === undefined) {
      const replacements = suggestions(key, INNER_HITS_KINDS.keys());
      check.report(
        'search.unknown-field',
        check.unknownFieldText(at, 'inner_hits', key, INNER_HITS_KINDS.keys()),
        at,
        'key',
        replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
      );
      return;
    }
    const token = tokenOf(value);
    if (!INNER_HITS_TOKENS[kind].includes(token)) {
      check.report('search.wrong-type', check.unsupported(at, 'inner_hits', key, token), at);
      return;
    }
    if (innerHitsValueRefused(check, path, key, kind, value)) return;
  }
  // Read whole, its sort is built on each shard as the search's is.
  if (options.sort !== undefined) checkSortFields(check, options.sort, path.child('sort'));
}

/** Whether the reader of one field of `inner_hits` refused its value (reported, wrapped as ObjectParser wraps it). */
function innerHitsValueRefused(
  check: JsonCheck,
  path: ValuePath,
  key: string,
  kind: InnerHitsKind,
  value: unknown,
): boolean {
  if (kind === 'name' || kind === 'collapse') return false;
  const at = path.child(key);
  const read = (): void => {
    if (kind === 'int') {
      const n = intValue(check, at, value);
      if (n !== undefined && n < 0) {
        check.report('search.wrong-type', `illegal ${key} value, at least 0 or higher`, at);
      }
    } else if (kind === 'boolean') booleanValue(check, at, value);
    else if (key === 'highlight') checkHighlight(check, at, value as Record<string, unknown>, false);
    // An array of objects takes one object alone too (the search body's lists do not).
    else if (kind === 'objects' && key !== 'sort' && isRecord(value)) {
      checkFields(check, path, { [key]: [value] }, TOP_HITS_FIELDS, {}, INNER_HITS_SCOPE);
    } else checkFields(check, path, { [key]: value }, TOP_HITS_FIELDS, {}, INNER_HITS_SCOPE);
  };
  // A scalar's reader fails where its value stands; a reader of objects and lists where it stopped, which its own
  // words tell.
  const where = kind === 'int' || kind === 'boolean' ? `${check.where(at)} ` : '';
  return check.refusedWrapped(read, (message) => `${where}[inner_hits] failed to parse field [${key}]: ${message}`);
}

function checkFields(
  check: JsonCheck,
  base: ValuePath,
  body: Record<string, unknown>,
  fields: ReadonlyMap<string, BodyFieldSpec>,
  facts: SearchBodyFacts,
  scope: FieldScope,
): void {
  for (const key in body) {
    const value = body[key];
    const path = base.child(key);
    const spec = fields.get(key);
    const token = tokenOf(value);
    const rule =
      spec === undefined
        ? undefined
        : token === 'START_OBJECT'
          ? spec.object
          : token === 'START_ARRAY'
            ? spec.array
            : token === 'VALUE_NULL'
              ? undefined
              : spec.value;
    if (spec === undefined || rule === undefined) {
      const replacements = spec === undefined ? suggestions(key, fields.keys()) : [];
      check.report(
        spec === undefined ? scope.unknownCode : scope.wrongTypeCode,
        `Unknown key for a ${token} in [${key}].`,
        path,
        spec === undefined ? 'key' : 'value',
        replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
      );
      continue;
    }
    if (token === 'START_OBJECT') checkObject(check, path, spec, spec.object!, value as Record<string, unknown>, facts);
    else if (token === 'START_ARRAY') checkArray(check, path, spec, spec.array!, value as unknown[], facts);
    else checkValue(check, path, spec, spec.value!, value, facts, scope.searchBody);
  }
}

function checkValue(
  check: JsonCheck,
  path: ValuePath,
  spec: BodyFieldSpec,
  rule: BodyValueRule,
  value: unknown,
  facts: SearchBodyFacts,
  searchBody = true,
): void {
  switch (rule) {
    case 'int': {
      const n = intValue(check, path, value);
      if (n === undefined || !searchBody) return;
      if (spec.name === 'from') {
        if (n < 0) check.report('search.negative-from', `[from] parameter cannot be negative, found [${n}]`, path);
        facts.from = { value: n, path };
      } else if (spec.name === 'size') {
        if (n < 0) check.report('search.negative-size', `[size] parameter cannot be negative, found [${n}]`, path);
        facts.size = { value: n, path };
      }
      return;
    }
    case 'float':
      check.numberRefused(path, value);
      return;
    case 'boolean':
      booleanValue(check, path, value);
      return;
    case 'time': {
      const parsed = parseTimeValue(scalarText(value), 'timeout');
      if (parsed.error !== undefined) check.report('value.invalid-time', parsed.error, path);
      return;
    }
    case 'trackTotalHits': {
      if (typeof value === 'boolean' || value === 'true' || value === 'false') {
        const on = value === true || value === 'true';
        facts.trackTotalHits = { value: on ? TRACK_TOTAL_HITS_ACCURATE : TRACK_TOTAL_HITS_DISABLED, path };
        return;
      }
      const n = intValue(check, path, value);
      if (n !== undefined) facts.trackTotalHits = { value: n, path };
      return;
    }
    case 'source':
      if (typeof value === 'number') {
        // `FetchSourceContext.fromXContent` names every token it reads in 3.x; 2.x names only two of them (real 3.8.0
        // and 2.19.1; the 3.0 line is where its parser was rewritten).
        const expected =
          check.server.distribution === 'opensearch' &&
          compareVersions(check.server.version, { major: 3, minor: 0, patch: 0 }) < 0
            ? 'VALUE_BOOLEAN, START_OBJECT'
            : 'VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT';
        check.report('search.wrong-type', `Expected one of [${expected}] but found [VALUE_NUMBER]`, path);
      }
      return;
    case 'text':
      // A sort written as one name is a sort too (the rules across sections read it: sort with rescore).
      if (spec.name === 'sort') facts.sort = path;
      // StoredFieldsContext.fromXContent reads a string or an array of them (search body and top_hits alike).
      if (spec.name === 'stored_fields' && (typeof value === 'number' || typeof value === 'boolean')) {
        check.report(
          'search.wrong-type',
          `Expected [VALUE_STRING] or [START_ARRAY] in [stored_fields] but found [${typeof value === 'number' ? 'VALUE_NUMBER' : 'VALUE_BOOLEAN'}]`,
          path,
        );
      }
      return;
  }
}

function checkObject(
  check: JsonCheck,
  path: ValuePath,
  spec: BodyFieldSpec,
  rule: BodyObjectRule,
  value: Record<string, unknown>,
  facts: SearchBodyFacts,
): void {
  switch (rule) {
    case 'query':
      validateQueryContainer(check, path, value);
      return;
    case 'aggregations':
      // The structure rules walk the tree again only where they may report something.
      if (validateAggregations(check, path, value)) checkAggregationStructure(check, path, value, undefined);
      return;
    case 'sort':
      facts.sort = path;
      checkSortEntry(check, path, value);
      return;
    case 'indicesBoostObject':
      check.report(
        'search.deprecated',
        'Object format in indices_boost is deprecated, please use array format instead',
        path,
        'key',
      );
      for (const index of Object.keys(value)) {
        const boost = value[index];
        const token = tokenOf(boost);
        if (token === 'START_OBJECT' || token === 'START_ARRAY' || token === 'VALUE_NULL') {
          check.report('search.wrong-type', `Unknown key for a ${token} in [${index}].`, path.child(index));
        } else checkNumberText(check, path.child(index), boost);
      }
      return;
    case 'source':
      checkSourceObject(check, path, value);
      return;
    case 'any':
      if (spec.name === 'rescore') facts.rescore = path;
      if (spec.name === 'pit') facts.pit = path;
      // The search body's scripts are compiled only when it asks for hits (bodyRules.ts); top_hits' always.
      if (spec.name === 'script_fields') checkScriptFields(check, path, value, path.length !== 1);
      return;
  }
}

function checkArray(
  check: JsonCheck,
  path: ValuePath,
  spec: BodyFieldSpec,
  rule: BodyArrayRule,
  value: unknown[],
  facts: SearchBodyFacts,
): void {
  switch (rule) {
    case 'strings':
      value.forEach((item, i) => {
        const token = tokenOf(item);
        if (token !== 'VALUE_STRING') {
          check.report(
            'search.wrong-type',
            `Expected [VALUE_STRING] in [${spec.name}] but found [${token}]`,
            path.child(i),
          );
        }
      });
      return;
    case 'values': {
      facts.searchAfter = path;
      // SearchAfterBuilder reads each item as a value: a list or an object ends the request.
      const index = value.findIndex((item) => typeof item === 'object' && item !== null);
      if (index !== -1) {
        check.report(
          'search.wrong-type',
          `Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [${tokenOf(value[index])}] inside search_after.`,
          path.child(index),
        );
      }
      return;
    }
    case 'texts':
      // StoredFieldsContext.fromXContent reads each item's text: a number or a boolean as written, anything else fails
      // (HTTP 500; real 3.9.0 and 2.19.6, conformance cases `cross/body/forms/*`).
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item !== null && typeof item !== 'object') continue;
        const at = path.child(i);
        check.report('search.wrong-type', check.noText(at, tokenOf(item)), at);
        return;
      }
      return;
    case 'sort':
      facts.sort = path;
      checkSortValue(check, path, value);
      return;
    case 'any':
      if (spec.name === 'rescore' && value.length > 0) facts.rescore = path;
      if (spec.name === 'search_after') facts.searchAfter = path;
      return;
    case 'fieldAndFormat':
      checkFieldAndFormat(check, path, value);
      return;
    case 'source':
      checkStringList(check, path, value);
      return;
    case 'indicesBoost':
      checkIndicesBoostList(check, path, value);
      return;
  }
}

function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function numberToken(value: number): string {
  return Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
}

/** `XContentParser.intValue()`: numbers (truncated), numeric strings; booleans are refused by Jackson. */
function intValue(check: JsonCheck, path: ValuePath, value: unknown): number | undefined {
  if (typeof value === 'boolean') {
    check.report(
      'value.not-a-number',
      notNumericText(value ? 'VALUE_TRUE' : 'VALUE_FALSE', jacksonMajor(check.server)),
      path,
    );
    return undefined;
  }
  if (typeof value === 'number') {
    const beyond = intRangeRefusal(value, jacksonMajor(check.server));
    if (beyond !== undefined) check.report('value.out-of-range', beyond, path);
    return beyond === undefined ? Math.trunc(value) : undefined;
  }
  const text = scalarText(value);
  if (!isJavaDouble(text)) {
    check.report('value.not-a-number', numberTextError(text), path);
    return undefined;
  }
  const beyond = intRangeRefusal(text, jacksonMajor(check.server));
  if (beyond !== undefined) {
    check.report('value.out-of-range', beyond, path);
    return undefined;
  }
  // Java's (int) of NaN is 0.
  return Math.trunc(javaDoubleNumber(text) ?? 0) || 0;
}

/** `XContentParser.booleanValue()`: JSON booleans, and the strings "true"/"false" ("" is false). */
function booleanValue(check: JsonCheck, path: ValuePath, value: unknown): void {
  if (typeof value === 'number') {
    check.report('value.not-a-boolean', `Current token (${numberToken(value)}) not of boolean type`, path);
  } else if (typeof value === 'string' && value !== '') {
    const error = strictBooleanError(value);
    if (error !== undefined) check.report('value.not-a-boolean', error, path);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const SORT_MODES = ['min', 'max', 'sum', 'avg', 'median'];
/** The keys of a field sort object (`FieldSortBuilder`'s ObjectParser, `field_sort`); any other is refused. */
const FIELD_SORT_PARAMS = [
  'order',
  'mode',
  'missing',
  'unmapped_type',
  'numeric_type',
  'nested',
  'nested_path',
  'nested_filter',
];

const NUMERIC_TYPES = ['long', 'double', 'date', 'date_nanos'];
const SORT_ORDERS = ['asc', 'desc'];

/**
 * A field sort's options, read in order by its ObjectParser (`field_sort`): the first it refuses is reported (and
 * the return says so). `order`, `mode` and `numeric_type` are strings (any other token, null included, `doesn't
 * support values of type`) read in any case, an unknown one `failed to parse field [<name>]`; `unmapped_type` is a
 * string, `missing` any value but an object or an array (real 3.8.0, 2.19.1, 3.9.0 and 2.19.6; conformance cases
 * `cross/body/forms/*`, `cross/lists/sort/*`).
 */
function fieldSortOptions(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): boolean {
  for (const key in options) {
    const at = path.child(key);
    if (!FIELD_SORT_PARAMS.includes(key)) {
      const replacements = suggestions(key, FIELD_SORT_PARAMS);
      check.report(
        'search.unknown-field',
        check.unknownFieldText(at, 'field_sort', key, FIELD_SORT_PARAMS),
        at,
        'key',
        replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
      );
      return true;
    }
    const value = options[key];
    const kindRefused =
      key === 'missing'
        ? typeof value === 'object' && value !== null
        : key !== 'nested' && key !== 'nested_filter' && typeof value !== 'string';
    if (kindRefused) {
      check.report('search.wrong-type', check.unsupported(at, 'field_sort', key, tokenOf(value)), at);
      return true;
    }
    const allowed =
      key === 'order' ? SORT_ORDERS : key === 'mode' ? SORT_MODES : key === 'numeric_type' ? NUMERIC_TYPES : undefined;
    if (allowed === undefined || typeof value !== 'string') continue;
    if (!allowed.includes(value) && !allowed.includes(value.toLowerCase())) {
      check.report('search.wrong-type', `${check.where(at)} [field_sort] failed to parse field [${key}]`, at, 'value', {
        replacements: allowed.map((v) => JSON.stringify(v)),
      });
      return true;
    }
  }
  return false;
}

/** The sorts registered by name, each read by a parser of its own; any other name is a field sort. */
const NAMED_SORTS = new Set(['_score', '_script', '_geo_distance', '_geoDistance']);

/**
 * A sort as `SortBuilder.fromXContent` reads it, the body's and `bucket_sort`'s: an object is one entry, and a list's
 * items are entries or names; any other item ends the request.
 */
export function checkSortValue(check: JsonCheck, path: ValuePath, value: unknown): void {
  if (isRecord(value)) {
    checkSortEntry(check, path, value);
    return;
  }
  if (!Array.isArray(value)) return;
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (isRecord(entry)) checkSortEntry(check, path.child(i), entry);
    else if (typeof entry !== 'string') {
      check.report(
        'search.wrong-type',
        'malformed sort format, within the sort array, an object, or an actual string are allowed',
        path.child(i),
      );
      return;
    }
  }
}

/**
 * One sort entry, `{"<field>": "asc"}` or `{"<field>": {"order": ..., "mode": ...}}`, as `SortBuilder` reads each of
 * its fields: a string is an order for `SortOrder.fromString` (`No enum constant
 * org.opensearch.search.sort.SortOrder.UP`), whatever the name; any other value goes to the sort registered under the
 * name (`_score`, `_script`, `_geo_distance`), else to the field sort's ObjectParser (`field_sort`), which wants an
 * object and, finding something else, names the token after it (real 3.9.0 and 2.19.6; conformance cases
 * `cross/lists/sort/*`, `cross/body/sort-*`). `_script` and `_geo_distance` are left to their own parsers.
 */
function checkSortEntry(check: JsonCheck, path: ValuePath, entry: Record<string, unknown>): void {
  for (const field in entry) {
    const spec = entry[field];
    const at = path.child(field);
    if (typeof spec === 'string') {
      if (sortOrderRefused(check, at, spec)) return;
      continue;
    }
    if (field !== '_score' && NAMED_SORTS.has(field)) continue;
    const parser = field === '_score' ? '_score' : 'field_sort';
    // An array whose first item is an object: the parser steps into the array and reads that object.
    const options = Array.isArray(spec) && isRecord(spec[0]) ? spec[0] : spec;
    if (!isRecord(options)) {
      const next = Array.isArray(spec) ? check.tokenInList(at, spec, 0) : check.tokenAfter(at);
      if (next !== undefined) {
        check.report('search.wrong-type', `${next.where} [${parser}] Expected START_OBJECT but was: ${next.token}`, at);
      }
      return;
    }
    const optionsAt = options === spec ? at : at.child(0);
    const refused =
      parser === '_score' ? scoreSortOptions(check, optionsAt, options) : fieldSortOptions(check, optionsAt, options);
    if (refused) return;
  }
}

/** `_score`'s options (`ScoreSortBuilder`'s ObjectParser): `order` alone, a string. Returns whether it refused one. */
function scoreSortOptions(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): boolean {
  for (const key in options) {
    const at = path.child(key);
    if (key !== 'order') {
      check.report('search.unknown-field', `${check.where(at, 'key')} [_score] unknown field [${key}]`, at, 'key');
      return true;
    }
    const value = options[key];
    if (typeof value !== 'string') {
      check.report('search.wrong-type', check.unsupported(at, '_score', 'order', tokenOf(value)), at);
      return true;
    }
    if (sortOrderRefused(check, at, value)) return true;
  }
  return false;
}

/** An order read with `SortOrder.fromString`: `asc` or `desc` in any case, else refused. Whether it was. */
function sortOrderRefused(check: JsonCheck, at: ValuePath, order: string): boolean {
  if (isSortOrder(order)) return false;
  check.report(
    'search.wrong-type',
    `No enum constant org.opensearch.search.sort.SortOrder.${order.toUpperCase()}`,
    at,
    'value',
    {
      replacements: ['"asc"', '"desc"'],
    },
  );
  return true;
}
