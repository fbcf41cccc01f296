import { ValuePath, type AnyPath } from '../json/valuePath';
// Rules across the sections of one search body, and the limits of default index settings, with OpenSearch's own
// words (SearchRequest.validate, SearchService.parseSource, SliceBuilder, SearchAfterBuilder, the rescorers; each
// checked on real OpenSearch 2.19.1 and 3.8.0 by the conformance corpus; each code is described in docs/diagnostics.md).
import type { DiagnosticCode } from '../diagnosticCodes';
import { isObject, tokenOf, type JsonPath } from '../json/jsonSegment';
import { intRangeRefusal, isJavaDouble, numberValueRefusal } from './values';
import { jacksonMajor } from '../target';
import { compareVersions } from '../../spec/versions';
import { NO_FIELDDATA_METADATA_FIELDS } from '../../spec/metadataFields';
import type { JsonCheck } from './jsonCheck';
import { shardFailureText } from './msearchItems';
import { limitNote, limitsOf } from './limits';
import { checkHighlight } from './highlight';
import { checkSuggest } from './suggest';
import { checkQueryRescorer, checkScriptFieldsCompile } from './sectionOptions';
import { queryRefused } from './query';
import { checkInnerHitsOptions } from './searchBody';
import { insideAny, matchesNoDocument, rewrittenAway } from './rewrite';
import { SEARCH_VALIDATION, searchValidation } from './validationFailures';

/** Whether every metadata field the sort rules look up is named with a leading `_` (so that a name without one is none). */
const METADATA_UNDERSCORED = [...NO_FIELDDATA_METADATA_FIELDS].every((name) => name.startsWith('_'));

