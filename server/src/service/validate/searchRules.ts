import type { AnyPath, ValuePath } from '../json/valuePath';
import { isObject, tokenOf, type Span } from '../json/jsonSegment';
import { didYouMean } from '../text/similarity';
import type { QueryParam } from '../url/requestLine';
import type { DiagnosticCode } from '../diagnosticCodes';
import { issue, type IssueSink, type ValidationTag } from './issues';
import {
  combineValidationFailures,
  POINT_IN_TIME_VALIDATION,
  pointInTimeValidation,
  SEARCH_VALIDATION,
  searchValidation,
  validationIssue,
} from './validationFailures';
import type { JsonCheck } from './jsonCheck';
import { TRACK_TOTAL_HITS_ACCURATE, TRACK_TOTAL_HITS_DISABLED, type SearchBodyFacts } from './searchBody';
import { parseJavaInt } from './values';
import { checkBodyRules, sortNames } from './bodyRules';
import type { TargetServer } from '../target';
import { limitNote, limitsOf } from './limits';

/** Where a cross-field finding goes: a URL parameter (line-relative span) or a body path. */
export interface RuleTargets {
  readonly urlIssues: IssueSink;
  readonly body: JsonCheck | undefined;
  readonly params: ReadonlyMap<string, QueryParam>;
  /** The index named by the path or the msearch header, if any. */
  readonly indices: { readonly span?: Span; readonly path?: AnyPath } | undefined;
  readonly kind: 'search' | 'msearch';
  /** `rest_total_hits_as_int` of the msearch URL, for its items. */
  readonly restTotalHitsAsInt?: boolean;
  /** The server the checks are made for (its limits). */
  readonly server: TargetServer;
}

function urlValue(params: ReadonlyMap<string, QueryParam>, name: string): QueryParam | undefined {
  return params.get(name);
}

function boolParam(param: QueryParam | undefined, emptyIsTrue: boolean): boolean | undefined {
  if (param === undefined) return undefined;
  if (param.value === '') return emptyIsTrue ? true : undefined;
  if (param.value === 'true') return true;
  if (param.value === 'false') return false;
  return undefined;
}

/** Rules that look at the URL and the body together (docs/opensearch/search.md#rules-across-the-request). */
/** Reports on the URL parameter when one is given (it overrides the body), else at the body path. */
type RuleReport = (
  code: DiagnosticCode,
  message: string,
  bodyPath: AnyPath | undefined,
  param: QueryParam | undefined,
) => void;

/** A `from` or `size` URL parameter's number; -1 means "not given" (OpenSearch 2.x; newer versions refuse it, which is reported on the parameter). */
function given(param: QueryParam | undefined): number | undefined {
  const n = param === undefined ? undefined : parseJavaInt(param.value);
  return n === -1 ? undefined : n;
}

