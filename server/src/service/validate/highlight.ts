import { ValuePath } from '../json/valuePath';
// The `highlight` section, as `HighlightBuilder` reads it: an ObjectParser named `highlight` over the options every
// highlighter shares, with `fields` (an object, or an array of one-field objects) whose entries are read by another,
// `highlight_field`. The highlighter type is only looked up when a shard highlights its hits
// (docs/opensearch/search.md#highlight; real 2.19.1 and 3.8.0).
import { isObject, tokenOf } from '../json/jsonSegment';
import { suggestions } from '../text/similarity';
import type { JsonCheck } from './jsonCheck';
import type { TargetServer } from '../target';
import { compareVersions } from '../../spec/versions';
import { intRangeRefusal, isJavaDouble, textBooleanError } from './values';
import { jacksonMajor } from '../target';
import { validateQueryContainer } from './query';

/** What both parsers read (`AbstractHighlighterBuilder.setupParser`). */
const COMMON_OPTIONS = [
  'pre_tags',
  'post_tags',
  'order',
  'highlight_filter',
  'fragment_size',
  'number_of_fragments',
  'require_field_match',
  'boundary_scanner',
  'boundary_max_scan',
  'boundary_chars',
  'boundary_scanner_locale',
  'type',
  'fragmenter',
  'no_match_size',
  'force_source',
  'phrase_limit',
  'max_analyzer_offset',
  'options',
  'highlight_query',
];
const TAG_OPTIONS = ['pre_tags', 'post_tags'];
const HIGHLIGHT_OPTIONS = [...COMMON_OPTIONS, 'encoder', 'tags_schema', 'fields'];
const FIELD_OPTIONS = [...COMMON_OPTIONS, 'fragment_offset', 'matched_fields'];

/**
 * The highlighters core registers, and those of plugins a cluster may have (so that a cluster with them gets no false
 * Error): `annotated` of mapper-annotated-text, and from 3.0.0 `semantic` of neural-search, which 2.19 does not
 * register (docs/opensearch/search.md#highlight). Elasticsearch has `semantic` too. Names are matched exactly:
 * `UNIFIED` is unknown.
 */
const HIGHLIGHTERS = ['unified', 'plain', 'fvh', 'annotated'];
const WITH_SEMANTIC = [...HIGHLIGHTERS, 'semantic'];
const SEMANTIC_SINCE = { major: 3, minor: 0, patch: 0 };

function highlightersOf(server: TargetServer): readonly string[] {
  return server.distribution !== 'opensearch' || compareVersions(server.version, SEMANTIC_SINCE) >= 0
    ? WITH_SEMANTIC
    : HIGHLIGHTERS;
}

/**
 * Checks `highlight`; `returnsHits` is false when no hit is fetched (`size` 0, or a query that matches no document:
 * rewrite.ts): nothing is highlighted.
 */
export function checkHighlight(
  check: JsonCheck,
  path: ValuePath,
  highlight: Record<string, unknown>,
  returnsHits: boolean,
): void {
  const fields = fieldEntries(path, highlight.fields);
  // Read in order, as ObjectParser reads (real 3.9.0 and 2.19.6): an unknown name or a value of the wrong kind fails
  // where it stands, a field's options when `fields` is read.
  for (const key in highlight) {
    if (unknownOption(check, path, key, HIGHLIGHT_OPTIONS, 'highlight')) return;
    if (key === 'fields') {
      if (fieldsRefused(check, path.child('fields'), highlight.fields)) return;
    } else if (refusedValue(check, path.child(key), 'highlight', key, highlight[key])) return;
  }
  if (tagsUnpaired(check, path, highlight)) return;
  if (!returnsHits) return;
  // An empty list of tags: each shard that highlights a hit reads its first tag (HTTP 500; real 3.9.0, 3.8.0, 2.19.6
  // and 2.19.1, conformance cases `cross/lists/order/*-tags-*`).
  // The section's own tags (f = -1), then each field's.
  for (let f = -1; f < fields.length; f++) {
    const [at, options] = f === -1 ? [path, highlight] : fields[f]!;
    for (const key of TAG_OPTIONS) {
      const tags = options[key];
      if (!Array.isArray(tags) || tags.length > 0) continue;
      check.reportItemFailure(
        'search.highlight-tags',
        `Index 0 out of bounds for length 0 (every shard that highlights a hit reads the first of [${key}], which is empty)`,
        at.child(key),
      );
      return;
    }
  }
  const known = highlightersOf(check.server);
  for (let f = 0; f < fields.length; f++) {
    const [at, options] = fields[f]!;
    const own = typeof options.type === 'string';
    const type = own ? options.type : highlight.type;
    if (typeof type !== 'string' || known.includes(type)) continue;
    const field = at.key();
    check.report(
      'search.unknown-highlighter',
      `unknown highlighter type [${type}] for the field [${String(field)}] (each shard that returns hits fails so; the highlighters are ${known.join(', ')})`,
      own ? at.child('type') : path.child('type'),
    );
    return;
  }
}