function optionsOf(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

/**
 * Gives `visit` the name and options of each sort entry as the server counts them (`_score` included; a name alone has
 * no options, an object in a list is read by its first key), in order, until it answers true; says whether it did.
 */
function someSortEntry(
  sort: unknown,
  visit: (name: string, options: Record<string, unknown> | undefined) => boolean,
): boolean {
  if (typeof sort === 'string') return visit(sort, undefined);
  if (Array.isArray(sort)) {
    for (let i = 0; i < sort.length; i++) {
      const entry: unknown = sort[i];
      if (typeof entry === 'string') {
        if (visit(entry, undefined)) return true;
      } else if (isObject(entry)) {
        for (const key in entry) {
          if (visit(key, optionsOf(entry[key]))) return true;
          break;
        }
      }
    }
    return false;
  }
  if (isObject(sort)) for (const key in sort) if (visit(key, optionsOf(sort[key]))) return true;
  return false;
}

/** Each sort entry's name and options, in order. */
export function sortEntries(sort: unknown): { name: string; options: Record<string, unknown> | undefined }[] {
  const out: { name: string; options: Record<string, unknown> | undefined }[] = [];
  someSortEntry(sort, (name, options) => {
    out.push({ name, options });
    return false;
  });
  return out;
}

/**
 * Sort names that fail on every shard whatever the indexes map (docs/diagnostics.md#searchsort-field): a metadata
 * field without field data, and an empty name without `unmapped_type`. The search's sort, a `top_hits` aggregation's
 * and an `inner_hits`' are built by the same field sorts (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/shard/sort-name-*`). Most sorts name neither: the places are made only for a report.
 */
export function checkSortFields(check: JsonCheck, sort: unknown, at: ValuePath = ValuePath.ROOT.child('sort')): void {
  if (Array.isArray(sort)) {
    for (let i = 0; i < sort.length; i++) if (sortEntryRefused(check, sort[i], at, i)) return;
  } else sortEntryRefused(check, sort, at, undefined);
}

function sortEntryRefused(check: JsonCheck, entry: unknown, at: ValuePath, index: number | undefined): boolean {
  if (typeof entry === 'string') return sortNameRefused(check, entry, undefined, at, index, undefined);
  if (!isObject(entry)) return false;
  for (const key in entry) if (sortNameRefused(check, key, entry[key], at, index, key)) return true;
  return false;
}

function sortNameRefused(
  check: JsonCheck,
  name: string,
  options: unknown,
  sortAt: ValuePath,
  index: number | undefined,
  key: string | undefined,
): boolean {
  // Every metadata field's name starts with `_`: most sort names are looked up no further.
  const metadata = (!METADATA_UNDERSCORED || name.charCodeAt(0) === 95) && NO_FIELDDATA_METADATA_FIELDS.has(name);
  if (!metadata && (name !== '' || (isObject(options) && options.unmapped_type !== undefined))) return false;
  let at = sortAt;
  if (index !== undefined) at = at.child(index);
  if (key !== undefined) at = at.child(key);
  check.reportItemFailure(
    'search.sort-field',
    metadata
      ? `Fielddata is not supported on field [${name}] of type [${name}]`
      : 'No mapping found for [] in order to sort on',
    at,
    key === undefined ? 'value' : 'key',
  );
  return true;
}

/** The sort entries of a body as the server counts them: each name, `_score` included. */
export function sortNames(sort: unknown): string[] {
  return sortEntries(sort).map((entry) => entry.name);
}

/** A sort on the score or on the document order, which search_after reads without a field. */
export function scoreOrDoc(name: string): boolean {
  return name === '_score' || name === '_doc';
}

/** Whether a search_after value is read where a sort compares numbers: a number, a null, or a text Java parses. */
export function readsAsNumber(value: unknown): boolean {
  if (typeof value === 'string') return isJavaDouble(value);
  return typeof value !== 'boolean';
}

/** The Java classes of the comparators' top values, which a null search_after value cannot be unboxed to. */
export type NumberBox = 'Long' | 'Integer' | 'Double' | 'Float';

/** A shard's words for a null search_after value given to a comparator that holds a primitive (Java's NPE text). */
export function nullUnboxed(box: NumberBox): string {
  return `Cannot invoke "java.lang.${box}.${box === 'Integer' ? 'int' : box.toLowerCase()}Value()" because "value" is null`;
}

const NO_NAMES: readonly string[] = [];
const NO_VALUES: readonly unknown[] = [];

function intOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** A finding on a key (by default) of the body. */
function reportKey(
  check: JsonCheck,
  code: DiagnosticCode,
  message: string,
  path: AnyPath,
  target: 'key' | 'value' = 'key',
): void {
  check.report(code, message, path, target);
}

/** Whether a sort entry names `_shard_doc` (given to someSortEntry for every body: made once). */
const isShardDoc = (name: string): boolean => name === '_shard_doc';

const SHARD_DOC_SCROLL = '_shard_doc cannot be used with scroll. Use PIT + search_after instead.';
const SHARD_DOC_WITHOUT_PIT = '_shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.';
const SHARD_DOC_TWICE = 'duplicate _shard_doc sort detected. Specify it at most once.';

/** How many entries of a sort `visit` says yes to (each entry's name as someSortEntry reads it). */
function countSortEntries(
  sort: unknown,
  visit: (name: string, options: Record<string, unknown> | undefined) => boolean,
): number {
  let count = 0;
  someSortEntry(sort, (name, options) => {
    if (visit(name, options)) count++;
    return false;
  });
  return count;
}

/** The members of a body that the rules between sections read, gathered in one pass over its keys. */
class Sections {
  sort: unknown = undefined;
  pit: unknown = undefined;
  rescore: unknown = undefined;
  collapse: unknown = undefined;
  searchAfter: unknown = undefined;
  slice: unknown = undefined;
  highlight: unknown = undefined;
  suggest: unknown = undefined;
  query: unknown = undefined;
  postFilter: unknown = undefined;
  docvalueFields: unknown = undefined;
  scriptFields: unknown = undefined;
  trackTotalHits: unknown = undefined;
  storedFields: unknown = undefined;
  source: unknown = undefined;
  fields: unknown = undefined;

  constructor(body: Record<string, unknown>) {
    for (const key in body) {
      const value = body[key];
      switch (key) {
        case 'sort':
          this.sort = value;
          break;
        case 'pit':
          this.pit = value;
          break;
        case 'rescore':
          this.rescore = value;
          break;
        case 'query':
          this.query = value;
          break;
        case 'post_filter':
          this.postFilter = value;
          break;
        case 'collapse':
          this.collapse = value;
          break;
        case 'search_after':
          this.searchAfter = value;
          break;
        case 'slice':
          this.slice = value;
          break;
        case 'highlight':
          this.highlight = value;
          break;
        case 'suggest':
          this.suggest = value;
          break;
        case 'docvalue_fields':
          this.docvalueFields = value;
          break;
        case 'script_fields':
          this.scriptFields = value;
          break;
        case 'track_total_hits':
          this.trackTotalHits = value;
          break;
        case 'stored_fields':
          this.storedFields = value;
          break;
        case '_source':
          this.source = value;
          break;
        case 'fields':
          this.fields = value;
          break;
      }
    }
  }
}

/**
 * Rules between body sections; `scroll` says whether the URL opens a scroll, `returnsHits` whether the search asks for
 * any hit (`size` above 0, URL or body).
 */
export function checkBodyRules(
  check: JsonCheck,
  body: Record<string, unknown>,
  scroll: boolean,
  returnsHits: boolean,
): void {
  const m = new Sections(body);
  // Hits are fetched when the search asks for some and its query can match a document at all.
  const fetchesHits = returnsHits && !(check.mayMatchNothing && matchesNoDocument(body));
  const version = check.server.version;
  const limits = limitsOf(check.server);
  // The sort's names are listed only when collapse or search_after needs them.
  const sort =
    m.sort !== undefined && (m.collapse !== undefined || m.searchAfter !== undefined) ? sortNames(m.sort) : NO_NAMES;
  const hasPit = isObject(m.pit);
  const rescore = m.rescore;
  const hasRescore = isObject(rescore) || (Array.isArray(rescore) && rescore.length > 0);

  // collapse
  if (isObject(m.collapse) && !collapseOptionsRefused(check, m.collapse)) {
    const field = typeof m.collapse.field === 'string' ? m.collapse.field : undefined;
    if (!('field' in m.collapse)) {
      // CollapseBuilder keeps a null field; each shard fails on it when it builds the collapse context.
      reportKey(
        check,
        'search.collapse-no-field',
        shardFailureText('[collapse] needs [field]', 'Cannot invoke "String.length()" because "str" is null'),
        ['collapse'],
      );
    } else if (scroll)
      reportKey(check, 'search.collapse-conflict', 'cannot use `collapse` in a scroll context', ['collapse']);
    else if (hasRescore) {
      reportKey(check, 'search.collapse-conflict', 'cannot use `collapse` in conjunction with `rescore`', ['collapse']);
    } else if (Array.isArray(m.searchAfter) && sort.length > 0) {
      if (compareVersions(version, { major: 3, minor: 0, patch: 0 }) < 0) {
        reportKey(check, 'search.collapse-conflict', 'cannot use `collapse` in conjunction with `search_after`', [
          'collapse',
        ]);
      } else if (sort.length !== 1 || sort[0] !== field) {
        reportKey(
          check,
          'search.collapse-conflict',
          'collapse field and sort field must be the same when use `collapse` in conjunction with `search_after`',
          ['collapse'],
        );
      }
    }
    if (fetchesHits && 'inner_hits' in m.collapse) collapseInnerHitsUnnamed(check, m.collapse);
  }

  // search_after against the sort
  if (Array.isArray(m.searchAfter)) {
    if (m.searchAfter.length === 0) {
      reportKey(
        check,
        'search.search-after-sort',
        'Values must contains at least one value.',
        ['search_after'],
        'value',
      );
    } else if (sort.filter((s) => s !== '_score').length === 0) {
      // These two fail on the shards, where the search_after values meet the sort (SearchAfterBuilder.buildFieldDoc).
      check.reportItemFailure(
        'search.search-after-sort',
        'Sort must contain at least one field.',
        ['search_after'],
        'key',
      );
    } else if (m.searchAfter.length !== sort.length) {
      check.reportItemFailure(
        'search.search-after-sort',
        `search_after has ${m.searchAfter.length} value(s) but sort has ${sort.length}.`,
        ['search_after'],
        'key',
      );
    } else {
      // A score or document sort reads its value as a number: a text that is none (a boolean as its text) fails each
      // shard, naming no field (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/search-after-value/*`).
      const searchAfter = m.searchAfter;
      const at = sort.findIndex((name, i) => scoreOrDoc(name) && !readsAsNumber(searchAfter[i]));
      if (at !== -1) {
        check.reportItemFailure(
          'search.search-after-sort',
          'Failed to parse search_after value for field [null].',
          ['search_after', at],
          'value',
        );
      } else if (sort.every(scoreOrDoc)) {
        // A null is kept as null and given to the sort's comparator, which holds a primitive: each shard fails on the
        // first (cases `cross/lists/search-after-null/*`). Where a field is sorted too, the mapping decides (its value
        // may fail to parse first, or its comparator take a null): the cluster's rules judge it.
        const nullAt = searchAfter.indexOf(null);
        if (nullAt !== -1) {
          check.reportItemFailure(
            'search.search-after-sort',
            nullUnboxed(sort[nullAt] === '_doc' ? 'Integer' : 'Float'),
            ['search_after', nullAt],
            'value',
          );
        }
      }
    }
  }

  // _shard_doc: a point in time's own order, once (docs/opensearch/search.md#validation-failures).
  if (m.sort !== undefined) checkSortFields(check, m.sort);
  const shardDocs = m.sort === undefined ? 0 : countSortEntries(m.sort, isShardDoc);
  if (shardDocs > 0 && compareVersions(version, { major: 3, minor: 0, patch: 0 }) >= 0) {
    // 3.x refuses it when it validates the request, saying each of these.
    if (scroll) {
      check.reportValidation(
        'search.shard-doc-scroll',
        searchValidation(SEARCH_VALIDATION.shardDocScroll, SHARD_DOC_SCROLL),
        ['sort'],
        'key',
      );
    }
    if (!hasPit) {
      check.reportValidation(
        'search.shard-doc-without-pit',
        searchValidation(SEARCH_VALIDATION.shardDocWithoutPointInTime, SHARD_DOC_WITHOUT_PIT),
        ['sort'],
        'key',
      );
    }
    if (shardDocs > 1) {
      check.reportValidation(
        'search.shard-doc-twice',
        searchValidation(SEARCH_VALIDATION.shardDocTwice, SHARD_DOC_TWICE),
        ['sort'],
        'key',
      );
    }
  } else if (shardDocs > 0 && !hasPit) {
    // 2.x fails on the shards, which know no such field (in an `_msearch` only that search fails there).
    check.reportItemFailure(
      'search.shard-doc-without-pit',
      'No mapping found for [_shard_doc] in order to sort on',
      ['sort'],
      'key',
    );
  }

  // slice
  if (isObject(m.slice)) {
    const id = intOf(m.slice.id);
    const max = intOf(m.slice.max);
    if (id !== undefined && id < 0) {
      reportKey(check, 'search.slice-invalid', 'id must be greater than or equal to 0', ['slice', 'id'], 'value');
    } else if (max !== undefined && max <= 1) {
      reportKey(check, 'search.slice-invalid', 'max must be greater than 1', ['slice', 'max'], 'value');
    } else if (max !== undefined && id !== undefined && id >= max) {
      reportKey(check, 'search.slice-invalid', 'max must be greater than id', ['slice', 'max'], 'value');
    } else if (!scroll && !hasPit) {
      reportKey(check, 'search.slice-context', '`slice` cannot be used outside of a scroll context or PIT context', [
        'slice',
      ]);
    } else if (max !== undefined && scroll && max > limits.maxSlicesPerScroll) {
      reportKey(
        check,
        'search.slice-limit',
        `The number of slices [${max}] is too large. It must be less than [${limits.maxSlicesPerScroll}]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting.${limitNote(check.server, 'maxSlicesPerScroll')}`,
        ['slice', 'max'],
        'value',
      );
    }
  }

  // rescore windows
  const rescorers =
    rescore === undefined ? NO_VALUES : isObject(rescore) ? [rescore] : Array.isArray(rescore) ? rescore : [];
  if (Array.isArray(rescore)) rescoreListRefused(check, rescore);
  for (let i = 0; i < rescorers.length; i++) {
    const r: unknown = rescorers[i];
    if (!isObject(r)) continue;
    const at = isObject(rescore) ? ValuePath.of('rescore') : ValuePath.of('rescore', i);
    checkRescorer(check, at, r);
    const window = intOf(r.window_size);
    if (window !== undefined && window > limits.maxRescoreWindow) {
      reportKey(
        check,
        'search.rescore-window',
        `Rescore window [${window}] is too large. It must be less than [${limits.maxRescoreWindow}]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.${limitNote(check.server, 'maxRescoreWindow')}`,
        at.child('window_size'),
        'value',
      );
    }
  }

  if (isObject(m.highlight)) checkHighlight(check, ValuePath.ROOT.child('highlight'), m.highlight, fetchesHits);
  if (returnsHits && isObject(m.scriptFields)) {
    checkScriptFieldsCompile(check, ValuePath.ROOT.child('script_fields'), m.scriptFields);
  }
  if (isObject(m.suggest)) checkSuggest(check, ValuePath.ROOT.child('suggest'), m.suggest);

  // inner hits of nested, has_child and has_parent queries
  if (isObject(m.query)) checkInnerHits(check, ValuePath.ROOT.child('query'), m.query, limits.maxInnerResultWindow);
  if (isObject(m.postFilter)) {
    checkInnerHits(check, ValuePath.ROOT.child('post_filter'), m.postFilter, limits.maxInnerResultWindow);
  }
  if (check.segment.mayHoldInnerHits()) {
    // The inner hits of a query rewritten away are gathered from what is left (rewrite.ts).
    const away = check.mayMatchNothing ? rewrittenAway(body) : [];
    const names = new Set<string>();
    innerHitsNames(check, ['query'], m.query, names, away);
    innerHitsNames(check, ['post_filter'], m.postFilter, names, away);
  }

  // how many fields a request may fetch
  if (Array.isArray(m.docvalueFields) && m.docvalueFields.length > limits.maxDocvalueFields) {
    reportKey(
      check,
      'search.fields-limit',
      `Trying to retrieve too many docvalue_fields. Must be less than or equal to: [${limits.maxDocvalueFields}] but was [${m.docvalueFields.length}]. This limit can be set by changing the [index.max_docvalue_fields_search] index level setting.${limitNote(check.server, 'maxDocvalueFields')}`,
      ['docvalue_fields'],
    );
  }
  if (isObject(m.scriptFields) && Object.keys(m.scriptFields).length > limits.maxScriptFields) {
    reportKey(
      check,
      'search.fields-limit',
      `Trying to retrieve too many script_fields. Must be less than or equal to: [${limits.maxScriptFields}] but was [${Object.keys(m.scriptFields).length}]. This limit can be set by changing the [index.max_script_fields] index level setting.${limitNote(check.server, 'maxScriptFields')}`,
      ['script_fields'],
    );
  }

  const track = intOf(m.trackTotalHits);
  if (track !== undefined && track < -1) {
    reportKey(
      check,
      'search.track-total-hits-negative',
      `totalHitsThreshold must be >= 0, got ${track}`,
      ['track_total_hits'],
      'value',
    );
  }
  if (Array.isArray(m.storedFields) && m.storedFields.length > 1 && m.storedFields.includes('_none_')) {
    // StoredFieldsContext reads `_none_` only alone, when it reads the body.
    reportKey(check, 'search.wrong-type', 'cannot combine _none_ with other fields', ['stored_fields']);
  }
  // `_none_`, alone or as the one name of a list, with any `_source` but `false` (real 3.8.0 and 2.19.1; conformance
  // cases `cross/body/forms/*`).
  const noStoredFields =
    m.storedFields === '_none_' ||
    (Array.isArray(m.storedFields) && m.storedFields.length === 1 && m.storedFields[0] === '_none_');
  if (noStoredFields && m.source !== undefined && m.source !== false) {
    reportKey(check, 'search.stored-fields-source', '[stored_fields] cannot be disabled if [_source] is requested', [
      'stored_fields',
    ]);
  } else if (noStoredFields && Array.isArray(m.fields)) {
    // The `fields` option reads the source: asked for at all, an empty list too (real 3.9.0 and 2.19.6; conformance
    // cases `cross/body/forms/*`).
    reportKey(
      check,
      'search.stored-fields-source',
      '[stored_fields] cannot be disabled when using the [fields] option',
      ['stored_fields'],
    );
  }
}

const COLLAPSE_OPTIONS = ['field', 'inner_hits', 'max_concurrent_group_searches'];

/**
 * `collapse`'s members as its ObjectParser (`collapse`) reads them, in order: `field` a string (null refused too),
 * `max_concurrent_group_searches` a number, no other name (real 3.9.0 and 2.19.6; conformance cases
 * `cross/lists/section/collapse-*`). Whether it refused one.
 */
function collapseOptionsRefused(check: JsonCheck, collapse: Record<string, unknown>): boolean {
  for (const key in collapse) {
    const at = ValuePath.of('collapse', key);
    const value = collapse[key];
    if (!COLLAPSE_OPTIONS.includes(key)) {
      reportKey(check, 'search.unknown-field', check.unknownFieldText(at, 'collapse', key, COLLAPSE_OPTIONS), at);
      return true;
    }
    if (key === 'field' && value === '') {
      check.report('search.wrong-type', 'field name is null or empty', at);
      return true;
    }
    if (key === 'field' && typeof value !== 'string') {
      check.report('search.wrong-type', check.unsupported(at, 'collapse', 'field', tokenOf(value)), at);
      return true;
    }
    if (key === 'max_concurrent_group_searches' && typeof value === 'string' && !isJavaDouble(value)) {
      check.report('search.wrong-type', `${check.where(at)} [collapse] failed to parse field [${key}]`, at);
      return true;
    }
    if (key === 'inner_hits' && collapseInnerHitsRefused(check, at, value)) return true;
  }
  return false;
}

/**
 * `collapse`'s `inner_hits`: an object or a list of them, each read as a query's `inner_hits` is (searchBody.ts), a
 * refusal wrapped as `[collapse] failed to parse field [inner_hits]` (real 3.9.0 and 2.19.6; conformance cases
 * `cross/lists/inner-hits-options/collapse-*`). Whether it refused one.
 */
function collapseInnerHitsRefused(check: JsonCheck, at: ValuePath, value: unknown): boolean {
  const token = tokenOf(value);
  if (token !== 'START_OBJECT' && token !== 'START_ARRAY') {
    check.report('search.wrong-type', check.unsupported(at, 'collapse', 'inner_hits', token), at);
    return true;
  }
  const items: readonly unknown[] = Array.isArray(value) ? value : [value];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const itemAt = Array.isArray(value) ? at.child(i) : at;
    if (!isObject(item)) {
      check.report(
        'search.wrong-type',
        '[collapse] failed to parse field [inner_hits]: Invalid token in inner_hits array',
        itemAt,
      );
      return true;
    }
    const refused = check.refusedWrapped(
      () => {
        checkInnerHitsOptions(check, itemAt, item);
      },
      (message) => `[collapse] failed to parse field [inner_hits]: ${message}`,
    );
    if (refused) return true;
  }
  return false;
}