export function checkSearchRules(targets: RuleTargets, facts: SearchBodyFacts): void {
  const { params, body, urlIssues } = targets;
  const MAX_RESULT_WINDOW = limitsOf(targets.server).maxResultWindow;
  const windowNote = limitNote(targets.server, 'maxResultWindow');
  const report: RuleReport = (code, message, bodyPath, param) => {
    if (param !== undefined) {
      urlIssues.push(issue(code, message, param.hasEquals ? param.valueSpan : param.nameSpan));
    } else if (bodyPath !== undefined && body !== undefined) {
      body.report(code, message, bodyPath);
    }
  };
  /** The same for a failure of `SearchRequest.validate`, which says all of them at once. */
  const reportValidation = (
    code: DiagnosticCode,
    tag: ValidationTag,
    bodyPath: AnyPath | undefined,
    param: QueryParam | undefined,
  ): void => {
    if (param !== undefined) {
      const span = param.hasEquals ? param.valueSpan : param.nameSpan;
      urlIssues.push(validationIssue(code, tag, span));
    } else if (bodyPath !== undefined && body !== undefined) {
      body.reportValidation(code, tag, bodyPath);
    }
  };

  // URL values override the body (RestSearchAction applies them after parsing the body).
  const fromParam = targets.kind === 'search' ? urlValue(params, 'from') : undefined;
  const sizeParam = targets.kind === 'search' ? urlValue(params, 'size') : undefined;
  const urlFrom = given(fromParam);
  const urlSize = given(sizeParam);
  const from = urlFrom ?? facts.from?.value ?? 0;
  const size = urlSize ?? facts.size?.value ?? 10;
  const scroll = targets.kind === 'search' ? urlValue(params, 'scroll') : undefined;

  let trackParam: QueryParam | undefined;
  let track = facts.trackTotalHits?.value;
  if (targets.kind === 'search') {
    trackParam = urlValue(params, 'track_total_hits');
    if (trackParam !== undefined) {
      if (trackParam.value === 'true') track = TRACK_TOTAL_HITS_ACCURATE;
      else if (trackParam.value === 'false') track = TRACK_TOTAL_HITS_DISABLED;
      else track = parseJavaInt(trackParam.value) ?? track;
    }
  }
  const trackWhere = trackParam !== undefined ? { param: trackParam } : { path: facts.trackTotalHits?.path };

  // rest_total_hits_as_int needs accurate tracking.
  const restAsInt =
    targets.kind === 'search'
      ? boolParam(urlValue(params, 'rest_total_hits_as_int'), true)
      : targets.restTotalHitsAsInt;
  if (
    restAsInt === true &&
    track !== undefined &&
    track !== TRACK_TOTAL_HITS_ACCURATE &&
    track !== TRACK_TOTAL_HITS_DISABLED
  ) {
    report(
      'search.total-hits-as-int',
      `[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got ${track}`,
      trackWhere.path,
      trackWhere.param,
    );
  }

  if (scroll !== undefined) {
    const validation = (
      order: number,
      failure: string,
      code: DiagnosticCode,
      path: AnyPath | undefined,
      param?: QueryParam,
    ): void => {
      reportValidation(code, searchValidation(order, failure), path, param);
    };
    if (track !== undefined && track !== TRACK_TOTAL_HITS_ACCURATE) {
      validation(
        SEARCH_VALIDATION.scrollTrackTotalHits,
        'disabling [track_total_hits] is not allowed in a scroll context',
        'scroll.track-total-hits',
        trackWhere.path,
        trackWhere.param,
      );
    }
    if (from > 0) {
      validation(
        SEARCH_VALIDATION.scrollFrom,
        'using [from] is not allowed in a scroll context',
        'scroll.from',
        facts.from?.path,
        fromParam,
      );
    }
    if (size === 0) {
      validation(
        SEARCH_VALIDATION.scrollSize,
        '[size] cannot be [0] in a scroll context',
        'scroll.size-zero',
        facts.size?.path,
        sizeParam,
      );
    }
    if (facts.rescore !== undefined) {
      validation(
        SEARCH_VALIDATION.scrollRescore,
        'using [rescore] is not allowed in a scroll context',
        'scroll.rescore',
        facts.rescore,
      );
    }
    const cache = urlValue(params, 'request_cache');
    if (cache?.value === 'true') {
      validation(
        SEARCH_VALIDATION.scrollRequestCache,
        '[request_cache] cannot be used in a scroll context',
        'scroll.request-cache',
        undefined,
        cache,
      );
    }
    if (facts.pit !== undefined) {
      validation(
        SEARCH_VALIDATION.scrollPointInTime,
        'using [point in time] is not allowed in a scroll context',
        'scroll.pit',
        facts.pit,
      );
    }
    if (facts.searchAfter !== undefined) {
      report('scroll.search-after', '`search_after` cannot be used in a scroll context.', facts.searchAfter, undefined);
    }
    if (size > MAX_RESULT_WINDOW) {
      report(
        'search.result-window',
        `Batch size is too large, size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${size}]. Scroll batch sizes cost as much memory as result windows so they are controlled by the [index.max_result_window] index level setting.${windowNote}`,
        facts.size?.path,
        sizeParam,
      );
    }
  } else if (from + size > MAX_RESULT_WINDOW) {
    const useSize = sizeParam !== undefined || facts.size !== undefined;
    report(
      'search.result-window',
      `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.${windowNote}`,
      useSize ? facts.size?.path : facts.from?.path,
      useSize ? sizeParam : fromParam,
    );
  }

  if (facts.searchAfter !== undefined && from > 0) {
    report(
      'search.search-after-from',
      '`from` parameter must be set to 0 when `search_after` is used.',
      facts.from?.path ?? facts.searchAfter,
      fromParam,
    );
  }
  // Sorting on the score alone goes with rescoring.
  const sortsOnFields = (): boolean =>
    facts.source === undefined || sortNames(facts.source.sort).some((s) => s !== '_score');
  if (facts.sort !== undefined && facts.rescore !== undefined && sortsOnFields()) {
    report(
      'search.sort-with-rescore',
      'Cannot use [sort] option in conjunction with [rescore].',
      facts.rescore,
      undefined,
    );
  }

  // A negative rescore window: every shard that has hits to rescore fails (`QueryRescorer` sizes an array with it).
  const rescore = facts.source?.rescore;
  const rescorers = isObject(rescore) ? [rescore] : Array.isArray(rescore) ? rescore : [];
  if (rescore !== undefined && size > 0 && scroll === undefined) {
    rescorers.forEach((r, i) => {
      const window = isObject(r) && typeof r.window_size === 'number' ? r.window_size : undefined;
      if (window === undefined || !Number.isInteger(window) || window >= 0) return;
      report(
        'search.rescore-window',
        `[window_size] is negative: OpenSearch fails every shard that has hits to rescore with "negative_array_size_exception: ${window}"`,
        isObject(rescore) ? ['rescore', 'window_size'] : ['rescore', i, 'window_size'],
        undefined,
      );
    });
  }

  checkVerbosePipeline(targets, facts.source, report);

  if (facts.pit !== undefined) {
    checkPointInTimeId(body, facts.source?.pit, facts.pit);
    checkPointInTime(targets, facts.pit);
  }
  if (body !== undefined && facts.source !== undefined)
    checkBodyRules(body, facts.source, scroll !== undefined, size > 0);
  combineValidationFailures([urlIssues, body?.issues]);
}

