// The options of search body sections that parsers of their own read by kind: `_source` as an object or a list,
// `indices_boost`, `script_fields`, the `fields` and `docvalue_fields` entries, the `query` rescorer, the term, phrase
// and completion suggesters, and the texts of `minimum_should_match`. Each rule and its words were recorded on real
// 3.8.0 and 2.19.1 (docs/opensearch/search.md#section-options; conformance cases `cross/body/forms/*`).
import { isObject, tokenOf } from '../json/jsonSegment';
import type { ValuePath } from '../json/valuePath';
import type { JsonCheck } from './jsonCheck';
import { isJavaDouble, javaTrim, numberTextError, parseJavaInt, textBooleanError } from './values';
import { shardFailureText } from './msearchItems';
import { compileRefused, scriptValueRefused } from './scripts';
import { holdsAt } from '../../spec/versions';

/**
 * `_source` as an object (`FetchSourceContext.fromXContent`): `includes`/`include` and `excludes`/`exclude`, each a
 * string or a list of strings. Any other token under them, and any other name, is `Unknown key for a <TOKEN> in
 * [<name>].`; a list item that is not a string is the same with the name `null`.
 */
export function checkSourceObject(check: JsonCheck, path: ValuePath, source: Record<string, unknown>): void {
  for (const key in source) {
    const value = source[key];
    const at = path.child(key);
    const known = key === 'includes' || key === 'include' || key === 'excludes' || key === 'exclude';
    if (known && typeof value === 'string') continue;
    if (known && Array.isArray(value)) {
      if (checkStringList(check, at, value, key)) return;
      continue;
    }
    check.report('search.wrong-type', `Unknown key for a ${tokenOf(value)} in [${key}].`, at);
    return;
  }
}

/**
 * A list of `_source` names: strings only. From 3.7.0 (`FetchSourceContext.parseSourceFieldArray` of the release
 * artifacts) an item of another kind is `Unknown key for a <TOKEN> in [null].`; before, an item of `includes` or
 * `excludes` is refused naming its list, and an item of `_source` itself is read as text, a number or boolean taken,
 * anything else `Can't get text on a <TOKEN> at <L:C>` (real 3.8.0 and 2.19.1). `key` is the list's name, undefined
 * for `_source` itself.
 */
export function checkStringList(check: JsonCheck, path: ValuePath, list: readonly unknown[], key?: string): boolean {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item === 'string') continue;
    const strict = holdsAt(STRICT_SOURCE_LISTS, check.server.version) && check.server.distribution === 'opensearch';
    const token = tokenOf(item);
    const at = path.child(i);
    if (strict || key !== undefined) {
      check.report('search.wrong-type', `Unknown key for a ${token} in [${strict ? 'null' : key}].`, at);
      return true;
    }
    if (typeof item === 'number' || typeof item === 'boolean') continue;
    check.report('search.wrong-type', check.noText(at, token), at);
    return true;
  }
  return false;
}

const STRICT_SOURCE_LISTS = { since: '3.7.0' };

/**
 * `indices_boost` as a list: each item an object of one index and its boost, a JSON number (a numeric string is
 * refused too).
 */
export function checkIndicesBoostList(check: JsonCheck, path: ValuePath, list: readonly unknown[]): void {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const at = path.child(i);
    if (!isObject(item)) {
      check.report('search.wrong-type', `Expected [START_OBJECT] in [null] but found [${tokenOf(item)}]`, at);
      return;
    }
    let seen = false;
    if (Object.keys(item).length === 0) {
      check.report('search.wrong-type', 'Expected [FIELD_NAME] in [indices_boost] but found [END_OBJECT]', at);
      return;
    }
    for (const index in item) {
      if (seen) {
        check.report(
          'search.wrong-type',
          'Expected [END_OBJECT] in [indices_boost] but found [FIELD_NAME]',
          at.child(index),
          'key',
        );
        return;
      }
      seen = true;
      const boost = item[index];
      if (typeof boost !== 'number') {
        check.report(
          'search.wrong-type',
          `Expected [VALUE_NUMBER] in [indices_boost] but found [${tokenOf(boost)}]`,
          at.child(index),
        );
        return;
      }
    }
  }
}

/**
 * A value read as a number from any token's text (a boost of the deprecated `indices_boost` object, the rescorer's
 * `window_size`, `field_value_factor`'s `factor` and `missing`): a text must be a number. Whether it reported.
 */
export function checkNumberText(check: JsonCheck, at: ValuePath, value: unknown): boolean {
  if (typeof value !== 'string' || isJavaDouble(value)) return false;
  check.report('value.not-a-number', numberTextError(value), at);
  return true;
}

