// `_nodes` info and `_nodes/stats` (RestNodesInfoAction, RestNodesStatsAction, RestActions.nodesResponse): node filters, metrics, and the `_nodes` envelope.
import type { Cluster } from '../cluster';
import { illegalArgument, OsError } from '../core/errors';
import { didYouMeanArrow } from '../core/values';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { resolveNodes, splitByComma, tokenize } from '../nodes/nodeFilter';
import { nodeInfo, nodeStats } from '../nodes/nodeSections';
import { INDEX_METRICS, INFO_METRICS, STATS_METRICS } from '../tables/nodes';

function envelope(cluster: Cluster, nodes: Record<string, unknown>): Record<string, unknown> {
  const count = Object.keys(nodes).length;
  return { _nodes: { total: count, successful: count, failed: 0 }, cluster_name: cluster.topology.cluster_name, nodes };
}

function unrecognized(
  req: RestRequest,
  invalid: readonly string[],
  candidates: readonly string[],
  what: string,
): string {
  const sorted = [...invalid].sort();
  const parts = sorted.map((p) => `[${p}]${didYouMeanArrow(p, candidates)}`);
  return `request [${req.path}] contains unrecognized ${what}${sorted.length > 1 ? 's' : ''}: ${parts.join(', ')}`;
}

function infoHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: ['flat_settings'],
    prepare(req: RestRequest) {
      let nodeIds: string[];
      let metrics: Set<string>;
      if (req.has('nodeId') && !req.has('metrics')) {
        const raw = req.param('nodeId') ?? '_all';
        const items = raw.split(',');
        if (items.every((m) => INFO_METRICS.includes(m))) {
          nodeIds = ['_all'];
          metrics = new Set(items);
        } else {
          nodeIds = tokenize(raw);
          metrics = new Set(['_all']);
        }
      } else {
        nodeIds = tokenize(req.param('nodeId') ?? '_all');
        metrics = new Set(tokenize(req.param('metrics') ?? '_all'));
      }
      req.time('timeout');
      req.bool('flat_settings', false);
      const wanted =
        metrics.size === 1 && metrics.has('_all')
          ? new Set(INFO_METRICS)
          : new Set([...metrics].filter((m) => INFO_METRICS.includes(m)));
      const ids = resolveNodes(cluster.topology, nodeIds);
      return () => {
        const nodes: Record<string, unknown> = {};
        for (const id of ids) nodes[id] = nodeInfo(cluster, cluster.node(id)!, wanted);
        return { status: 200, body: envelope(cluster, nodes) };
      };
    },
  };
}

function statsHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: ['level'],
    prepare(req: RestRequest) {
      const ids = resolveNodes(cluster.topology, splitByComma(req.param('nodeId')));
      const metricParam = req.param('metric');
      const metrics = new Set(tokenize(metricParam ?? '_all'));
      const indexMetricParam = req.param('index_metric');
      let indexMetrics = new Set<string>(['_all']);
      if (metrics.size === 1 && metrics.has('_all')) {
        if (indexMetricParam !== undefined) {
          throw illegalArgument(
            `request [${req.path}] contains index metrics [${indexMetricParam}] but all stats requested`,
          );
        }
      } else if (metrics.has('_all')) {
        throw illegalArgument(`request [${req.path}] contains _all and individual metrics [${metricParam ?? ''}]`);
      } else {
        const invalid = [...metrics].filter((m) => !STATS_METRICS.includes(m));
        if (invalid.length > 0) throw illegalArgument(unrecognized(req, invalid, STATS_METRICS, 'metric'));
        if (metrics.has('indices')) {
          indexMetrics = new Set(tokenize(indexMetricParam ?? '_all'));
          if (!(indexMetrics.size === 1 && indexMetrics.has('_all'))) {
            const bad = [...indexMetrics].filter((m) => !INDEX_METRICS.includes(m));
            if (bad.length > 0) throw illegalArgument(unrecognized(req, bad, INDEX_METRICS, 'index metric'));
          }
        } else if (indexMetricParam !== undefined) {
          throw illegalArgument(
            `request [${req.path}] contains index metrics [${indexMetricParam}] but indices stats not requested`,
          );
        }
      }
      req.time('timeout');
      for (const p of ['fields', 'completion_fields', 'fielddata_fields', 'groups']) req.param(p);
      const level = req.param('level') ?? 'node';
      if (!['node', 'indices', 'shards', 'cluster'].includes(level)) {
        throw illegalArgument(`level parameter must be one of [indices] or [node] or [shards] but was [${level}]`);
      }
      req.bool('include_segment_file_sizes', false);
      req.bool('include_all', false);
      return () => {
        const nodes: Record<string, unknown> = {};
        const wantsIndices = metrics.has('_all') || metrics.has('indices');
        if (level === 'cluster' && wantsIndices) {
          // Each node refuses the cluster level for its indices statistics; the failures come inside a 200.
          const failures = ids.map((id) =>
            new OsError(500, 'failed_node_exception', `Failed node [${id}]`, {
              metadata: { node_id: id },
              causedBy: illegalArgument('Level provided is not supported by NodeIndicesStats'),
            }).toCause(),
          );
          return {
            status: 200,
            body: {
              _nodes: { total: ids.length, successful: 0, failed: ids.length, failures },
              cluster_name: cluster.topology.cluster_name,
              nodes: {},
            },
          };
        }
        for (const id of ids) nodes[id] = nodeStats(cluster, cluster.node(id)!, metrics, indexMetrics, level);
        return { status: 200, body: envelope(cluster, nodes) };
      };
    },
  };
}

export function registerNodesRoutes(router: Router, cluster: Cluster): void {
  const info = infoHandler(cluster);
  router.add('GET', '/_nodes', info);
  router.add('GET', '/_nodes/{nodeId}', info);
  router.add('GET', '/_nodes/{nodeId}/{metrics}', info);
  router.add('GET', '/_nodes/{nodeId}/info/{metrics}', info);
  const stats = statsHandler(cluster);
  router.add('GET', '/_nodes/stats', stats);
  router.add('GET', '/_nodes/{nodeId}/stats', stats);
  router.add('GET', '/_nodes/stats/{metric}', stats);
  router.add('GET', '/_nodes/{nodeId}/stats/{metric}', stats);
  router.add('GET', '/_nodes/stats/{metric}/{index_metric}', stats);
  router.add('GET', '/_nodes/{nodeId}/stats/{metric}/{index_metric}', stats);
}