/**
 * Each of `collapse`'s inner hits needs a `name`: without one the search fails once it has hits to expand
 * (`Field name cannot be null`, 400, the whole request, an `_msearch` too; real 3.9.0 and 2.19.6, conformance cases
 * `cross/lists/inner-hits-options/collapse-*`), so only a search that returns hits is told.
 */
function collapseInnerHitsUnnamed(check: JsonCheck, collapse: Record<string, unknown>): void {
  const inner = collapse.inner_hits;
  const items: readonly unknown[] = Array.isArray(inner) ? inner : [inner];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!isObject(item) || typeof item.name === 'string') continue;
    check.report(
      'search.collapse-inner-hits-name',
      "Field name cannot be null: each of the collapse's inner hits needs a [name] (OpenSearch refuses the request once the search has hits to expand, an `_msearch` whole)",
      Array.isArray(inner) ? ValuePath.of('collapse', 'inner_hits', i) : ValuePath.of('collapse', 'inner_hits'),
      'key',
    );
    return;
  }
}

/**
 * One rescorer, as `RescorerBuilder.parseFromXContent` reads it: `window_size` and one rescorer object (`query`). With
 * no object at all it fails with `missing rescore type`; any other scalar key is refused in words of its own first.
 * The `query` rescorer needs its `rescore_query` (`QueryRescorerBuilder`, `rescore_query cannot be null`).
 */