/**
 * The scripts of `script_fields` that Painless cannot compile. A search compiles them only when it asks for hits
 * (`size` not 0), so the rules between sections check them then (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance
 * cases `cross/lists/section/script-fields-*`); top_hits' always (checkScriptFields).
 */
export function checkScriptFieldsCompile(check: JsonCheck, path: ValuePath, fields: Record<string, unknown>): void {
  for (const name in fields) {
    const entry = fields[name];
    if (isObject(entry) && (isObject(entry.script) || typeof entry.script === 'string')) {
      compileRefused(check, path.child(name).child('script'), entry.script, 'search.wrong-type');
    }
  }
}

/**
 * `script_fields`: each entry an object (`Expected [START_OBJECT] in [<name>] but found [<TOKEN>]`) with `script` and
 * `ignore_failure` (a boolean, or its text); another name is `Unknown key for a <TOKEN> in [<name>].`; and (`compiled`)
 * their scripts as each shard compiles them. An entry without a script fails every shard whatever the size: the
 * request to the shards cannot be written.
 */
export function checkScriptFields(
  check: JsonCheck,
  path: ValuePath,
  fields: Record<string, unknown>,
  compiled = true,
): void {
  for (const name in fields) {
    const entry = fields[name];
    const at = path.child(name);
    if (!isObject(entry)) {
      check.report('search.wrong-type', `Expected [START_OBJECT] in [${name}] but found [${tokenOf(entry)}]`, at);
      return;
    }
    for (const key in entry) {
      const value = entry[key];
      if (key === 'script') {
        if (Array.isArray(value) || value === null) {
          // The entry's parser reads a script from an object or a text; any other token is an unknown key.
          check.report('search.wrong-type', `Unknown key for a ${tokenOf(value)} in [script].`, at.child(key));
          return;
        }
        if (scriptValueRefused(check, at.child(key), value, 'search.wrong-type', compiled)) return;
        continue;
      }
      if (key === 'ignore_failure') {
        if (typeof value === 'number') {
          const token = Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
          check.report('value.not-a-boolean', `Current token (${token}) not of boolean type`, at.child(key));
          return;
        }
        if (typeof value === 'string' && textBooleanError(value) !== undefined) {
          check.report(
            'value.not-a-boolean',
            `Failed to parse value [${value}] as only [true] or [false] are allowed.`,
            at.child(key),
          );
          return;
        }
        continue;
      }
      check.report('search.wrong-type', `Unknown key for a ${tokenOf(value)} in [${key}].`, at.child(key), 'key');
      return;
    }
    if (!('script' in entry)) {
      check.reportItemFailure(
        'search.wrong-type',
        shardFailureText(
          `[${name}] has no [script]`,
          'Cannot invoke "org.opensearch.script.Script.writeTo(org.opensearch.core.common.io.stream.StreamOutput)" because "this.script" is null',
        ),
        at,
        'key',
      );
      return;
    }
  }
}

const FIELD_AND_FORMAT = ['field', 'format', 'include_unmapped'];

/**
 * An entry of `fields` or `docvalue_fields` written as an object (`FieldAndFormat`, ObjectParser `docvalues_field`):
 * `field` and `format` strings, `include_unmapped`; `field` is required.
 */
export function checkFieldAndFormat(check: JsonCheck, path: ValuePath, list: readonly unknown[]): void {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    const at = path.child(i);
    if (Array.isArray(item) && isObject(item[0])) {
      // The parser steps into the list and reads its object; the list's end then ends the section's loop, and the
      // body's loop meets the section's own end (real 3.9.0 and 2.19.6; conformance cases `cross/lists/section/*`,
      // `cross/lists/more/docvalue-*`).
      if (fieldAndFormatRefused(check, at.child(0), item[0])) return;
      check.report('search.wrong-type', `Unknown key for a END_ARRAY in [${String(path.key())}].`, at);
      return;
    }
    if (item === null) {
      // The object parser looks for the object at the next token: an object right after the null is read so.
      const after = check.tokenInList(path, list, i + 1);
      if (after.token === 'START_OBJECT') continue;
      check.report(
        'search.wrong-type',
        `${after.where} [docvalues_field] Expected START_OBJECT but was: ${after.token}`,
        at,
      );
      return;
    }
    if (Array.isArray(item)) {
      const next = check.tokenInList(at, item, 0);
      check.report(
        'search.wrong-type',
        `${next.where} [docvalues_field] Expected START_OBJECT but was: ${next.token}`,
        at,
      );
      return;
    }
    if (isObject(item) && fieldAndFormatRefused(check, at, item)) return;
  }
}