type OptionKind = 'string' | 'strings' | 'int' | 'bool' | 'object' | 'boundaryScanner' | 'tagsSchema';

/** How ObjectParser reads each option (`AbstractHighlighterBuilder`, `HighlightBuilder`, `HighlightBuilder.Field`). */
const OPTION_KINDS: Readonly<Record<string, OptionKind>> = {
  pre_tags: 'strings',
  post_tags: 'strings',
  order: 'string',
  highlight_filter: 'bool',
  fragment_size: 'int',
  number_of_fragments: 'int',
  require_field_match: 'bool',
  boundary_scanner: 'boundaryScanner',
  boundary_max_scan: 'int',
  boundary_chars: 'string',
  boundary_scanner_locale: 'string',
  type: 'string',
  fragmenter: 'string',
  no_match_size: 'int',
  force_source: 'bool',
  phrase_limit: 'int',
  max_analyzer_offset: 'int',
  options: 'object',
  highlight_query: 'object',
  encoder: 'string',
  tags_schema: 'tagsSchema',
  fragment_offset: 'int',
  matched_fields: 'strings',
};

/**
 * A value ObjectParser refuses for an option: a token its kind does not take (`[L:C] [highlight] fragment_size doesn't
 * support values of type: VALUE_BOOLEAN`; no option takes null), or a text its reader or the builder cannot use
 * (`[L:C] [highlight] failed to parse field [fragment_size]`): real 3.8.0 and 2.19.1, conformance cases
 * `cross/body/highlight/*`. Whether it reported.
 */
function refusedValue(check: JsonCheck, at: ValuePath, parser: string, key: string, value: unknown): boolean {
  const kind = OPTION_KINDS[key];
  if (kind === undefined || key === 'fields') return false;
  const token = tokenOf(value);
  let refused = value === null;
  let unreadable = false;
  switch (kind) {
    case 'string':
    case 'boundaryScanner':
    case 'tagsSchema':
      refused ||= token !== 'VALUE_STRING';
      if (!refused && kind === 'boundaryScanner') {
        unreadable = !['CHARS', 'WORD', 'SENTENCE'].includes(String(value).toUpperCase());
      }
      if (!refused && kind === 'tagsSchema') unreadable = value !== 'styled';
      break;
    case 'strings':
      refused ||= token !== 'VALUE_STRING' && token !== 'START_ARRAY';
      if (!refused && Array.isArray(value)) return stringItemRefused(check, at, value);
      break;
    case 'int':
      refused ||= token === 'VALUE_BOOLEAN' || token === 'START_OBJECT' || token === 'START_ARRAY';
      unreadable = typeof value === 'string' && !isJavaDouble(value);
      break;
    case 'bool':
      refused ||= token === 'VALUE_NUMBER' || token === 'START_OBJECT' || token === 'START_ARRAY';
      unreadable = typeof value === 'string' && textBooleanError(value) !== undefined;
      break;
    case 'object':
      refused ||= token !== 'START_OBJECT';
      break;
  }
  if (refused) {
    check.report('search.wrong-type', check.unsupported(at, parser, key, token), at);
    return true;
  }
  if (key === 'highlight_query' && isObject(value)) return highlightQueryRefused(check, at, parser, value);
  if (unreadable) {
    check.report('search.wrong-type', `${check.where(at)} [${parser}] failed to parse field [${key}]`, at);
    return true;
  }
  // An int read beyond its range: Jackson's words, wrapped (real 3.9.0 and 2.19.6; cases `cross/lists/values/int-*`).
  const beyond = kind === 'int' ? intRangeRefusal(value, jacksonMajor(check.server)) : undefined;
  if (beyond !== undefined) {
    check.report('value.out-of-range', `${check.where(at)} [${parser}] failed to parse field [${key}]: ${beyond}`, at);
    return true;
  }
  return false;
}

/**
 * `highlight_query`, read by the query parser where it stands: its first refusal, wrapped as ObjectParser wraps it
 * (`[highlight_field] failed to parse field [highlight_query]`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/values/highlight-query-*`). Whether it refused.
 */
function highlightQueryRefused(
  check: JsonCheck,
  at: ValuePath,
  parser: string,
  query: Record<string, unknown>,
): boolean {
  return check.refusedWrapped(
    () => {
      validateQueryContainer(check, at, query);
    },
    (message) => `[${parser}] failed to parse field [highlight_query]: ${message}`,
  );
}