/**
 * A rescore list is read item by item by RescorerBuilder.parseFromXContent, which starts on the item's token and reads
 * on from the next one as the rescore object's members: after a value or null, or inside a list, the next token is
 * read with no member name (`unexpected token [END_ARRAY] after [null]`, `[L:C] unknown field [null]` for an object,
 * `fieldName cannot be null` for a value, HTTP 500; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/more/rescore-list-*`). Whether it reported.
 */
function rescoreListRefused(check: JsonCheck, list: readonly unknown[]): boolean {
  const path = ValuePath.ROOT.child('rescore');
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (isObject(item)) continue;
    // The token the reader meets next: the list's first item for a list, else the next item or the list's end.
    const inner = Array.isArray(item);
    const next: unknown = inner ? (item as unknown[])[0] : list[i + 1];
    const nextAt = inner ? path.child(i).child(0) : path.child(i + 1);
    const ends = inner ? item.length === 0 : i + 1 >= list.length;
    const at = path.child(i);
    if (ends) check.report('search.wrong-type', 'unexpected token [END_ARRAY] after [null]', at);
    else if (isObject(next))
      check.report('search.unknown-field', `${check.where(nextAt)} unknown field [null]`, nextAt);
    else if (next === null || Array.isArray(next)) {
      check.report('search.wrong-type', `unexpected token [${tokenOf(next)}] after [null]`, nextAt);
    } else check.report('search.wrong-type', 'fieldName cannot be null', nextAt);
    return true;
  }
  return false;
}

