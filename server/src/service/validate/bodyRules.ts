import { ValuePath, type AnyPath } from '../json/valuePath';
// Rules across the sections of one search body, and the limits of default index settings, with OpenSearch's own
// words (SearchRequest.validate, SearchService.parseSource, SliceBuilder, SearchAfterBuilder, the rescorers; each
// checked on real OpenSearch 2.19.1 and 3.8.0 by the conformance corpus; each code is described in docs/diagnostics.md).
import type { DiagnosticCode } from '../diagnosticCodes';
import { isObject } from '../json/jsonSegment';
import { compareVersions } from '../../spec/versions';
import type { JsonCheck } from './jsonCheck';
import { limitNote, limitsOf } from './limits';
import { checkHighlight } from './highlight';
import { checkSuggest } from './suggest';

/** The sort entries of a body as the server counts them: each name, `_score` included. */
export function sortNames(sort: unknown): string[] {
  if (sort === undefined) return [];
  if (typeof sort === 'string') return [sort];
  if (Array.isArray(sort)) {
    const out: string[] = [];
    for (const entry of sort) {
      if (typeof entry === 'string') out.push(entry);
      else if (isObject(entry)) {
        for (const key in entry) {
          out.push(key);
          break;
        }
      }
    }
    return out;
  }
  if (isObject(sort)) return Object.keys(sort);
  return [];
}

function intOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
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
  const report = (code: DiagnosticCode, message: string, path: AnyPath, target: 'key' | 'value' = 'key'): void => {
    check.report(code, message, path, target);
  };
  const version = check.server.version;
  const limits = limitsOf(check.server);
  const sort = sortNames(body.sort);
  const hasPit = isObject(body.pit);
  const rescore = body.rescore;
  const hasRescore = isObject(rescore) || (Array.isArray(rescore) && rescore.length > 0);

  // collapse
  if (isObject(body.collapse)) {
    const field = typeof body.collapse.field === 'string' ? body.collapse.field : undefined;
    if (!('field' in body.collapse)) {
      // CollapseBuilder keeps a null field; each shard fails on it when it builds the collapse context.
      report(
        'search.collapse-no-field',
        shardFailure('[collapse] needs [field]', 'Cannot invoke "String.length()" because "str" is null'),
        ['collapse'],
      );
    } else if (scroll) report('search.collapse-conflict', 'cannot use `collapse` in a scroll context', ['collapse']);
    else if (hasRescore) {
      report('search.collapse-conflict', 'cannot use `collapse` in conjunction with `rescore`', ['collapse']);
    } else if (Array.isArray(body.search_after) && sort.length > 0) {
      if (compareVersions(version, { major: 3, minor: 0, patch: 0 }) < 0) {
        report('search.collapse-conflict', 'cannot use `collapse` in conjunction with `search_after`', ['collapse']);
      } else if (sort.length !== 1 || sort[0] !== field) {
        report(
          'search.collapse-conflict',
          'collapse field and sort field must be the same when use `collapse` in conjunction with `search_after`',
          ['collapse'],
        );
      }
    }
  }

  // search_after against the sort
  if (Array.isArray(body.search_after)) {
    if (body.search_after.length === 0) {
      report('search.search-after-sort', 'Values must contains at least one value.', ['search_after'], 'value');
    } else if (sort.filter((s) => s !== '_score').length === 0) {
      report('search.search-after-sort', 'Sort must contain at least one field.', ['search_after']);
    } else if (body.search_after.length !== sort.length) {
      report(
        'search.search-after-sort',
        `search_after has ${body.search_after.length} value(s) but sort has ${sort.length}.`,
        ['search_after'],
      );
    }
  }

  // _shard_doc needs a point in time
  if (!hasPit && sort.includes('_shard_doc')) {
    report(
      'search.shard-doc-without-pit',
      compareVersions(version, { major: 3, minor: 0, patch: 0 }) >= 0
        ? 'Validation Failed: 1: _shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.;'
        : 'No mapping found for [_shard_doc] in order to sort on',
      ['sort'],
    );
  }

  // slice
  if (isObject(body.slice)) {
    const id = intOf(body.slice.id);
    const max = intOf(body.slice.max);
    if (id !== undefined && id < 0) {
      report('search.slice-invalid', 'id must be greater than or equal to 0', ['slice', 'id'], 'value');
    } else if (max !== undefined && max <= 1) {
      report('search.slice-invalid', 'max must be greater than 1', ['slice', 'max'], 'value');
    } else if (max !== undefined && id !== undefined && id >= max) {
      report('search.slice-invalid', 'max must be greater than id', ['slice', 'max'], 'value');
    } else if (!scroll && !hasPit) {
      report('search.slice-context', '`slice` cannot be used outside of a scroll context or PIT context', ['slice']);
    } else if (max !== undefined && scroll && max > limits.maxSlicesPerScroll) {
      report(
        'search.slice-limit',
        `The number of slices [${max}] is too large. It must be less than [${limits.maxSlicesPerScroll}]. This limit can be set by changing the [index.max_slices_per_scroll] index level setting.${limitNote(check.server, 'maxSlicesPerScroll')}`,
        ['slice', 'max'],
        'value',
      );
    }
  }

  // rescore windows
  const rescorers = isObject(rescore) ? [rescore] : Array.isArray(rescore) ? rescore : [];
  rescorers.forEach((r, i) => {
    if (!isObject(r)) return;
    const at = isObject(rescore) ? ValuePath.of('rescore') : ValuePath.of('rescore', i);
    checkRescorer(check, at, r);
    const window = intOf(r.window_size);
    if (window !== undefined && window > limits.maxRescoreWindow) {
      report(
        'search.rescore-window',
        `Rescore window [${window}] is too large. It must be less than [${limits.maxRescoreWindow}]. This prevents allocating massive heaps for storing the results to be rescored. This limit can be set by changing the [index.max_rescore_window] index level setting.${limitNote(check.server, 'maxRescoreWindow')}`,
        at.child('window_size'),
        'value',
      );
    }
  });

  if (isObject(body.highlight)) checkHighlight(check, ValuePath.of('highlight'), body.highlight, returnsHits);
  if (isObject(body.suggest)) checkSuggest(check, ValuePath.of('suggest'), body.suggest);

  // inner hits of nested, has_child and has_parent queries
  for (const section of ['query', 'post_filter']) {
    if (isObject(body[section]))
      checkInnerHits(check, ValuePath.of(section), body[section], limits.maxInnerResultWindow);
  }

  // how many fields a request may fetch
  if (Array.isArray(body.docvalue_fields) && body.docvalue_fields.length > limits.maxDocvalueFields) {
    report(
      'search.fields-limit',
      `Trying to retrieve too many docvalue_fields. Must be less than or equal to: [${limits.maxDocvalueFields}] but was [${body.docvalue_fields.length}]. This limit can be set by changing the [index.max_docvalue_fields_search] index level setting.${limitNote(check.server, 'maxDocvalueFields')}`,
      ['docvalue_fields'],
    );
  }
  if (isObject(body.script_fields) && Object.keys(body.script_fields).length > limits.maxScriptFields) {
    report(
      'search.fields-limit',
      `Trying to retrieve too many script_fields. Must be less than or equal to: [${limits.maxScriptFields}] but was [${Object.keys(body.script_fields).length}]. This limit can be set by changing the [index.max_script_fields] index level setting.${limitNote(check.server, 'maxScriptFields')}`,
      ['script_fields'],
    );
  }

  const track = intOf(body.track_total_hits);
  if (track !== undefined && track < -1) {
    report(
      'search.track-total-hits-negative',
      `totalHitsThreshold must be >= 0, got ${track}`,
      ['track_total_hits'],
      'value',
    );
  }
  if (body.stored_fields === '_none_' && body._source === true) {
    report('search.stored-fields-source', '[stored_fields] cannot be disabled if [_source] is requested', [
      'stored_fields',
    ]);
  }
}