export const VERBOSE_WITHOUT_PIPELINE = "The 'verbose pipeline' option requires a search pipeline to be defined.";

/**
 * `verbose_pipeline` (URL or body) needs a search pipeline (`SearchPipelineService.resolvePipeline`): a named one,
 * an inline one, or the default pipeline of the index searched (`index.search.default_pipeline`). Without one the
 * search is refused; that is sure when the request names none and either disables it (`_none`) or names no index
 * (no default pipeline is looked up then). With an index in the path, its default pipeline, which the language
 * server does not know, decides: a Warning. In `_msearch` only that search fails (msearchItems.ts); its header's
 * indexes are the ones searched.
 */
function checkVerbosePipeline(
  targets: RuleTargets,
  source: Record<string, unknown> | undefined,
  report: RuleReport,
): void {
  const verboseParam = targets.params.get('verbose_pipeline');
  const bodyVerbose = source?.verbose_pipeline;
  const verbose =
    verboseParam !== undefined
      ? boolParam(verboseParam, true) === true
      : bodyVerbose === true || bodyVerbose === 'true';
  if (!verbose) return;
  const urlPipeline = targets.params.get('search_pipeline')?.value;
  const bodyPipeline = source?.search_pipeline;
  const names = [urlPipeline, bodyPipeline].filter((p) => p !== undefined);
  if (names.some((p) => p !== '_none')) return;
  const disabled = names.length > 0;
  const where = verboseParam !== undefined ? { param: verboseParam } : { path: ['verbose_pipeline'] };
  if (disabled || targets.indices === undefined) {
    report('search.verbose-pipeline', VERBOSE_WITHOUT_PIPELINE, where.path, where.param);
  } else {
    report(
      'search.verbose-pipeline-default',
      `[verbose_pipeline] without [search_pipeline]: unless the indexes searched have a default search pipeline (index.search.default_pipeline), OpenSearch refuses it: ${VERBOSE_WITHOUT_PIPELINE}`,
      where.path,
      where.param,
    );
  }
}

/**
 * The point in time id, read before anything else of the request (`RestSearchAction` decodes it to find the indexes):
 * none at all is `point int time id is not provided` (sic); one that is no URL-safe base64 is `invalid id: [<id>]`
 * (`SearchContextId.decode`). An id that decodes but is no real one fails too, in words that differ between versions:
 * those are left to the server.
 */
function checkPointInTimeId(body: JsonCheck | undefined, pit: unknown, path: ValuePath): void {
  if (body === undefined || !isObject(pit)) return;
  // `PointInTimeBuilder`'s ObjectParser (`pit`): `id` and `keep_alive`, the id a string only.
  const unknown = Object.keys(pit).find((key) => key !== 'id' && key !== 'keep_alive');
  if (unknown !== undefined) {
    const at = path.child(unknown);
    body.report(
      'search.unknown-field',
      `${body.where(at, 'key')} [pit] unknown field [${unknown}]${didYouMean(unknown, ['id', 'keep_alive'])}`,
      at,
      'key',
    );
  }
  if (!('id' in pit)) {
    body.report('pit.id', 'point int time id is not provided', path, 'key');
    return;
  }
  const at = path.child('id');
  if (typeof pit.id !== 'string') {
    body.report('pit.id', body.unsupported(at, 'pit', 'id', tokenOf(pit.id)), at);
  } else if (!mayBeUrlBase64(pit.id)) {
    body.report('pit.id', `invalid id: [${pit.id}]`, at);
  }
}