function checkRescorer(check: JsonCheck, at: ValuePath, rescorer: Record<string, unknown>): void {
  // RescorerBuilder.parseFromXContent's loop: `window_size` is the one value, an object is a rescorer named by its
  // key (`query` is the only one), anything else is refused in the loop's words (real 3.9.0, 3.8.0, 2.19.6 and
  // 2.19.1; conformance cases `cross/lists/section/rescore-*`, `cross/lists/form/rescore-*`).
  let found = false;
  for (const key in rescorer) {
    const value = rescorer[key];
    const place = at.child(key);
    if (isObject(value)) {
      if (key !== 'query') {
        check.report('search.unknown-field', `${check.where(place)} unknown field [${key}]`, place, 'key');
        return;
      }
      found = true;
      // The rescore query is read by the query parser, as every query of the body is, where it stands: before the
      // members after it and after the rescorer (real 3.9.0 and 2.19.6; conformance cases `cross/lists/inner/rescore-*`,
      // `cross/lists/section/rescore-query-*`).
      if (checkQueryRescorer(check, place, value, (query, body) => queryRefused(check, query, body))) return;
      // The query rescorer is built when its object is read, before the loop reads on.
      if (!('rescore_query' in value)) {
        check.report('search.rescore-missing', 'rescore_query cannot be null', place, 'key');
        return;
      }
      continue;
    }
    if (value === null || Array.isArray(value)) {
      check.report('search.wrong-type', `unexpected token [${tokenOf(value)}] after [${key}]`, place);
      return;
    }
    if (key !== 'window_size') {
      check.report('search.unknown-field', `rescore doesn't support [${key}]`, place, 'key');
      return;
    }
    // `intValue()`.
    const jackson = jacksonMajor(check.server);
    const refusal = numberValueRefusal(value, jackson) ?? intRangeRefusal(value, jackson);
    if (refusal !== undefined) {
      check.report('value.not-a-number', refusal, place);
      return;
    }
  }
  if (!found) {
    check.report(
      'search.rescore-missing',
      'missing rescore type',
      at,
      Object.keys(rescorer).length === 0 ? 'value' : 'key',
    );
  }
}

