import { ValuePath } from '../json/valuePath';
// The `suggest` section, read as its hand-written parsers read it (docs/opensearch/search.md#suggest; real 3.9.0,
// 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/suggest/*`):
// - `SuggestBuilder.fromXContent`: a global `text` among values, one object per suggestion; any other value is
//   `[suggest] does not support [<name>]`, any other token `unexpected token [<TOKEN>] after [<name>]`.
// - `SuggestionBuilder.fromXContent`: `text`, `prefix` and `regex` among values, an object as the suggester looked up
//   by its name. It reads token by token: the brackets of a list and a null are passed over, so the values and objects
//   inside a list are read as if written under its name.
// - the term and phrase suggesters' own loops: each value by its name, each object or list by its name, anything
//   else refused in their words; then their builders' checks, and the field they need.
import { isObject, tokenOf } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { shardFailureText } from './msearchItems';
import { jacksonMajor } from '../target';
import { intRangeRefusal, textBooleanError } from './values';

/** The suggesters core registers. */
const SUGGESTERS = ['term', 'phrase', 'completion'];
const SUGGESTION_TEXTS = ['text', 'prefix', 'regex'];

export function checkSuggest(check: JsonCheck, path: ValuePath, suggest: Record<string, unknown>): void {
  if (suggestRefused(check, path, suggest)) return;
  // Each shard gives each suggestion its text, or the global one: without either, it fails.
  if (isScalar(suggest.text)) return;
  for (const key in suggest) {
    const suggestion = suggest[key];
    if (!isObject(suggestion) || writesText(suggestion)) continue;
    check.reportItemFailure(
      'search.wrong-type',
      shardFailureText('[suggest] needs a text, its own or a global one', 'The required text option is missing'),
      path.child(key),
      'key',
    );
    return;
  }
}

/** Whether the section's parsers refused it (reported). */
function suggestRefused(check: JsonCheck, path: ValuePath, suggest: Record<string, unknown>): boolean {
  for (const key in suggest) {
    const value = suggest[key];
    const at = path.child(key);
    if (isObject(value)) {
      if (suggestionRefused(check, at, value)) return true;
      continue;
    }
    if (isScalar(value)) {
      if (key === 'text') continue;
      check.report('search.unknown-field', `[suggest] does not support [${key}]`, at, 'key');
      return true;
    }
    check.report('search.wrong-type', `unexpected token [${tokenOf(value)}] after [${key}]`, at);
    return true;
  }
  return false;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** A value or an object of a suggestion, as its parser meets it: under the name it was written under. */
interface Met {
  readonly key: string;
  readonly at: ValuePath;
  readonly value: unknown;
}

/** What the suggestion's parser meets under one name: the value itself, or what a list holds, its brackets passed over. */
function metUnder(key: string, at: ValuePath, value: unknown, out: Met[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      metUnder(key, at.child(i), item, out);
    });
  } else if (value !== null) out.push({ key, at, value });
}

/** Whether a suggestion gives a `text`, `prefix` or `regex` (inside a list too, as its parser reads them). */
function writesText(suggestion: Record<string, unknown>): boolean {
  return SUGGESTION_TEXTS.some((name) => {
    const met: Met[] = [];
    metUnder(name, ValuePath.ROOT, suggestion[name], met);
    return met.some((m) => isScalar(m.value));
  });
}

/** Whether a suggestion's parser refused it (reported). */
function suggestionRefused(check: JsonCheck, path: ValuePath, suggestion: Record<string, unknown>): boolean {
  const met: Met[] = [];
  for (const key in suggestion) metUnder(key, path.child(key), suggestion[key], met);
  let suggester = false;
  for (const { key, at, value } of met) {
    if (isObject(value)) {
      if (!SUGGESTERS.includes(key)) {
        check.report('search.unknown-field', `${check.where(at)} unknown field [${key}]`, at, 'key', {
          replacements: SUGGESTERS.map((s) => JSON.stringify(s)),
        });
        return true;
      }
      if (suggesterRefused(check, at, key, value)) return true;
      suggester = true;
    } else if (!SUGGESTION_TEXTS.includes(key)) {
      check.report('search.unknown-field', `suggestion does not support [${key}]`, at, 'key');
      return true;
    }
  }
  if (!suggester) {
    check.report('search.wrong-type', 'missing suggestion object', path, 'key');
    return true;
  }
  return false;
}

/** How a suggester's loop reads each of its values. */
type Reader = 'text' | 'int' | 'float' | 'boolean';

