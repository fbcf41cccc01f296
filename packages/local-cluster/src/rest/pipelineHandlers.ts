// Search pipelines (`/_search/pipeline`): kept in the cluster state as they are defined, the way OpenSearch 2.19 and
// 3.8 answer for them. This cluster registers no search processors, so a pipeline can only be defined without any:
// naming a processor fails as it does on a cluster without the processor's plugin.
import type { Cluster } from '../cluster';
import { illegalArgument, OsError, resourceNotFound } from '../core/errors';
import { parseJsonValue, toPlain } from '../core/json';
import { simpleMatch } from '../core/simpleMatch';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { splitCommas } from '../search/searchRequest';

/** The lists of processors a pipeline holds (SearchPipelineService reads these three). */
const PROCESSOR_LISTS = ['request_processors', 'response_processors', 'phase_results_processors'] as const;

function pipelineBody(text: string): Record<string, unknown> {
  const { value } = parseJsonValue(text);
  if (value === undefined || value.kind !== 'object') {
    throw new OsError(400, 'parse_exception', 'Failed to derive xcontent');
  }
  const body = toPlain(value) as Record<string, unknown>;
  for (const list of PROCESSOR_LISTS) {
    const processors = body[list];
    if (!Array.isArray(processors)) continue;
    for (const processor of processors) {
      const type =
        typeof processor === 'object' && processor !== null ? Object.keys(processor as object)[0] : undefined;
      // Real clusters without processor plugins: `Invalid processor type <type>` (real 2.19.1 and 3.8.0).
      if (type !== undefined) throw illegalArgument(`Invalid processor type ${type}`);
    }
  }
  return body;
}

/** `GET /_search/pipeline[/{id}]`: the pipelines whose names match (wildcards allowed); none found is 404 `{}`. */
function getHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const ids = splitCommas(req.param('id'));
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const out: Record<string, unknown> = {};
        for (const [name, pipeline] of cluster.searchPipelines) {
          if (ids.length === 0 || ids.some((id) => simpleMatch(id, name))) out[name] = pipeline;
        }
        return { status: Object.keys(out).length === 0 ? 404 : 200, body: out };
      };
    },
  };
}

function putHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const id = req.param('id') ?? '';
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.time('timeout');
      const body = pipelineBody(req.requiredContent());
      return () => {
        cluster.searchPipelines.set(id, body);
        return { status: 200, body: { acknowledged: true } };
      };
    },
  };
}

function deleteHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const id = req.param('id') ?? '';
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.time('timeout');
      return () => {
        const names = [...cluster.searchPipelines.keys()].filter((name) => simpleMatch(id, name));
        if (names.length === 0) throw resourceNotFound(`pipeline [${id}] is missing`);
        for (const name of names) cluster.searchPipelines.delete(name);
        return { status: 200, body: { acknowledged: true } };
      };
    },
  };
}

export function registerPipelineRoutes(router: Router, cluster: Cluster): void {
  const get = getHandler(cluster);
  router.add('GET', '/_search/pipeline', get);
  router.add('GET', '/_search/pipeline/{id}', get);
  router.add('PUT', '/_search/pipeline/{id}', putHandler(cluster));
  router.add('DELETE', '/_search/pipeline/{id}', deleteHandler(cluster));
}
