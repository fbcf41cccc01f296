import { ValuePath } from '../json/valuePath';
// The rules of an intervals query as IntervalsSourceProvider reads them (docs/opensearch/query-dsl.md#intervals-rules):
// known rule names, each rule's parser with its own parameters and required one, the inner rules of any_of and
// all_of, and filters. Checked on real 3.8.0 and 2.19.1 (conformance cases `cross/query/intervals/*`).
import { isObject } from '../json/jsonSegment';
import { suggestions } from '../text/similarity';
import { compareVersions, NEWEST_KNOWN_VERSION, parseVersion } from '../../spec/versions';
import type { JsonCheck } from './jsonCheck';

/** Each rule's parser: its parameters, the one it requires first. */
const RULES: Readonly<Record<string, { readonly params: readonly string[]; readonly required: string }>> = {
  match: {
    params: ['query', 'max_gaps', 'ordered', 'mode', 'analyzer', 'filter', 'use_field'],
    required: 'query',
  },
  any_of: { params: ['intervals', 'filter'], required: 'intervals' },
  all_of: { params: ['ordered', 'mode', 'intervals', 'max_gaps', 'filter'], required: 'intervals' },
  prefix: { params: ['prefix', 'analyzer', 'use_field'], required: 'prefix' },
  wildcard: { params: ['pattern', 'analyzer', 'use_field', 'max_expansions'], required: 'pattern' },
  regexp: {
    params: ['pattern', 'flags', 'flags_value', 'use_field', 'max_expansions', 'case_insensitive'],
    required: 'pattern',
  },
  fuzzy: {
    params: ['term', 'prefix_length', 'transpositions', 'fuzziness', 'analyzer', 'use_field'],
    required: 'term',
  },
};

/** The names IntervalFilter reads an inner rule under (`script` takes a script). */
const FILTERS = new Set([
  'containing',
  'contained_by',
  'not_containing',
  'not_contained_by',
  'overlapping',
  'not_overlapping',
  'before',
  'after',
]);

/** The parser's message lists the rules of its first versions only: fuzzy is read, but not named. */
const UNKNOWN_TYPE_TAIL = 'expecting one of [match, any_of, all_of, prefix, wildcard, regexp]';

/**
 * Whether the target is one whose rules are known: 2.19.1, 3.8.0 and 3.9.0 refuse `range` as a rule (newer sources
 * declare it); for a target newer than the tables record, an unknown rule name is not judged.
 */
function rulesKnownAt(check: JsonCheck): boolean {
  return compareVersions(check.server.version, parseVersion(NEWEST_KNOWN_VERSION)!) <= 0;
}

/** The rule under a field of an intervals query (one name beside `_name` and `boost`; their count is checked elsewhere). */
export function checkIntervalRules(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): void {
  for (const key of Object.keys(options)) {
    if (key === '_name' || key === 'boost') continue;
    checkRule(check, path.child(key), key, options[key]);
  }
}

function checkRule(check: JsonCheck, path: ValuePath, name: string, body: unknown): void {
  const rule = RULES[name];
  if (rule === undefined) {
    if (rulesKnownAt(check)) {
      check.report('query.interval-rules', `Unknown interval type [${name}], ${UNKNOWN_TYPE_TAIL}`, path, 'key');
    }
    return;
  }
  // A value that is not an object is refused where the rule's name is read (queryRules.ts).
  if (!isObject(body)) return;
  for (const key of Object.keys(body)) {
    const at = path.child(key);
    if (!rule.params.includes(key)) {
      check.report(
        'query.unknown-parameter',
        check.unknownFieldText(at, name, key, rule.params),
        at,
        'key',
        replacements(key, rule.params),
      );
      continue;
    }
    const value = body[key];
    if (key === 'intervals' && Array.isArray(value)) {
      value.forEach((item, i) => {
        checkInnerRule(check, at.child(i), item);
      });
    } else if (key === 'intervals' && isObject(value)) {
      // An ObjectParser array of objects takes one object as its only item.
      checkInnerRule(check, at, value);
    } else if (key === 'filter' && isObject(value)) {
      checkFilter(check, at, value);
    }
  }
  if (!(rule.required in body)) check.report('query.missing-parameter', `Required [${rule.required}]`, path, 'key');
}

function replacements(key: string, known: readonly string[]): { replacements: string[] } | undefined {
  const near = suggestions(key, known);
  return near.length > 0 ? { replacements: near.map((r) => JSON.stringify(r)) } : undefined;
}

/** An object holding exactly one rule: an item of `intervals`, or what a filter names. */
function checkInnerRule(check: JsonCheck, path: ValuePath, value: unknown): void {
  if (!isObject(value)) return;
  const keys = Object.keys(value);
  const first = keys[0];
  if (first === undefined) {
    check.report('query.interval-rules', 'Expected [FIELD_NAME] but got [END_OBJECT]', path);
    return;
  }
  checkRule(check, path.child(first), first, value[first]);
  if (keys[1] !== undefined) {
    check.report('query.interval-rules', 'Expected [END_OBJECT] but got [FIELD_NAME]', path.child(keys[1]), 'key');
  }
}

/** IntervalFilter: one filter name and its rule; an unknown name is read, then refused when the query is built. */
function checkFilter(check: JsonCheck, path: ValuePath, filter: Record<string, unknown>): void {
  const keys = Object.keys(filter);
  const first = keys[0];
  if (first === undefined) {
    check.report('query.interval-rules', 'Expected [FIELD_NAME] but got [END_OBJECT]', path);
    return;
  }
  if (first !== 'script') {
    if (!FILTERS.has(first)) {
      check.report(
        'query.interval-rules',
        `failed to create query: Unknown filter type [${first}]`,
        path.child(first),
        'key',
      );
    }
    checkInnerRule(check, path.child(first), filter[first]);
  }
  if (keys[1] !== undefined) {
    check.report('query.interval-rules', 'Expected [END_OBJECT] but got [FIELD_NAME]', path.child(keys[1]), 'key');
  }
}
