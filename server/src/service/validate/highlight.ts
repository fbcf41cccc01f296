import { ValuePath } from '../json/valuePath';
// The `highlight` section, as `HighlightBuilder` reads it: an ObjectParser named `highlight` over the options every
// highlighter shares, with `fields` (an object, or an array of one-field objects) whose entries are read by another,
// `highlight_field`. The highlighter type is only looked up when a shard highlights its hits
// (docs/opensearch/search.md#highlight; real 2.19.1 and 3.8.0).
import { isObject } from '../json/jsonSegment';
import { didYouMean, suggestions } from '../text/similarity';
import type { JsonCheck } from './jsonCheck';

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
const HIGHLIGHT_OPTIONS = [...COMMON_OPTIONS, 'encoder', 'tags_schema', 'fields'];
const FIELD_OPTIONS = [...COMMON_OPTIONS, 'fragment_offset', 'matched_fields'];

/**
 * The highlighters core registers, and `annotated` of the mapper-annotated-text plugin (so that a cluster with it gets
 * no false Error). Names are matched exactly: `UNIFIED` is unknown.
 */
const HIGHLIGHTERS = ['unified', 'plain', 'fvh', 'annotated'];

/** Checks `highlight`; `returnsHits` is false when the search asks for no hit (`size` 0): nothing is highlighted. */
export function checkHighlight(
  check: JsonCheck,
  path: ValuePath,
  highlight: Record<string, unknown>,
  returnsHits: boolean,
): void {
  if (unknownOption(check, path, highlight, HIGHLIGHT_OPTIONS, 'highlight')) return;
  const fields = fieldEntries(path, highlight.fields);
  for (const [at, options] of fields) {
    if (unknownOption(check, at, options, FIELD_OPTIONS, 'highlight_field')) return;
  }
  if (!returnsHits) return;
  for (const [at, options] of fields) {
    const own = typeof options.type === 'string';
    const type = own ? options.type : highlight.type;
    if (typeof type !== 'string' || HIGHLIGHTERS.includes(type)) continue;
    const field = at.key();
    check.report(
      'search.unknown-highlighter',
      `unknown highlighter type [${type}] for the field [${String(field)}] (each shard that returns hits fails so; the highlighters are ${HIGHLIGHTERS.join(', ')})`,
      own ? at.child('type') : path.child('type'),
    );
    return;
  }
}

/** Each field's options with its path, in order: `{"f": {...}}` or `[{"f": {...}}]`. */
function fieldEntries(path: ValuePath, fields: unknown): [ValuePath, Record<string, unknown>][] {
  const out: [ValuePath, Record<string, unknown>][] = [];
  if (isObject(fields)) {
    for (const [name, options] of Object.entries(fields)) {
      if (isObject(options)) out.push([path.child('fields').child(name), options]);
    }
  } else if (Array.isArray(fields)) {
    fields.forEach((entry, i) => {
      if (!isObject(entry)) return;
      for (const [name, options] of Object.entries(entry)) {
        if (isObject(options)) out.push([path.child('fields').child(i).child(name), options]);
      }
    });
  }
  return out;
}

/** The first key an ObjectParser does not know, refused in its words; whether there was one. */
function unknownOption(
  check: JsonCheck,
  path: ValuePath,
  options: Record<string, unknown>,
  known: readonly string[],
  parser: string,
): boolean {
  const unknown = Object.keys(options).find((key) => !known.includes(key));
  if (unknown === undefined) return false;
  const at = path.child(unknown);
  const replacements = suggestions(unknown, known);
  check.report(
    'search.unknown-field',
    `${check.where(at, 'key')} [${parser}] unknown field [${unknown}]${didYouMean(unknown, known)}`,
    at,
    'key',
    replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
  );
  return true;
}