const INNER_HITS_QUERIES = new Set(['nested', 'has_child', 'has_parent']);

/** The member of each query with inner hits whose value names them when `inner_hits` gives no `name`. */
const INNER_HITS_DEFAULT_NAME: Readonly<Record<string, string>> = {
  nested: 'path',
  has_child: 'type',
  has_parent: 'parent_type',
};

/**
 * The queries whose clauses' inner hits are gathered with their own, by the members that hold those clauses: not
 * `bool`'s `must_not`, nor the filters of `function_score`'s functions (real 3.9.0 and 2.19.6).
 */
const INNER_HITS_CLAUSES: Readonly<Record<string, readonly string[]>> = {
  bool: ['must', 'filter', 'should'],
  constant_score: ['filter'],
  dis_max: ['queries'],
  function_score: ['query'],
  script_score: ['query'],
  boosting: ['positive', 'negative'],
};

/**
 * The names of inner hits, which must differ among those a search gathers (`query`'s, then `post_filter`'s) and among
 * those gathered under one query with inner hits (its own query's): each shard fails on the second of one name
 * (`[inner_hits] already contains an entry for key [items]`, 400; real 3.9.0 and 2.19.6, conformance cases
 * `cross/lists/inner-hits/*`). A query with inner hits is named by `inner_hits`' `name`, else by its path or type; one
 * without them gathers none of its own query's.
 */