/** One object of `docvalue_fields` or `fields` (`FieldAndFormat`'s parser); whether it refused it. */
function fieldAndFormatRefused(check: JsonCheck, at: ValuePath, item: Record<string, unknown>): boolean {
  for (const key in item) {
    const value = item[key];
    if (!FIELD_AND_FORMAT.includes(key)) {
      check.report(
        'search.unknown-field',
        check.unknownFieldText(at.child(key), 'docvalues_field', key, FIELD_AND_FORMAT),
        at.child(key),
        'key',
      );
      return true;
    }
    // `format` takes null (no format); `field` does not.
    if ((key === 'field' || (key === 'format' && value !== null)) && typeof value !== 'string') {
      const where = check.where(at.child(key));
      check.report(
        'search.wrong-type',
        `${where} [docvalues_field] ${key} doesn't support values of type: ${tokenOf(value)}`,
        at.child(key),
      );
      return true;
    }
  }
  if (!('field' in item)) {
    check.report('search.wrong-type', 'Required [field]', at);
    return true;
  }
  return false;
}

const RESCORE_OPTIONS = ['rescore_query', 'query_weight', 'rescore_query_weight', 'score_mode'];
const SCORE_MODES = ['total', 'multiply', 'avg', 'max', 'min'];

/**
 * The `query` rescorer (`QueryRescorerBuilder`, ObjectParser `query`), read member by member: its weights are floats,
 * `score_mode` one of total, multiply, avg, max, min in any case, another name is `unknown field`, and `rescore_query`
 * is read by the query parser where it stands (`queryRefused`: whether that parser refused it), before the members
 * after it (real 3.9.0 and 2.19.6; conformance cases `cross/lists/section/rescore-query-*`). Whether it reported.
 */
export function checkQueryRescorer(
  check: JsonCheck,
  path: ValuePath,
  rescorer: Record<string, unknown>,
  queryRefused: (at: ValuePath, query: Record<string, unknown>) => boolean,
): boolean {
  for (const key in rescorer) {
    const value = rescorer[key];
    const at = path.child(key);
    if (!RESCORE_OPTIONS.includes(key)) {
      check.report('search.unknown-field', check.unknownFieldText(at, 'query', key, RESCORE_OPTIONS), at, 'key');
      return true;
    }
    if (key === 'rescore_query' && isObject(value)) {
      if (queryRefused(at, value)) return true;
      continue;
    }
    if (key === 'rescore_query') {
      // Read as a query (validated with the body's rules, bodyRules.ts), so an object only.
      check.report('search.wrong-type', check.unsupported(at, 'query', 'rescore_query', tokenOf(value)), at);
      return true;
    }
    if (key === 'query_weight' || key === 'rescore_query_weight') {
      const token = tokenOf(value);
      if (token === 'VALUE_BOOLEAN' || token === 'START_OBJECT' || token === 'START_ARRAY' || value === null) {
        check.report('search.wrong-type', check.unsupported(at, 'query', key, token), at);
        return true;
      }
      if (typeof value === 'string' && !isJavaDouble(value)) {
        check.report('search.wrong-type', `${check.where(at)} [query] failed to parse field [${key}]`, at);
        return true;
      }
    }
    if (key === 'score_mode' && typeof value === 'string' && !SCORE_MODES.includes(value.toLowerCase())) {
      check.report('search.wrong-type', `${check.where(at)} [query] failed to parse field [score_mode]`, at);
      return true;
    }
  }
  return false;
}

/**
 * `Queries.calculateMinShouldMatch` for `optional` clauses: what it throws, or undefined when it reads the text. The
 * text is trimmed; with a `<` in it, blanks around each `<` are dropped and the conditions split on spaces (Java's
 * `split`: empty parts kept, trailing ones dropped); each condition's bound is read, and its value only when there are
 * more clauses than the bound, so `2<-25%x` runs with two clauses and `<2` never does. A value ending in `%` loses its
 * last character. Numbers are read by `Integer.parseInt` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/body/forms/*`, `cross/lists/shard/msm-*`).
 */