const COMMON_VALUES: Readonly<Record<string, Reader>> = {
  analyzer: 'text',
  field: 'text',
  size: 'int',
  shard_size: 'int',
};
const TERM_VALUES: Readonly<Record<string, Reader>> = {
  ...COMMON_VALUES,
  suggest_mode: 'text',
  accuracy: 'float',
  sort: 'text',
  string_distance: 'text',
  max_edits: 'int',
  max_inspections: 'int',
  max_term_freq: 'float',
  prefix_length: 'int',
  min_word_length: 'int',
  min_doc_freq: 'float',
};
const PHRASE_VALUES: Readonly<Record<string, Reader>> = {
  ...COMMON_VALUES,
  real_word_error_likelihood: 'float',
  confidence: 'float',
  separator: 'text',
  max_errors: 'float',
  gram_size: 'int',
  force_unigrams: 'boolean',
  token_limit: 'int',
};
const PHRASE_OBJECTS = ['smoothing', 'highlight', 'collate'];

/** Whether a suggester's parser or builder refused its options (reported). */
function suggesterRefused(
  check: JsonCheck,
  path: ValuePath,
  suggester: string,
  options: Record<string, unknown>,
): boolean {
  if (suggester === 'completion') return suggesterOptionRefused(check, path, suggester, options);
  const values = suggester === 'term' ? TERM_VALUES : PHRASE_VALUES;
  for (const key in options) {
    const value = options[key];
    const at = path.child(key);
    if (isScalar(value)) {
      const reader = values[key];
      if (reader === undefined) {
        check.report('search.unknown-field', `suggester[${suggester}] doesn't support field [${key}]`, at, 'key');
        return true;
      }
      if (readerRefused(check, at, reader, value)) return true;
      // The builder's setter takes the value as the loop reads it: its refusal comes before what follows.
      const refusal = optionValueRefusal(check, at, suggester, key, value);
      if (refusal !== undefined) {
        check.report('search.wrong-type', refusal, at);
        return true;
      }
      continue;
    }
    if (suggester === 'term') {
      check.report('search.wrong-type', `suggester[term] parsing failed on [${key}]`, at);
      return true;
    }
    if (phraseMemberRefused(check, at, key, value)) return true;
  }
  if (suggesterOptionRefused(check, path, suggester, options)) return true;
  const field = options.field;
  if (!isScalar(field)) {
    check.report('search.wrong-type', 'the required field option [field] is missing', path, 'key');
    return true;
  }
  if (field === '') {
    check.report('search.wrong-type', 'suggestion field name is empty', path.child('field'));
    return true;
  }
  return false;
}

/** A value of a suggester read by `intValue()`, `floatValue()` or `booleanValue()`: what it refuses. */
function readerRefused(check: JsonCheck, at: ValuePath, reader: Reader, value: string | number | boolean): boolean {
  if (reader === 'text') return false;
  if (reader === 'boolean') {
    if (typeof value === 'number') {
      const token = Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
      check.report('value.not-a-boolean', `Current token (${token}) not of boolean type`, at);
      return true;
    }
    const error = typeof value === 'string' ? textBooleanError(value) : undefined;
    if (error !== undefined) check.report('value.not-a-boolean', error, at);
    return error !== undefined;
  }
  if (check.numberRefused(at, value)) return true;
  if (reader === 'int') {
    const beyond = intRangeRefusal(value, jacksonMajor(check.server));
    if (beyond !== undefined) {
      check.report('value.out-of-range', beyond, at);
      return true;
    }
  }
  return false;
}

/**
 * An object or a list of the phrase suggester (its loop's branches): a list of `direct_generator` objects
 * (directGeneratorsRefused); `smoothing`, `highlight`, `collate` objects; anything else refused, an object in the
 * words of an array field. Whether it refused.
 */
function phraseMemberRefused(check: JsonCheck, at: ValuePath, key: string, value: unknown): boolean {
  if (Array.isArray(value)) {
    if (key === 'direct_generator') return directGeneratorsRefused(check, at, value);
    check.report('search.wrong-type', `suggester[phrase]  doesn't support array field [${key}]`, at);
    return true;
  }
  if (isObject(value) && PHRASE_OBJECTS.includes(key)) return false;
  phraseTokenRefused(check, key, isObject(value) ? 'object' : 'other', at, 'key');
  return true;
}

