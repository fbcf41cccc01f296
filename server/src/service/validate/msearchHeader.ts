import { ValuePath } from '../json/valuePath';
import { firstToken, isObject, JsonSegment, type Span } from '../json/jsonSegment';
import { suggestions } from '../text/similarity';
import { METADATA_KEY_BY_NAME, type MetadataKeySpec } from '../../spec/msearchMetadata';
import { SEARCH_TYPES } from '../../spec/endpoints';
import { javaString, type JsonCheck } from './jsonCheck';
import { hasText, parseTimeValue, splitByComma, strictBooleanError, expandWildcardsError } from './values';

export interface HeaderFacts {
  /** Index expressions of the header, as the server splits them; undefined when the header names none. */
  readonly indices: readonly string[] | undefined;
}

/** Checks the keys and values of one `_msearch` header object (docs/opensearch/msearch.md#header-keys). */
export function validateMsearchHeader(check: JsonCheck, header: Record<string, unknown>): HeaderFacts {
  let indices: string[] | undefined;
  for (const key in header) {
    const value = header[key];
    const spec = METADATA_KEY_BY_NAME.get(key);
    const path = ValuePath.ROOT.child(key);
    if (spec === undefined) {
      const replacements = suggestions(key, METADATA_KEY_BY_NAME.keys());
      check.report(
        'msearch.unknown-metadata-key',
        `key [${key}] is not supported in the metadata section`,
        path,
        'key',
        replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
      );
      continue;
    }
    const found = checkMetadataValue(check, spec, key, value, path);
    if (found !== undefined) indices = found;
  }
  return { indices };
}

/**
 * Where each index expression of a header's `"index": "a,b"` or `"index": ["a", "b"]` is written. Only asked for when
 * a cluster is connected, so validation does not pay for the positions.
 */
export function locateIndexParts(text: string): { name: string; span: Span }[] {
  if (firstToken(text).token !== 'START_OBJECT') return [];
  const segment = JsonSegment.parse(text);
  const header = segment.value;
  if (!isObject(header)) return [];
  const key = 'index' in header ? 'index' : 'indices' in header ? 'indices' : undefined;
  if (key === undefined) return [];
  const value = header[key];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      typeof item === 'string' ? [{ name: item, span: segment.spanOf([key, i]) }] : [],
    );
  }
  if (typeof value !== 'string') return [];
  const span = segment.spanOf([key]);
  const raw = text.slice(span.offset, span.offset + span.length);
  if (raw !== JSON.stringify(value)) return [{ name: value, span }];
  const parts: { name: string; span: Span }[] = [];
  let offset = span.offset + 1;
  for (const name of value.split(',')) {
    parts.push({ name, span: { offset, length: name.length } });
    offset += name.length + 1;
  }
  return parts;
}

function hasUntrimmed(names: readonly string[]): boolean {
  for (const name of names) {
    if (name.length > 0 && (mayTrim(name.charCodeAt(0)) || mayTrim(name.charCodeAt(name.length - 1)))) {
      if (name !== name.trim()) return true;
    }
  }
  return false;
}

/** Whether trim() may remove a character: every one it removes is up to the space or from U+00A0 on. */
function mayTrim(code: number): boolean {
  return code <= 32 || code >= 0xa0;
}

function checkMetadataValue(
  check: JsonCheck,
  spec: MetadataKeySpec,
  key: string,
  value: unknown,
  path: ValuePath,
): string[] | undefined {
  if (value === null && spec.kind !== 'indices') {
    // A null option is the default, but for the booleans read with `nodeBooleanValue` (the index options read theirs
    // otherwise), which call `toString()` on it: the whole `_msearch` fails with HTTP 500 (real 3.9.0 and 2.19.6;
    // conformance cases `cross/lists/header-null/*`).
    if (spec.kind === 'boolean' || spec.kind === 'namedBoolean' || spec.kind === 'nullNamedBoolean') {
      check.report('msearch.invalid-boolean', 'Cannot invoke "Object.toString()" because "node" is null', path);
    }
    return undefined;
  }
  switch (spec.kind) {
    case 'indices': {
      if (Array.isArray(value)) return value.map(javaString);
      if (value === null || isObject(value)) {
        check.report('msearch.index-not-a-string', `[${key}] should be a string or an array of index names`, path);
        return undefined;
      }
      const names = splitByComma(javaString(value));
      if (hasUntrimmed(names)) {
        check.report(
          'msearch.index-untrimmed',
          `Index names are split on commas without trimming: ${names
            .filter((n) => n !== n.trim())
            .map((n) => `[${n}]`)
            .join(', ')} keeps its spaces and names no index.`,
          path,
        );
      }
      return names;
    }
    case 'searchType': {
      const text = javaString(value);
      if (!(SEARCH_TYPES as readonly string[]).includes(text) && text !== 'stream') {
        check.report('msearch.invalid-search-type', `No search type for [${text}]`, path);
      }
      return undefined;
    }
    case 'boolean':
    case 'namedBoolean':
    case 'nullNamedBoolean':
    case 'indicesOptionBoolean': {
      if (typeof value === 'boolean') return undefined;
      const text = javaString(value);
      if (spec.kind === 'indicesOptionBoolean' && !hasText(text) && typeof value === 'string') return undefined;
      const strict = strictBooleanError(text);
      if (strict === undefined) return undefined;
      const name = spec.kind === 'namedBoolean' ? key : spec.kind === 'indicesOptionBoolean' ? spec.name : 'null';
      const message = spec.kind === 'boolean' ? strict : `Could not convert [${name}] to boolean: ${strict}`;
      check.report('msearch.invalid-boolean', message, path);
      return undefined;
    }
    case 'expandWildcards': {
      const values = Array.isArray(value) ? value.map(javaString) : splitByComma(javaString(value));
      const bad = expandWildcardsError(values);
      if (bad !== undefined) check.report('msearch.invalid-expand-wildcards', bad.message, path);
      return undefined;
    }
    case 'time': {
      if (typeof value === 'number') return undefined;
      const parsed = parseTimeValue(javaString(value), 'XContentMapValues.nodeTimeValue');
      if (parsed.error !== undefined) check.report('msearch.invalid-time-value', parsed.error, path);
      return undefined;
    }
    case 'text':
      if (value !== null && typeof value === 'object') {
        check.report(
          'msearch.metadata-not-scalar',
          `[${key}] is read as text; an object or array is almost surely a mistake`,
          path,
        );
      }
      return undefined;
  }
}
