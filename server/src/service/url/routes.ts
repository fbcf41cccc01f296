import { CHECKED_PARAMS, EXTRA_ENDPOINTS, EXTRA_PATHS, SCOPE_ENDPOINTS } from '../../spec/endpoints';
import { GENERATED_ENDPOINTS } from '../../spec/generated/endpoints';
import { METHOD_VERSIONS, SERVER_METHODS } from '../../spec/generated/serverMethods';
import type { EndpointSpec, HttpMethod } from '../../spec/types';
import type { PathSegment } from './requestLine';
import { compareVersions, parseVersion, type Version } from '../../spec/versions';

interface Route {
  readonly template: string;
  readonly parts: readonly { readonly literal?: string; readonly param?: string }[];
  readonly endpoint: EndpointSpec;
  /** Validated deeply (the server's own parameter list). */
  readonly scope: boolean;
}

export interface RouteMatch {
  readonly endpoint: EndpointSpec;
  readonly template: string;
  readonly scope: boolean;
  /** Path parameters by name, with the segment they came from. */
  readonly params: ReadonlyMap<string, PathSegment>;
}

export type Resolution =
  | { readonly kind: 'match'; readonly route: RouteMatch }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'unknown' };

function toRoute(endpoint: EndpointSpec, template: string, scope: boolean): Route {
  const parts = template
    .split('/')
    .filter((p) => p.length > 0)
    .map((p) => (p.startsWith('{') && p.endsWith('}') ? { param: p.slice(1, -1) } : { literal: p }));
  return { template, parts, endpoint, scope };
}

/** An endpoint of the API specification with the parameters checked against the server in place of its own. */
function withCheckedParams(endpoint: EndpointSpec): EndpointSpec {
  const checked = CHECKED_PARAMS[endpoint.name];
  if (checked === undefined) return endpoint;
  const params = endpoint.params.map((p) => checked.find((c) => c.name === p.name) ?? p);
  for (const c of checked) if (!params.includes(c)) params.push(c);
  return { ...endpoint, params };
}

/** An endpoint with the paths the servers answer beside those the API specification lists (EXTRA_PATHS). */
function withExtraPaths(endpoint: EndpointSpec): EndpointSpec {
  const extra = EXTRA_PATHS[endpoint.name];
  return extra === undefined ? endpoint : { ...endpoint, paths: [...endpoint.paths, ...extra] };
}

const SCOPE_NAMES = new Set(SCOPE_ENDPOINTS.map((e) => e.name));
let allRoutes: readonly Route[] | undefined;

/**
 * Every route: ours first, then the API spec's for everything else, then the servers' the spec lacks. Made when first
 * asked for: a `.msearch` file without a target comment never needs them, and the command line starts without them.
 */
export function routes(): readonly Route[] {
  allRoutes ??= [
    ...SCOPE_ENDPOINTS.flatMap((e) => e.paths.map((p) => toRoute(e, p, true))),
    ...GENERATED_ENDPOINTS.filter((e) => !SCOPE_NAMES.has(e.name))
      .map(withCheckedParams)
      .map(withExtraPaths)
      .flatMap((e) => e.paths.map((p) => toRoute(e, p, false))),
    ...EXTRA_ENDPOINTS.flatMap((e) => e.paths.map((p) => toRoute(e, p, false))),
  ];
  return allRoutes;
}

/** Order of RestRequest.Method, used to list allowed methods. */
const METHOD_ORDER: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'];

