import { ClusterKnowledge } from '../../../server/src/service/cluster/clusterKnowledge';
import type { ClusterStateField, ClusterStateParams } from '../../../server/src/protocol/protocol';

const LOG_FIELDS: readonly ClusterStateField[] = [
  { name: '@timestamp', type: 'date' },
  { name: 'message', type: 'text' },
  { name: 'message.keyword', type: 'keyword' },
  { name: 'level', type: 'keyword' },
  { name: 'http.request.method', type: 'keyword' },
  { name: 'http.response.status_code', type: 'long' },
  { name: 'host.ip', type: 'ip' },
  { name: 'user', type: 'object' },
  { name: 'user.name', type: 'keyword' },
  { name: 'geo.location', type: 'geo_point' },
  { name: 'duration', type: 'double' },
];

/** A small cluster: two daily log indexes under an alias, a product catalogue, a hidden index, three nodes, three tasks. */
export const CLUSTER_STATE: ClusterStateParams = {
  clusterName: 'test-cluster',
  indices: [
    { name: 'logs-2024.01.01', aliases: ['logs'], fields: LOG_FIELDS },
    { name: 'logs-2024.01.02', aliases: ['logs'], fields: [...LOG_FIELDS, { name: 'trace.id', type: 'keyword' }] },
    {
      name: 'products',
      aliases: [],
      fields: [
        { name: 'name', type: 'text' },
        { name: 'name.keyword', type: 'keyword' },
        { name: 'description', type: 'text' },
        { name: 'category', type: 'keyword' },
        { name: 'price', type: 'double' },
        { name: 'created', type: 'date' },
        { name: 'variants', type: 'nested' },
        { name: 'variants.sku', type: 'keyword' },
      ],
    },
    { name: '.internal', aliases: [], fields: [{ name: 'secret', type: 'keyword' }] },
  ],
  nodes: [
    {
      id: 'n1',
      name: 'cm-1',
      host: 'cm-1.local',
      ip: '10.0.0.1',
      roles: ['cluster_manager'],
      attributes: {},
      local: false,
      clusterManager: true,
    },
    {
      id: 'n2',
      name: 'data-1',
      host: 'data-1.local',
      ip: '10.0.0.2',
      roles: ['data', 'ingest'],
      attributes: { zone: 'a' },
      local: true,
      clusterManager: false,
    },
    {
      id: 'n3',
      name: 'data-2',
      host: 'data-2.local',
      ip: '10.0.0.3',
      roles: ['data', 'ml'],
      attributes: { zone: 'b' },
      local: false,
      clusterManager: false,
    },
  ],
  tasks: [
    { id: 'n2:101', action: 'indices:data/read/search' },
    { id: 'n2:102', action: 'indices:data/read/search[phase/query]' },
    { id: 'n3:7', action: 'cluster:monitor/tasks/lists' },
  ],
};

/** What the server knows once the client pushed `CLUSTER_STATE` (or `state`). */
export function connected(state: ClusterStateParams = CLUSTER_STATE): ClusterKnowledge {
  const cluster = new ClusterKnowledge();
  cluster.update(state);
  return cluster;
}