/** How OpenSearch words a failure that every shard hits, where the search itself has no message of its own. */
function shardFailure(what: string, reason: string): string {
  return `${what}: OpenSearch fails every shard with "${reason}"`;
}

/**
 * One rescorer, as `RescorerBuilder.parseFromXContent` reads it: `window_size` and one rescorer object (`query`). With
 * no object at all it fails with `missing rescore type`; any other scalar key is refused in words of its own first.
 * The `query` rescorer needs its `rescore_query` (`QueryRescorerBuilder`, `rescore_query cannot be null`).
 */
function checkRescorer(check: JsonCheck, at: ValuePath, rescorer: Record<string, unknown>): void {
  const keys = Object.keys(rescorer);
  if (keys.every((k) => k === 'window_size' && !isObject(rescorer[k]) && !Array.isArray(rescorer[k]))) {
    check.report('search.rescore-missing', 'missing rescore type', at, keys.length === 0 ? 'value' : 'key');
    return;
  }
  const query = rescorer.query;
  if (isObject(query) && !('rescore_query' in query)) {
    check.report('search.rescore-missing', 'rescore_query cannot be null', at.child('query'), 'key');
  }
}

const INNER_HITS_QUERIES = new Set(['nested', 'has_child', 'has_parent']);
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
  if (check.segment.mayHoldKey('inner_hits')) innerHitsIn(check, path.keys(), node, limit);
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