/** Explicit segments win over placeholders, level by level, as in the server's path trie. */
function compareRoutes(a: Route, b: Route): number {
  for (let i = 0; i < a.parts.length; i++) {
    const la = a.parts[i]!.literal !== undefined;
    const lb = b.parts[i]!.literal !== undefined;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

/**
 * The methods real servers take on each route's path, any version's (SERVER_METHODS, asked of real clusters). A route
 * they do not have (a plugin's) is absent: only the API client's one method per operation is known for it.
 */
let served: ReadonlyMap<string, readonly string[]> | undefined;

function servedMethods(): ReadonlyMap<string, readonly string[]> {
  served ??= new Map(
    [...SERVER_METHODS].map(([template, row]) => [template, [...new Set(row.flatMap((methods) => methods ?? []))]]),
  );
  return served;
}

/**
 * Whether the real clusters the tables were checked on have the route: they run OpenSearch's modules and no plugin,
 * so a route they do not have is a plugin's, known from the API specification alone, which is often incomplete for
 * plugins (the ML plugin's `deploy` parameter, bodies its GET routes read).
 */
export function servedByCore(template: string): boolean {
  return SERVER_METHODS.has(template);
}

/** Methods in the order a 405 lists them. */
function inMethodOrder(methods: readonly string[]): HttpMethod[] {
  return METHOD_ORDER.filter((m): m is HttpMethod => methods.includes(m));
}

/** A method refused at one version, where another version's servers take it on the route. */
export interface MethodAtVersion {
  /** The methods the servers of the target's version take on the route, as their 405 lists them. */
  readonly allowed: readonly HttpMethod[];
  /** The versions asked whose servers take the method there. */
  readonly takenBy: readonly string[];
}

/**
 * Whether the servers of `version` refuse `method` on a route some version takes it on (resolveRoute reads the methods
 * of every version; SERVER_METHODS has them by version). A version between two that were asked is judged only when
 * both refuse; one older than the oldest asked goes by the oldest, one newer than the newest by the newest.
 */
let methodVersions: readonly Version[] | undefined;

export function methodRefusedAt(template: string, method: string, version: Version): MethodAtVersion | undefined {
  const row = SERVER_METHODS.get(template);
  if (row === undefined) return undefined;
  const upper = method.toUpperCase();
  let atOrAfter: number | undefined;
  let atOrBefore: number | undefined;
  methodVersions ??= METHOD_VERSIONS.map((text) => parseVersion(text)!);
  methodVersions.forEach((asked, i) => {
    const order = compareVersions(asked, version);
    if (order >= 0 && atOrAfter === undefined) atOrAfter = i;
    if (order <= 0) atOrBefore = i;
  });
  const methodsAt = (column: number): readonly string[] | undefined => row[column];
  // A version that has no such route answers with another handler: not judged here.
  const refuses = (column: number): boolean => methodsAt(column)?.includes(upper) === false;
  const column = atOrAfter ?? atOrBefore;
  if (column === undefined || !refuses(column)) return undefined;
  if (atOrBefore !== undefined && !refuses(atOrBefore)) return undefined;
  return {
    allowed: inMethodOrder(methodsAt(column)!),
    takenBy: METHOD_VERSIONS.filter((_, i) => methodsAt(i)?.includes(upper) === true),
  };
}

/** PUT and POST reach the same handler on most write paths; the API client names one of them. */
const TWIN: Readonly<Record<string, string>> = { PUT: 'POST', POST: 'PUT' };

function matchOf(route: Route, segments: readonly PathSegment[]): Resolution {
  const params = new Map<string, PathSegment>();
  route.parts.forEach((part, i) => {
    if (part.param !== undefined) params.set(part.param, segments[i]!);
  });
  return { kind: 'match', route: { endpoint: route.endpoint, template: route.template, scope: route.scope, params } };
}

/**
 * The handler the server would dispatch `method path` to. The methods are the servers' own where they were asked
 * (docs/opensearch/rest-layer.md#routes-and-methods): `PUT /_index_template/{name}` reaches the endpoint the API
 * client reaches with POST, and a method is refused only when every route of the path was asked and none takes it.
 */
export function resolveRoute(method: string, segments: readonly PathSegment[]): Resolution {
  const candidates = routes()
    .filter(
      (route) =>
        route.parts.length === segments.length &&
        route.parts.every((part, i) => part.literal === undefined || part.literal === segments[i]!.text),
    )
    .sort(compareRoutes);
  if (candidates.length === 0) return { kind: 'unknown' };
  const upper = method.toUpperCase();
  const known = servedMethods();
  const served = candidates.map((route) => known.get(route.template));
  for (let i = 0; i < candidates.length; i++) {
    const takes = (candidates[i]!.endpoint.methods as readonly string[]).includes(upper);
    if (takes && (served[i] === undefined || served[i]!.includes(upper))) return matchOf(candidates[i]!, segments);
  }
  const twin = TWIN[upper];
  for (let i = 0; i < candidates.length; i++) {
    const takesTwin = twin !== undefined && (candidates[i]!.endpoint.methods as readonly string[]).includes(twin);
    if (takesTwin && served[i]?.includes(upper) === true) return matchOf(candidates[i]!, segments);
  }
  // A route the servers were not asked about may take more methods than its API client names: nothing is said.
  if (served.some((methods) => methods === undefined)) return { kind: 'unknown' };
  // The servers take it here, on an endpoint the table does not have (DELETE /): nothing to check it against.
  if (served.some((methods) => methods!.includes(upper))) return { kind: 'unknown' };
  // The 405 lists the methods of the most specific path that matched (`/_alias`'s, not `/{index}`'s).
  return { kind: 'method-not-allowed', allowed: inMethodOrder(served[0]!) };
}

let words: readonly string[] | undefined;

/** Every literal path segment that starts with `_`, for "did you mean" on endpoint names. */
export function endpointWords(): readonly string[] {
  words ??= [
    ...new Set(
      routes().flatMap((r) => r.parts.flatMap((p) => (p.literal?.startsWith('_') === true ? [p.literal] : []))),
    ),
  ];
  return words;
}