/** Whether Java's URL-safe base64 decoder could read `text` (a few bytes at least, its alphabet, whole units). */
function mayBeUrlBase64(text: string): boolean {
  const match = /^([A-Za-z0-9_-]*)(=*)$/.exec(text);
  if (match === null || text.length < 2) return false;
  const [, data = '', padding = ''] = match;
  if (padding.length > 2) return false;
  if (padding.length > 0) return (data.length + padding.length) % 4 === 0 && data.length % 4 !== 1;
  return data.length % 4 !== 1;
}

function checkPointInTime(targets: RuleTargets, pit: AnyPath): void {
  const { params, indices, urlIssues, body } = targets;
  const tag = (order: number, what: string): ValidationTag =>
    pointInTimeValidation(order, `[${what}] cannot be used with point in time`);
  // The parameter itself is what the server refuses here: point at all of it.
  const refuse = (code: DiagnosticCode, found: ValidationTag, span: Span): void => {
    urlIssues.push(validationIssue(code, found, span));
  };
  if (indices !== undefined) {
    const found = tag(POINT_IN_TIME_VALIDATION.indices, 'indices');
    if (indices.span !== undefined) refuse('pit.indices', found, indices.span);
    else if (indices.path !== undefined) body?.reportValidation('pit.indices', found, pit);
  }
  if (targets.kind !== 'search') return;
  for (const name of ['expand_wildcards', 'ignore_unavailable', 'allow_no_indices', 'ignore_throttled']) {
    const param = params.get(name);
    if (param !== undefined) {
      refuse('pit.indices-options', tag(POINT_IN_TIME_VALIDATION.indicesOptions, 'indicesOptions'), param.span);
    }
  }
  const routing = params.get('routing');
  if (routing !== undefined) refuse('pit.routing', tag(POINT_IN_TIME_VALIDATION.routing, 'routing'), routing.span);
  const preference = params.get('preference');
  if (preference !== undefined) {
    refuse('pit.preference', tag(POINT_IN_TIME_VALIDATION.preference, 'preference'), preference.span);
  }
  const ccs = params.get('ccs_minimize_roundtrips');
  if (ccs !== undefined && (ccs.value === '' || ccs.value === 'true')) {
    refuse(
      'pit.ccs-minimize-roundtrips',
      tag(POINT_IN_TIME_VALIDATION.ccsMinimizeRoundtrips, 'ccs_minimize_roundtrips'),
      ccs.span,
    );
  }
}

/** `sort=field:up` in the URL: the server silently skips that entry. */
export function checkUrlSort(params: ReadonlyMap<string, QueryParam>, urlIssues: IssueSink): void {
  const sort = params.get('sort');
  if (sort === undefined) return;
  let offset = sort.valueSpan.offset;
  for (const entry of sort.value.split(',')) {
    const colon = entry.lastIndexOf(':');
    if (colon !== -1) {
      const direction = entry.slice(colon + 1);
      if (direction !== 'asc' && direction !== 'desc') {
        urlIssues.push(
          issue(
            'search.sort-direction-ignored',
            `[${direction}] is neither asc nor desc: the server silently ignores the sort entry [${entry}].`,
            { offset: offset + colon + 1, length: direction.length },
            { data: { replacements: ['asc', 'desc'] } },
          ),
        );
      }
    }
    offset += entry.length + 1;
  }
}

/**
 * The term suggester shortcut of the URL: `RestSearchAction` builds it from `suggest_field` with `suggest_mode` read
 * without a default (`SuggestMode.resolve` of nothing fails with HTTP 500) and the text of `suggest_text`, else `q`
 * (none: each shard fails, `The required text option is missing`). Real 2.19.1 and 3.8.0.
 */
export function checkUrlSuggest(params: ReadonlyMap<string, QueryParam>, urlIssues: IssueSink): void {
  const field = params.get('suggest_field');
  if (field === undefined || field.value === '') return;
  if (!params.has('suggest_mode')) {
    urlIssues.push(
      issue(
        'url.missing-parameter',
        '[suggest_field] needs [suggest_mode]: without it OpenSearch fails with "Input string is null"',
        field.nameSpan,
      ),
    );
  } else if (!params.has('suggest_text') && !params.has('q')) {
    urlIssues.push(
      issue(
        'url.missing-parameter',
        '[suggest_field] needs [suggest_text] (or [q]): without it OpenSearch fails every shard with "The required text option is missing"',
        field.nameSpan,
      ),
    );
  }
}
