// Path-trie style routing as RestController does it: `{placeholder}` segments match anything, literal segments
// are preferred, and a request goes to the first matching route that accepts its method; a 405 is answered only
// when no matching route accepts the method.
import type { Method, RestRequest } from './restRequest';

export interface RestResponse {
  readonly status: number;
  /** A JSON body (rendered with pretty/filter_path) ... */
  readonly body?: unknown;
  /** ... or a text body with its content type. */
  readonly text?: string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
}

export interface ExecContext {
  /** Aborted when the client goes away before the answer is sent. */
  readonly signal: AbortSignal;
  /** The request's X-Opaque-Id, if any. */
  readonly opaqueId: string | undefined;
  /** Lets the handler say which task to cancel when the client disconnects. */
  onDisconnect(cancel: () => void): void;
}

type Execute = (ctx: ExecContext) => Promise<RestResponse> | RestResponse;

export interface RouteHandler {
  /** Reads and checks the request (consuming parameters); returns the work to do. */
  prepare(req: RestRequest): Execute | Promise<Execute>;
  /** Parameters that only shape the response (never "unrecognized"). */
  readonly responseParams?: readonly string[];
  /** `_msearch`-like handlers refuse bodies that are not JSON or SMILE. */
  readonly supportsContentStream?: boolean;
}

interface Route {
  readonly methods: readonly Method[];
  readonly segments: readonly string[];
  readonly handler: RouteHandler;
}

interface RouteMatch {
  readonly handler: RouteHandler;
  readonly pathParams: Record<string, string>;
}

export type Resolution =
  | { readonly kind: 'found'; readonly match: RouteMatch }
  | { readonly kind: 'methodNotAllowed'; readonly allowed: readonly Method[] }
  | { readonly kind: 'notFound' };

export class Router {
  private readonly routes: Route[] = [];

  add(methods: Method | readonly Method[], path: string, handler: RouteHandler): void {
    const list = typeof methods === 'string' ? [methods] : methods;
    this.routes.push({ methods: list, segments: splitPath(path), handler });
  }

  resolve(method: Method, path: string): Resolution {
    const parts = splitPath(path);
    const matches: { route: Route; params: Record<string, string>; score: string }[] = [];
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let score = '';
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i]!;
        const part = parts[i]!;
        if (seg.startsWith('{') && seg.endsWith('}')) {
          params[seg.slice(1, -1)] = part;
          score += '1';
        } else if (seg === part) {
          score += '0';
        } else {
          ok = false;
          break;
        }
      }
      if (ok) matches.push({ route, params, score });
    }
    if (matches.length === 0) return { kind: 'notFound' };
    matches.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0));
    for (const m of matches) {
      if (m.route.methods.includes(method)) {
        return { kind: 'found', match: { handler: m.route.handler, pathParams: m.params } };
      }
    }
    const allowed = new Set<Method>();
    for (const m of matches) for (const meth of m.route.methods) allowed.add(meth);
    return { kind: 'methodNotAllowed', allowed: [...allowed] };
  }
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}