/** What the phrase suggester's loop says of a token it meets under `key`: an object, or a value or a list's end. */
function phraseTokenRefused(
  check: JsonCheck,
  key: string,
  token: 'object' | 'other',
  at: ValuePath,
  target: 'key' | 'value' = 'value',
): void {
  if (token === 'object') {
    check.report('search.wrong-type', `suggester[phrase]  doesn't support array field [${key}]`, at);
  } else check.report('search.unknown-field', `suggester[phrase] doesn't support field [${key}]`, at, target);
}

/** A token of a `direct_generator` list, with the place of what it starts or stands for (a list's end: that list). */
interface GeneratorToken {
  readonly kind: 'start' | 'end' | 'object' | 'value';
  readonly value: unknown;
  readonly at: ValuePath;
}

function generatorTokens(list: readonly unknown[], at: ValuePath, out: GeneratorToken[]): void {
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const itemAt = at.child(i);
    if (Array.isArray(item)) {
      out.push({ kind: 'start', value: item, at: itemAt });
      generatorTokens(item, itemAt, out);
    } else out.push({ kind: isObject(item) ? 'object' : 'value', value: item, at: itemAt });
  }
  out.push({ kind: 'end', value: list, at });
}

/**
 * A `direct_generator` list as the phrase suggester reads it, token by token: a loop reads objects as generators
 * until a token that is none, which it takes; the suggester's own loop then reads the next token under the name
 * `direct_generator`: a list runs the generators' loop again, an object is refused as an array field (the words of
 * its object branch), and a value, a null or a list's end as a field it does not support. The generators' loop ending
 * at the list's own end is the list read whole (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/suggest/phrase-generators-*`). Whether it refused.
 */
function directGeneratorsRefused(check: JsonCheck, at: ValuePath, list: readonly unknown[]): boolean {
  const tokens: GeneratorToken[] = [];
  generatorTokens(list, at, tokens);
  let generators = true;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (generators) {
      if (token.kind === 'object') {
        if (generatorRefused(check, token.at, token.value as Record<string, unknown>)) return true;
        continue;
      }
      // The token that ends the loop is taken: the list's own end is the list read.
      if (i === tokens.length - 1) return false;
      generators = false;
      continue;
    }
    if (token.kind === 'start') {
      generators = true;
      continue;
    }
    phraseTokenRefused(check, 'direct_generator', token.kind === 'object' ? 'object' : 'other', token.at);
    return true;
  }
  return false;
}

const GENERATOR_OPTIONS = [
  'field',
  'analyzer',
  'pre_filter',
  'post_filter',
  'suggest_mode',
  'accuracy',
  'size',
  'sort',
  'string_distance',
  'max_edits',
  'max_inspections',
  'max_term_freq',
  'prefix_length',
  'min_word_length',
  'min_doc_freq',
];

/** A `direct_generator` entry (an ObjectParser): a name it does not know. Whether it refused. */
function generatorRefused(check: JsonCheck, path: ValuePath, generator: Record<string, unknown>): boolean {
  for (const key in generator) {
    const at = path.child(key);
    if (!GENERATOR_OPTIONS.includes(key)) {
      check.report(
        'search.unknown-field',
        check.unknownFieldText(at, 'direct_generator', key, GENERATOR_OPTIONS),
        at,
        'key',
      );
      return true;
    }
    // Its texts take a text only, its numbers a number or a text.
    const token = tokenOf(generator[key]);
    const takes = GENERATOR_TEXTS.has(key)
      ? token === 'VALUE_STRING'
      : token === 'VALUE_NUMBER' || token === 'VALUE_STRING';
    if (!takes) {
      check.report('search.wrong-type', check.unsupported(at, 'direct_generator', key, token), at);
      return true;
    }
  }
  if (!('field' in generator)) {
    check.report('search.wrong-type', 'Required [field]', path, 'key');
    return true;
  }
  return false;
}

const GENERATOR_TEXTS = new Set([
  'field',
  'analyzer',
  'pre_filter',
  'post_filter',
  'suggest_mode',
  'sort',
  'string_distance',
]);

const SUGGEST_MODES = ['missing', 'popular', 'always'];
const SUGGEST_SORTS = ['score', 'frequency'];
const STRING_DISTANCES = ['internal', 'damerau_levenshtein', 'levenshtein', 'jaro_winkler', 'ngram'];

/** The text `text()` gives of a scalar: a number as written, a boolean as `true` or `false`. */
function scalarText(value: string | number | boolean): string {
  return typeof value === 'string' ? value : String(value);
}