function innerHitsNames(
  check: JsonCheck,
  trail: (string | number)[],
  query: unknown,
  names: Set<string>,
  away: readonly JsonPath[],
): void {
  if (!isObject(query) || insideAny(trail, away)) return;
  for (const type in query) {
    const body = query[type];
    if (!isObject(body)) continue;
    const at = [...trail, type];
    const defaultName = INNER_HITS_DEFAULT_NAME[type];
    if (defaultName !== undefined) {
      const inner = body.inner_hits;
      if (!isObject(inner)) continue;
      const name = 'name' in inner ? inner.name : body[defaultName];
      if (typeof name !== 'string') continue;
      if (names.has(name)) {
        check.report(
          'search.inner-hits-name',
          `[inner_hits] already contains an entry for key [${name}]`,
          'name' in inner ? [...at, 'inner_hits', 'name'] : [...at, 'inner_hits'],
          'name' in inner ? 'value' : 'key',
        );
      }
      names.add(name);
      innerHitsNames(check, [...at, 'query'], body.query, new Set(), away);
      continue;
    }
    for (const member of INNER_HITS_CLAUSES[type] ?? []) {
      const clauses = body[member];
      if (Array.isArray(clauses)) {
        clauses.forEach((clause, i) => {
          innerHitsNames(check, [...at, member, i], clause, names, away);
        });
      } else innerHitsNames(check, [...at, member], clauses, names, away);
    }
  }
}
/** `InnerHitBuilder`'s own defaults. */
const INNER_HITS_DEFAULT_SIZE = 3;

