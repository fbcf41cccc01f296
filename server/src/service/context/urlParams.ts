import { resolveRoute, type RouteMatch } from '../url/routes';
import type { RequestTarget } from '../url/requestLine';
import { GLOBAL_PARAMS } from '../../spec/endpoints';
import type { ParamSpec } from '../../spec/types';

/** The endpoint a request line reaches and the URL parameters its handler reads. */
export interface EndpointParams {
  readonly route: RouteMatch | undefined;
  /** Endpoint parameters first, then the global ones. */
  readonly params: ReadonlyMap<string, ParamSpec>;
}

/**
 * Scope endpoints: the parameters the server reads, plus the global ones; other endpoints: the API spec's list plus
 * the global ones. A method the path does not take is read as the path's first method, to still help.
 */
export function endpointParams(target: RequestTarget): EndpointParams {
  let resolution = target.route;
  if (resolution.kind === 'method-not-allowed' && resolution.allowed[0] !== undefined) {
    resolution = resolveRoute(resolution.allowed[0], target.segments);
  }
  const route = resolution.kind === 'match' ? resolution.route : undefined;
  const params = new Map<string, ParamSpec>();
  for (const param of route?.endpoint.params ?? []) params.set(param.name, param);
  for (const param of GLOBAL_PARAMS) if (!params.has(param.name)) params.set(param.name, param);
  return { route, params };
}

const KIND_WORDS: Readonly<Record<ParamSpec['kind'], string>> = {
  boolean: 'boolean',
  integer: 'integer',
  long: 'long',
  float: 'number',
  time: 'time value',
  enum: 'enum',
  enumList: 'comma list',
  booleanOrInteger: 'boolean or integer',
  nodeFilter: 'node filter',
  taskId: 'task id',
  indexList: 'index list',
  fieldList: 'field list',
  actionList: 'action patterns',
  string: 'string',
  list: 'comma list',
};

/** A parameter's type in words: `boolean`, `time value`, `enum: a | b`. */
export function paramType(param: ParamSpec): string {
  const base = KIND_WORDS[param.kind];
  if ((param.kind === 'enum' || param.kind === 'enumList') && param.values !== undefined) {
    return `${param.kind === 'enumList' ? 'comma list of' : 'one of'} ${param.values.join(' | ')}`;
  }
  return base;
}
