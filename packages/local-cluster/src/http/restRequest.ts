// One REST request as OpenSearch's RestRequest sees it: a single parameter map (query string and path
// placeholders), with every parameter a handler reads marked as consumed so that the rest can be rejected.
import { illegalArgument, OsError, type Jackson } from '../core/errors';
import { numberFormat, parseJavaInt, parseJavaLong, parseStrictBoolean, parseTimeValue } from '../core/values';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH' | 'OPTIONS';

export class RestRequest {
  readonly params = new Map<string, string>();
  readonly consumed = new Set<string>();
  contentConsumed = false;

  constructor(
    readonly method: Method,
    /** The decoded path without the query string. */
    readonly path: string,
    /** The URI exactly as received (path and query). */
    readonly uri: string,
    query: Map<string, string>,
    readonly headers: Record<string, string | string[] | undefined>,
    readonly body: Buffer,
    /** The JSON parser generation of the release that answers (its error messages differ). */
    readonly jackson: Jackson = 2,
    /** The major version of the release that answers. */
    readonly major = 2,
    /** The status of a number out of an `int`'s range in a body (Release.coercionStatus). */
    readonly coercionStatus: 400 | 500 = 500,
  ) {
    for (const [k, v] of query) this.params.set(k, v);
  }

  setPathParams(pathParams: Record<string, string>): void {
    for (const [k, v] of Object.entries(pathParams)) this.params.set(k, v);
  }

  has(name: string): boolean {
    return this.params.has(name);
  }

  param(name: string): string | undefined {
    this.consumed.add(name);
    return this.params.get(name);
  }

  /** paramAsBoolean(key, default): empty = true, whitespace-only = default, else strict. */
  bool(name: string, dflt: boolean): boolean {
    const v = this.param(name);
    if (v === undefined) return dflt;
    if (v.length === 0) return true;
    if (v.trim().length === 0) return dflt;
    return parseStrictBoolean(v);
  }

  /** Booleans.parseBoolean(param, null): empty or blank = unset. */
  boxedBool(name: string): boolean | undefined {
    const v = this.param(name);
    if (v === undefined || v.trim().length === 0) return undefined;
    return parseStrictBoolean(v);
  }

  int(name: string, dflt: number): number;
  int(name: string, dflt: undefined): number | undefined;
  int(name: string, dflt: number | undefined): number | undefined {
    const v = this.param(name);
    if (v === undefined) return dflt;
    const n = parseJavaInt(v);
    if (n === undefined) {
      throw illegalArgument(`Failed to parse int parameter [${name}] with value [${v}]`, numberFormat(v));
    }
    return n;
  }

  long(name: string): number | undefined {
    const v = this.param(name);
    if (v === undefined) return undefined;
    const n = parseJavaLong(v);
    if (n === undefined) {
      throw illegalArgument(`Failed to parse long parameter [${name}] with value [${v}]`, numberFormat(v));
    }
    return n;
  }

  /** paramAsTime: milliseconds, or undefined when absent. */
  time(name: string): number | undefined {
    const v = this.param(name);
    if (v === undefined) return undefined;
    return parseTimeValue(v, name);
  }

  hasContent(): boolean {
    return this.body.length > 0;
  }

  /** The body, or the `source` parameter when there is none (RestRequest.contentOrSourceParam). */
  contentOrSource(): string | undefined {
    this.contentConsumed = true;
    if (this.body.length > 0) return this.body.toString('utf8');
    const source = this.param('source');
    const sourceType = this.param('source_content_type');
    if (source === undefined) return undefined;
    if (sourceType === undefined) {
      // A Java IllegalStateException, which the REST layer answers as a server error.
      throw new OsError(500, 'illegal_state_exception', 'source and source_content_type parameters are required', {
        openSearch: false,
      });
    }
    return source;
  }

  /** The body, required (RestRequest.requiredContent). */
  requiredContent(): string {
    this.contentConsumed = true;
    if (this.body.length === 0) {
      throw new OsError(400, 'parse_exception', 'request body is required');
    }
    return this.body.toString('utf8');
  }

  header(name: string): string | undefined {
    const v = this.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }
}

/** RestUtils.decodeQueryString: `a=b&c` (a key without `=` has the empty value); the last value wins. */
export function decodeQuery(query: string): Map<string, string> {
  const out = new Map<string, string>();
  if (query.length === 0) return out;
  for (const part of query.split('&')) {
    if (part.length === 0) continue;
    const eq = part.indexOf('=');
    const key = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeComponent(part.slice(eq + 1));
    out.set(key, value);
  }
  return out;
}

function decodeComponent(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    throw illegalArgument(`unterminated escape sequence at end of string: ${s}`);
  }
}

/** Decodes one path segment (`+` stays a plus sign in paths). */
export function decodePathSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw illegalArgument(`unterminated escape sequence at end of string: ${s}`);
  }
}