/**
 * `from` + `size` of the inner hits of `nested`, `has_child` and `has_parent` queries, against
 * `index.max_inner_result_window`: checked when each shard builds the query, whether or not the path is mapped and
 * whatever the search's own size (`InnerHitContextBuilder.validate`; real 2.19.1 and 3.8.0).
 */
function checkInnerHits(check: JsonCheck, path: ValuePath, node: unknown, limit: number): void {
  // Every member of the query is visited (when the body may name inner hits at all): its path is one array extended
  // and restored in place, copied for a report.
  if (check.segment.mayHoldInnerHits()) innerHitsIn(check, path.keys(), node, limit);
}

function innerHitsIn(check: JsonCheck, trail: (string | number)[], node: unknown, limit: number): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (typeof item !== 'object' || item === null) continue;
      trail.push(i);
      innerHitsIn(check, trail, item, limit);
      trail.pop();
    }
    return;
  }
  if (!isObject(node)) return;
  for (const key of Object.keys(node)) {
    const value = node[key];
    if (typeof value !== 'object' || value === null) continue;
    trail.push(key);
    if (INNER_HITS_QUERIES.has(key) && isObject(value) && isObject(value.inner_hits)) {
      const inner = value.inner_hits;
      const from = inner.from === undefined ? 0 : intOf(inner.from);
      const size = inner.size === undefined ? INNER_HITS_DEFAULT_SIZE : intOf(inner.size);
      if (from !== undefined && size !== undefined && from + size > limit) {
        const name = typeof inner.name === 'string' ? inner.name : 'null';
        check.report(
          'search.inner-hits-window',
          `Inner result window is too large, the inner hit definition's [${name}]'s from + size must be less than or equal to: [${limit}] but was [${from + size}]. This limit can be set by changing the [index.max_inner_result_window] index level setting.${limitNote(check.server, 'maxInnerResultWindow')}`,
          [...trail, 'inner_hits', inner.size === undefined ? 'from' : 'size'],
          'value',
        );
      }
    }
    innerHitsIn(check, trail, value, limit);
    trail.pop();
  }
}
