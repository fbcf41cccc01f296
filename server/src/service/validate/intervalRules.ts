import { ValuePath } from '../json/valuePath';
// The rules of an intervals query as IntervalsSourceProvider reads them (docs/opensearch/query-dsl.md#intervals-rules):
// known rule names, each rule's parser with its own parameters and required one, the inner rules of any_of and
// all_of, and filters. Checked on real 3.8.0 and 2.19.1 (conformance cases `cross/query/intervals/*`).
import { isObject, tokenOf } from '../json/jsonSegment';
import { intRangeRefusal, isJavaDouble, textBooleanError } from './values';
import { jacksonMajor } from '../target';
import { flagsError, fuzzinessError } from './queryMessages';
import { suggestions } from '../text/similarity';
import { compareVersions, NEWEST_KNOWN_VERSION, parseVersion } from '../../spec/versions';
import type { JsonCheck } from './jsonCheck';

/** How each rule's ObjectParser reads a parameter: the tokens it takes, and what it reads of a text. */
type ParamKind = 'string' | 'int' | 'boolean' | 'object' | 'objects' | 'fuzziness';
const PARAM_KINDS: Readonly<Record<string, ParamKind>> = {
  query: 'string',
  max_gaps: 'int',
  ordered: 'boolean',
  mode: 'string',
  analyzer: 'string',
  filter: 'object',
  use_field: 'string',
  intervals: 'objects',
  prefix: 'string',
  pattern: 'string',
  max_expansions: 'int',
  flags: 'string',
  flags_value: 'int',
  case_insensitive: 'boolean',
  term: 'string',
  prefix_length: 'int',
  transpositions: 'boolean',
  fuzziness: 'fuzziness',
};
const KIND_TOKENS: Readonly<Record<ParamKind, readonly string[]>> = {
  string: ['VALUE_STRING'],
  int: ['VALUE_NUMBER', 'VALUE_STRING'],
  boolean: ['VALUE_BOOLEAN', 'VALUE_STRING'],
  object: ['START_OBJECT'],
  objects: ['START_OBJECT', 'START_ARRAY'],
  fuzziness: ['VALUE_STRING', 'VALUE_NUMBER', 'VALUE_BOOLEAN', 'VALUE_NULL'],
};

/** The modes of `match` and `all_of` (`IntervalMode`). */
const MODES = ['ordered', 'unordered', 'unordered_no_overlap'];

/**
 * What a rule's ObjectParser refuses of one parameter's value: a token its kind does not take (`[L:C] [match] max_gaps
 * doesn't support values of type: START_OBJECT`, null among them), a text an int or boolean reader cannot read, a
 * fuzziness that is no number nor `AUTO` (`[L:C] [match] failed to parse field [max_gaps]`). Real 3.9.0 and 2.19.6,
 * conformance cases `cross/lists/values/intervals-*`.
 */
function paramRefusal(check: JsonCheck, at: ValuePath, rule: string, key: string, value: unknown): string | undefined {
  const kind = PARAM_KINDS[key];
  if (kind === undefined) return undefined;
  const token = tokenOf(value);
  if (!KIND_TOKENS[kind].includes(token)) {
    return check.unsupported(at, rule, key, token);
  }
  if (kind === 'fuzziness' && (value === null || typeof value === 'boolean')) {
    return `${check.where(at)} [${rule}] failed to parse field [${key}]: Can't parse fuzziness on token: [${token}]`;
  }
  const beyond = kind === 'int' ? intRangeRefusal(value, jacksonMajor(check.server)) : undefined;
  if (beyond !== undefined) return `${check.where(at)} [${rule}] failed to parse field [${key}]: ${beyond}`;
  if (typeof value !== 'string') return undefined;
  // The builder, once the required parameter is read, reads the mode and the flags.
  const built = `Failed to build [${rule}] after last required field arrived: `;
  if (key === 'mode' && !MODES.includes(value)) return `${built}no mode can be parsed from ordinal ${value}`;
  const flags = key === 'flags' ? flagsError('regexp', value) : undefined;
  if (flags !== undefined) return built + flags;
  const unreadable =
    (kind === 'int' && !isJavaDouble(value)) ||
    (kind === 'boolean' && textBooleanError(value) !== undefined) ||
    (kind === 'fuzziness' && fuzzinessError(value) !== undefined);
  return unreadable ? `${check.where(at)} [${rule}] failed to parse field [${key}]` : undefined;
}

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
    const refusal = paramRefusal(check, at, name, key, value);
    if (refusal !== undefined) {
      check.report('query.wrong-type', refusal, at);
      return;
    }
    if (key === 'intervals' && Array.isArray(value)) {
      // An item that is no object is passed over to the next token: the list's end is then refused.
      const last: unknown = value[value.length - 1];
      if (value.length > 0 && !isObject(last)) {
        check.report(
          'query.wrong-type',
          `${check.where(at)} [${name}] failed to parse field [intervals]: Expected [FIELD_NAME] but got [END_ARRAY]`,
          at.child(value.length - 1),
        );
        return;
      }
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