export function minimumShouldMatchError(spec: string, optional: number): string | undefined {
  const text = javaTrim(spec);
  if (!text.includes('<')) {
    const number = text.includes('%') ? text.slice(0, -1) : text;
    return parseJavaInt(number) === undefined ? `For input string: "${number}"` : undefined;
  }
  for (const condition of javaSplit(closeLessThan(text), ' ')) {
    const parts = javaSplit(condition, '<');
    if (parts[0] === undefined) return 'Index 0 out of bounds for length 0';
    const bound = parseJavaInt(parts[0]);
    if (bound === undefined) return `For input string: "${parts[0]}"`;
    if (optional <= bound) return undefined;
    const value = parts[1];
    if (value === undefined) return `Index 1 out of bounds for length ${parts.length}`;
    const wrong = minimumShouldMatchError(value, optional);
    if (wrong !== undefined) return wrong;
  }
  return undefined;
}

/** Java's whitespace (`\\s`): space, tab, line feed, vertical tab, form feed, carriage return. */
const JAVA_BLANK = ' \t\n\v\f\r';

/** The text with the blanks around each `<` dropped (the pattern `(\\s+<\\s*)|(\\s*<\\s+)` replaced by `<`). */
function closeLessThan(text: string): string {
  const parts = text.split('<');
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i]!;
    let end = part.length;
    if (i < parts.length - 1) while (end > 0 && JAVA_BLANK.includes(part[end - 1]!)) end--;
    let start = 0;
    if (i > 0) while (start < end && JAVA_BLANK.includes(part[start]!)) start++;
    part = part.slice(start, end);
    parts[i] = part;
  }
  return parts.join('<');
}

/** Java's `String.split` with no limit: empty parts kept, trailing ones dropped; a text without the separator is one. */
function javaSplit(text: string, separator: string): string[] {
  if (!text.includes(separator)) return [text];
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

const FIELD_VALUE_FACTOR = ['field', 'factor', 'missing', 'modifier'];
const MODIFIERS = ['none', 'log', 'log1p', 'log2p', 'ln', 'ln1p', 'ln2p', 'square', 'sqrt', 'reciprocal'];

/**
 * A `field_value_factor` function (`FieldValueFactorFunctionBuilder.fromXContent`): `factor` and `missing` read as
 * numbers, `modifier` one of its names in any case (`No enum constant ...Modifier.<NAME>`), any other name `field_value_factor
 * query does not support [<name>]`.
 */
export function checkFieldValueFactor(
  check: JsonCheck,
  path: ValuePath,
  options: Record<string, unknown>,
  /** Whether the function is an entry of `functions` (else written in place, alone). */
  inList: boolean,
): void {
  let field = false;
  for (const key in options) {
    const value = options[key];
    const at = path.child(key);
    if (key === 'factor' && typeof value === 'object' && value !== null) {
      check.report('query.wrong-type', "[field_value_factor] field 'factor' does not support lists or objects", at);
      return;
    }
    // An object is stepped over, and its end ends the function's loop there (in the body read again, the text `{`
    // stands for that object: earlyEnd.ts). Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
    // `cross/lists/more/fvf-*`.
    if (isObject(value) || value === '{') {
      if (!field) {
        check.report('query.missing-parameter', "[field_value_factor] required field 'field' missing", path, 'key');
      } else if (inList) {
        check.report(
          'query.wrong-type',
          'failed to parse [START_OBJECT]. malformed query, expected a [END_OBJECT] while parsing functions but got a [function_score] instead',
          at,
        );
      } else if (isObject(value)) check.reportEarlyEnd(at);
      return;
    }
    // A null is skipped; the parser steps over a list's brackets and reads the values inside under its name (an empty
    // one is nothing).
    if (value === null) continue;
    if (Array.isArray(value)) {
      const values = value.flat(Infinity).filter((item) => item !== null && typeof item !== 'object');
      if (values.length === 0) continue;
      if (key === 'factor' || key === 'missing') {
        if (values.some((item) => check.numberRefused(at, item))) return;
        continue;
      }
    }
    if (key === 'field') field = true;
    if (!FIELD_VALUE_FACTOR.includes(key)) {
      check.report('query.unknown-parameter', `field_value_factor query does not support [${key}]`, at, 'key');
      return;
    }
    if ((key === 'factor' || key === 'missing') && check.numberRefused(at, value)) return;
    if (key === 'modifier' && typeof value === 'string' && !MODIFIERS.includes(value.toLowerCase())) {
      check.report(
        'query.invalid-value',
        `No enum constant org.opensearch.common.lucene.search.function.FieldValueFactorFunction.Modifier.${value.toUpperCase()}`,
        at,
        'value',
        { replacements: MODIFIERS.map((m) => JSON.stringify(m)) },
      );
      return;
    }
  }
  // After the loop (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/more/field-value-factor-*`).
  if (!field) {
    check.report('query.missing-parameter', "[field_value_factor] required field 'field' missing", path, 'key');
  }
}
