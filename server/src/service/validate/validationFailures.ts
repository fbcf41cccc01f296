// The validations that collect their failures and throw them together (docs/opensearch/search.md#validation-failures):
// the point-in-time rules of the search handler (`RestSearchAction.preparePointInTime`) and the search request's own
// (`SearchRequest.validate`, which also runs the aggregations' `AggregatorFactories.Builder.validate`). Each throws one
// `action_request_validation_exception` whose reason lists every failure it found, numbered in the order it checked
// them: `Validation Failed: 1: <first>;2: <second>;` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
// `cross/lists/validation/*`). The checks report each failure where it is written, tagged; once a request is checked,
// every tagged finding of a group says the whole list, as the answer would.
import type { Span } from '../json/jsonSegment';
import type { DiagnosticCode } from '../diagnosticCodes';
import { issue, type Issue, type ValidationTag } from './issues';

/** The checks of `SearchRequest.validate`, in its order. */
export const SEARCH_VALIDATION = {
  scrollTrackTotalHits: 0,
  scrollFrom: 1,
  scrollSize: 2,
  scrollRescore: 3,
  scrollRequestCache: 4,
  /** Every failure of the aggregations, in the order their validation finds them (aggregationStructure.ts). */
  aggregations: 5,
  scrollPointInTime: 6,
  shardDocScroll: 7,
  shardDocWithoutPointInTime: 8,
  shardDocTwice: 9,
} as const;

/** The checks of `RestSearchAction.preparePointInTime`, in its order. */
export const POINT_IN_TIME_VALIDATION = {
  indices: 0,
  indicesOptions: 1,
  routing: 2,
  preference: 3,
  ccsMinimizeRoundtrips: 4,
} as const;

/** One failure as the server says it when it is the only one. */
function validationFailed(failure: string): string {
  return `Validation Failed: 1: ${failure};`;
}

/** A finding of `code` for the failure `tag`, at `span`: its own words until the request's others are known. */
export function validationIssue(code: DiagnosticCode, tag: ValidationTag, span: Span): Issue {
  return { ...issue(code, validationFailed(tag.failure), span), validation: tag };
}

export function searchValidation(order: number, failure: string): ValidationTag {
  return { group: 'search', order, failure };
}

export function pointInTimeValidation(order: number, failure: string): ValidationTag {
  return { group: 'pit', order, failure };
}

interface Found {
  readonly list: Issue[];
  readonly index: number;
  readonly tag: ValidationTag;
}

/**
 * Gives every tagged finding of `lists` (one request's: its URL's and its body's) the message of its group: the
 * group's failures in the server's order (by their check, then as they were found). A check the server makes once
 * may be reported at several places (two index options in the URL are one `[indicesOptions]` failure): its findings
 * are one failure; the aggregations' findings are each their own.
 */
export function combineValidationFailures(lists: readonly (Issue[] | undefined)[]): void {
  let found: Found[] | undefined;
  for (const list of lists) {
    if (list === undefined) continue;
    for (let index = 0; index < list.length; index++) {
      const tag = list[index]!.validation;
      if (tag !== undefined) (found ??= []).push({ list, index, tag });
    }
  }
  if (found === undefined || found.length < 2) return;
  for (const group of ['search', 'pit'] as const) {
    const members = found.filter((f) => f.tag.group === group);
    if (members.length < 2) continue;
    // Array.prototype.sort is stable: findings of one check stay in the order they were found.
    members.sort((a, b) => a.tag.order - b.tag.order);
    const failures: string[] = [];
    let previous: ValidationTag | undefined;
    for (const { tag } of members) {
      const once = tag.group === 'pit' || tag.order !== SEARCH_VALIDATION.aggregations;
      if (once && previous !== undefined && previous.order === tag.order && previous.failure === tag.failure) continue;
      failures.push(tag.failure);
      previous = tag;
    }
    const message = `Validation Failed: ${failures.map((failure, i) => `${i + 1}: ${failure};`).join('')}`;
    for (const { list, index } of members) list[index] = { ...list[index]!, message };
  }
}
