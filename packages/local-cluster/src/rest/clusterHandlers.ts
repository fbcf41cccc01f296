// `GET /` (main) and `GET /_cluster/health`.
import type { Cluster } from '../cluster';
import { OsError } from '../core/errors';
import { double } from '../core/xcontent';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { SEARCH_DEFAULT_OPTIONS, resolveIndices } from '../search/indexResolver';
import { splitCommas } from '../search/searchRequest';
import { canContainData } from '../topology';
import { nestSettings } from './indexHandlers';

export function clusterHealth(
  cluster: Cluster,
  indices = [...cluster.store.indices.values()],
): Record<string, unknown> {
  let primaries = 0;
  let active = 0;
  let unassigned = 0;
  let unassignedPrimaries = 0;
  for (const idx of indices) {
    for (const sh of idx.shards) {
      if (sh.primaryNode !== undefined) primaries++;
      else unassignedPrimaries++;
      active += (sh.primaryNode !== undefined ? 1 : 0) + sh.replicaNodes.length;
      unassigned += (sh.primaryNode === undefined ? 1 : 0) + idx.numberOfReplicas - sh.replicaNodes.length;
    }
  }
  const total = active + unassigned;
  return {
    cluster_name: cluster.topology.cluster_name,
    status: unassignedPrimaries > 0 ? 'red' : unassigned > 0 ? 'yellow' : 'green',
    timed_out: false,
    number_of_nodes: cluster.nodes.length,
    number_of_data_nodes: cluster.nodes.filter(canContainData).length,
    discovered_master: true,
    discovered_cluster_manager: true,
    active_primary_shards: primaries,
    active_shards: active,
    relocating_shards: 0,
    initializing_shards: 0,
    unassigned_shards: unassigned,
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: 0,
    number_of_in_flight_fetch: 0,
    task_max_waiting_in_queue_millis: 0,
    active_shards_percent_as_number: double(total === 0 ? 100 : (active / total) * 100),
  };
}

function mainHandler(cluster: Cluster): RouteHandler {
  return {
    prepare: () => () => ({
      status: 200,
      body: {
        name: cluster.localNode.name,
        cluster_name: cluster.topology.cluster_name,
        cluster_uuid: cluster.uuid,
        version: cluster.version,
        tagline: 'The OpenSearch Project: https://opensearch.org/',
      },
    }),
  };
}

function healthHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const level = req.param('level') ?? 'cluster';
      for (const p of [
        'wait_for_status',
        'wait_for_nodes',
        'wait_for_active_shards',
        'wait_for_events',
        'awareness_attribute',
      ])
        req.param(p);
      req.bool('wait_for_no_relocating_shards', false);
      req.bool('wait_for_no_initializing_shards', false);
      req.bool('local', false);
      req.bool('ensure_node_commissioned', false);
      req.time('timeout');
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.param('expand_wildcards');
      return () => {
        let indices;
        try {
          indices = resolveIndices(cluster.store, expressions, { ...SEARCH_DEFAULT_OPTIONS, expandClosed: true });
        } catch (e) {
          if (!(e instanceof OsError) || e.type !== 'index_not_found_exception') throw e;
          // The health of an index that does not exist is waited for until the timeout: red, timed out, 408.
          const body = clusterHealth(cluster, []);
          return { status: 408, body: { ...body, status: 'red', timed_out: true } };
        }
        const body = clusterHealth(cluster, indices);
        if (level === 'indices' || level === 'shards') {
          const per: Record<string, unknown> = {};
          for (const idx of indices) {
            const h = clusterHealth(cluster, [idx]);
            per[idx.name] = {
              status: h.status,
              number_of_shards: idx.numberOfShards,
              number_of_replicas: idx.numberOfReplicas,
              active_primary_shards: h.active_primary_shards,
              active_shards: h.active_shards,
              relocating_shards: 0,
              initializing_shards: 0,
              unassigned_shards: h.unassigned_shards,
              ...(level === 'shards'
                ? {
                    shards: Object.fromEntries(
                      idx.shards.map((sh) => [
                        String(sh.id),
                        {
                          status:
                            sh.primaryNode === undefined
                              ? 'red'
                              : sh.replicaNodes.length < idx.numberOfReplicas
                                ? 'yellow'
                                : 'green',
                          primary_active: sh.primaryNode !== undefined,
                          active_shards: (sh.primaryNode !== undefined ? 1 : 0) + sh.replicaNodes.length,
                          relocating_shards: 0,
                          initializing_shards: 0,
                          unassigned_shards:
                            (sh.primaryNode === undefined ? 1 : 0) + idx.numberOfReplicas - sh.replicaNodes.length,
                        },
                      ]),
                    ),
                  }
                : {}),
            };
          }
          body.indices = per;
        }
        return { status: 200, body };
      };
    },
  };
}

/** Cluster-level search limits at their defaults (SearchService, MultiBucketConsumerService, IndexSearcher). */
const CLUSTER_LIMIT_DEFAULTS: Readonly<Record<string, string>> = {
  'search.max_buckets': '65535',
  'indices.query.bool.max_clause_count': '1024',
};

/** `GET /_cluster/settings`: no setting is ever changed here, so persistent and transient are empty. */
function settingsHandler(): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const flat = req.bool('flat_settings', false);
      const defaults = req.bool('include_defaults', false);
      req.bool('local', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.time('timeout');
      return () => ({
        status: 200,
        body: {
          persistent: {},
          transient: {},
          ...(defaults
            ? { defaults: flat ? { ...CLUSTER_LIMIT_DEFAULTS } : nestSettings(CLUSTER_LIMIT_DEFAULTS) }
            : {}),
        },
      });
    },
  };
}

export function registerClusterRoutes(router: Router, cluster: Cluster): void {
  router.add('GET', '/_cluster/settings', settingsHandler());
  router.add(['GET', 'HEAD'], '/', mainHandler(cluster));
  const health = healthHandler(cluster);
  router.add('GET', '/_cluster/health', health);
  router.add('GET', '/_cluster/health/{index}', health);
}