/** The number a reader makes of a scalar it read (a text of a number too), or undefined. */
function numberOf(value: string | number | boolean): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** A frequency of the term suggester or a direct generator: a share from 0 to 1, or a whole count above 1. */
function frequencyError(name: string, n: number): string | undefined {
  if (n < 0) return `${name} must be positive`;
  if (n > 1 && n !== Math.floor(n)) return `if ${name} is greater than 1, it must not be a fraction`;
  return undefined;
}

/**
 * What a suggester's builder refuses of a value its loop read (`TermSuggestionBuilder`, `PhraseSuggestionBuilder`,
 * `SuggestionBuilder`), as its setter takes it: the term suggester's enums (read from the text of any value) and
 * ranges, the phrase suggester's ranges, and the size of every suggester (the completion suggester's is an ObjectParser
 * field). Undefined when it takes the value.
 */
function optionValueRefusal(
  check: JsonCheck,
  at: ValuePath,
  suggester: string,
  key: string,
  value: string | number | boolean,
): string | undefined {
  const n = numberOf(value);
  if (key === 'size' && n !== undefined && Math.trunc(n) <= 0) {
    return suggester === 'completion'
      ? `${check.where(at)} [completion] failed to parse field [size]`
      : 'size must be positive';
  }
  if (suggester === 'term') return termOptionError(key, scalarText(value), n);
  if (suggester === 'phrase' && n !== undefined) return phraseOptionError(key, n);
  return undefined;
}

/**
 * What the builders refuse of the values once the loop is over (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1): the completion
 * suggester's size (each value in order), and the shard size, checked when each shard builds the suggester. Whether it
 * refused one (reported).
 */
function suggesterOptionRefused(
  check: JsonCheck,
  path: ValuePath,
  suggester: string,
  options: Record<string, unknown>,
): boolean {
  for (const key in options) {
    const value = options[key];
    if (!isScalar(value)) continue;
    const at = path.child(key);
    const n = numberOf(value);
    if (key === 'shard_size' && suggester !== 'completion' && n !== undefined && Math.trunc(n) <= 0) {
      check.reportItemFailure(
        'search.wrong-type',
        shardFailureText('[shard_size] must be positive', `ShardSize must be positive but was: ${Math.trunc(n)}`),
        at,
      );
      return true;
    }
    const message = suggester === 'completion' ? optionValueRefusal(check, at, suggester, key, value) : undefined;
    if (message !== undefined) {
      check.report('search.wrong-type', message, at);
      return true;
    }
  }
  return false;
}

function termOptionError(key: string, text: string, n: number | undefined): string | undefined {
  switch (key) {
    case 'suggest_mode':
      return SUGGEST_MODES.includes(text.toLowerCase())
        ? undefined
        : `No enum constant org.opensearch.search.suggest.term.TermSuggestionBuilder.SuggestMode.${text.toUpperCase()}`;
    case 'sort':
      return SUGGEST_SORTS.includes(text.toLowerCase())
        ? undefined
        : `No enum constant org.opensearch.search.suggest.SortBy.${text.toUpperCase()}`;
    case 'string_distance':
      return STRING_DISTANCES.includes(text.toLowerCase()) ? undefined : `Illegal distance option ${text}`;
  }
  if (n === undefined) return undefined;
  switch (key) {
    case 'max_edits':
      return Math.trunc(n) < 1 || Math.trunc(n) > 2 ? 'maxEdits must be between 1 and 2' : undefined;
    case 'accuracy':
      return n < 0 || n > 1 ? 'accuracy must be between 0 and 1' : undefined;
    case 'prefix_length':
      return Math.trunc(n) < 0 ? 'prefixLength must be positive' : undefined;
    case 'min_word_length':
      return Math.trunc(n) < 1 ? 'minWordLength must be greater or equal to 1' : undefined;
    case 'max_term_freq':
      return frequencyError('maxTermFreq', n);
    case 'min_doc_freq':
      return frequencyError('minDocFreq', n);
  }
  return undefined;
}

function phraseOptionError(key: string, n: number): string | undefined {
  switch (key) {
    case 'real_word_error_likelihood':
      return n <= 0 ? 'real_word_error_likelihood must be > 0.0' : undefined;
    case 'confidence':
      return n < 0 ? 'confidence must be >= 0.0' : undefined;
    case 'max_errors':
      return n <= 0 ? 'max_error must be > 0.0' : undefined;
    case 'gram_size':
      return Math.trunc(n) < 1 ? 'gramSize must be >= 1' : undefined;
    case 'token_limit':
      return Math.trunc(n) < 1 ? 'token_limit must be >= 1' : undefined;
  }
  return undefined;
}
