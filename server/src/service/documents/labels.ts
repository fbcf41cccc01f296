import { isObject } from '../json/jsonSegment';
import { CLAUSE_BY_NAME } from '../validate/query';

function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a search body does, in two or three words: `match message`, `bool`, `aggs by_level`. */
function describeSearchBody(body: unknown): string {
  if (!isObject(body)) return '';
  const query = body.query;
  if (isObject(query)) {
    const clause = Object.keys(query)[0];
    if (clause !== undefined) {
      const value = query[clause];
      const spec = CLAUSE_BY_NAME.get(clause);
      if (spec !== undefined && spec.shape !== 'object' && isObject(value)) {
        const field = Object.keys(value).find((k) => spec.params?.some((p) => p.name === k) !== true);
        if (field !== undefined) return `${clause} ${field}`;
      }
      return clause;
    }
  }
  const aggs = isObject(body.aggs) ? body.aggs : isObject(body.aggregations) ? body.aggregations : undefined;
  if (aggs !== undefined) return `aggs ${Object.keys(aggs).join(',')}`.trim();
  return 'match_all';
}

/** The indexes a header names, as written. */
function describeHeaderIndex(header: unknown): string | undefined {
  if (!isObject(header)) return undefined;
  const index = header.index ?? header.indices;
  if (typeof index === 'string') return index.length > 0 ? index : undefined;
  if (Array.isArray(index)) return index.map(String).join(',');
  return undefined;
}

/** `#12 logs-* match message`: a `.msearch` pair in outlines, breadcrumbs and result labels. */
export function pairLabel(
  position: number,
  headerText: string,
  bodyText: string | undefined,
  defaultIndex: string,
): string {
  const index = describeHeaderIndex(parseLoose(headerText)) ?? defaultIndex;
  const what = bodyText === undefined ? '(no body)' : describeSearchBody(parseLoose(bodyText));
  return `#${position} ${index} ${what}`.trimEnd();
}