/**
 * An item of a list of strings that ObjectParser's array reader refuses (an array: `expected value but got
 * [START_ARRAY]`), or whose text it cannot get (an object or null); a number or boolean is read as its text (real 3.9.0
 * and 2.19.6, conformance cases `cross/lists/highlight/*`). Whether it reported.
 */
function stringItemRefused(check: JsonCheck, path: ValuePath, items: readonly unknown[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') continue;
    const at = path.child(i);
    const message = Array.isArray(item) ? 'expected value but got [START_ARRAY]' : check.noText(at, tokenOf(item));
    check.report('search.wrong-type', message, at);
    return true;
  }
  return false;
}

const FIELDS_FORMS =
  'can be a single object with any number of fields or an array where each entry is an object with a single field';

/**
 * `fields` as its named-objects reader takes it: an object whose every value is a field's options object, or a list
 * whose every entry is an object of exactly one such field; anything else is refused where the reader stands (real
 * 3.9.0 and 2.19.6, conformance cases `cross/lists/highlight/*`). Whether it reported.
 */
function fieldsRefused(check: JsonCheck, path: ValuePath, fields: unknown): boolean {
  if (isObject(fields)) {
    for (const name in fields) if (fieldOptionsRefused(check, path.child(name), fields[name])) return true;
    return false;
  }
  if (!Array.isArray(fields)) {
    check.report('search.wrong-type', check.unsupported(path, 'highlight', 'fields', tokenOf(fields)), path);
    return true;
  }
  for (let i = 0; i < fields.length; i++) {
    const entry: unknown = fields[i];
    const at = path.child(i);
    if (!isObject(entry)) {
      check.report('search.wrong-type', `${check.where(at)} [fields] ${FIELDS_FORMS}`, at);
      return true;
    }
    const names = Object.keys(entry);
    const [first, second] = names;
    if (first === undefined) {
      check.report('search.wrong-type', `${check.where(at, 'value', true)} [fields] ${FIELDS_FORMS}`, at);
      return true;
    }
    if (fieldOptionsRefused(check, at.child(first), entry[first])) return true;
    if (second !== undefined) {
      const secondAt = at.child(second);
      check.report('search.wrong-type', `${check.where(secondAt, 'key')} [fields] ${FIELDS_FORMS}`, secondAt, 'key');
      return true;
    }
  }
  return false;
}

/**
 * A field's options: an object, read whole where the reader meets it (before the next field: real 3.9.0, 3.8.0, 2.19.6
 * and 2.19.1, conformance cases `cross/lists/highlight/order-*`), else `highlight_field` names the token it found.
 * Whether it reported.
 */
function fieldOptionsRefused(check: JsonCheck, path: ValuePath, options: unknown): boolean {
  if (isObject(options)) {
    for (const option in options) {
      if (unknownOption(check, path, option, FIELD_OPTIONS, 'highlight_field')) return true;
      if (refusedValue(check, path.child(option), 'highlight_field', option, options[option])) return true;
    }
    return tagsUnpaired(check, path, options);
  }
  check.report(
    'search.wrong-type',
    `${check.where(path)} [highlight_field] Expected START_OBJECT but was: ${tokenOf(options)}`,
    path,
  );
  return true;
}

/** `pre_tags` without `post_tags`, which the builder refuses (the other way round it takes). */
function tagsUnpaired(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): boolean {
  if (!('pre_tags' in options) || 'post_tags' in options) return false;
  check.report('search.highlight-tags', 'pre_tags are set but post_tags are not set', path.child('pre_tags'), 'key');
  return true;
}

/** Each field's options with its path, in order: `{"f": {...}}` or `[{"f": {...}}]`. */
function fieldEntries(path: ValuePath, fields: unknown): [ValuePath, Record<string, unknown>][] {
  const out: [ValuePath, Record<string, unknown>][] = [];
  if (isObject(fields)) {
    for (const name in fields) {
      const options = fields[name];
      if (isObject(options)) out.push([path.child('fields').child(name), options]);
    }
  } else if (Array.isArray(fields)) {
    for (let i = 0; i < fields.length; i++) {
      const entry: unknown = fields[i];
      if (!isObject(entry)) continue;
      for (const name in entry) {
        const options = entry[name];
        if (isObject(options)) out.push([path.child('fields').child(i).child(name), options]);
      }
    }
  }
  return out;
}

/** The first key an ObjectParser does not know, refused in its words; whether there was one. */
function unknownOption(
  check: JsonCheck,
  path: ValuePath,
  unknown: string,
  known: readonly string[],
  parser: string,
): boolean {
  if (known.includes(unknown)) return false;
  const at = path.child(unknown);
  const replacements = suggestions(unknown, known);
  check.report(
    'search.unknown-field',
    check.unknownFieldText(at, parser, unknown, known),
    at,
    'key',
    replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
  );
  return true;
}
