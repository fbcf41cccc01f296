// The state of the whole simulated cluster: its nodes, indexes, tasks and counters. Handlers receive it.
import { Random } from './data/random';
import { loadSampleData } from './data/sampleData';
import { Store } from './data/store';
import { TaskManager } from './tasks/taskManager';
import { holdsShards, type Topology, type TopologyNode } from './topology';

export interface LatencyRule {
  readonly pattern: string;
  readonly ms: number;
}

export interface NodeCounters {
  queryTotal: number;
  queryTimeMs: number;
  queryCurrent: number;
  fetchTotal: number;
  fetchTimeMs: number;
  indexTotal: number;
  indexTimeMs: number;
  restRequests: number;
}

export const VERSION = {
  distribution: 'opensearch',
  number: '2.19.1',
  build_type: 'tar',
  build_hash: '2e4741fb45d1b150aaeeadf66d41445b23ff5982',
  build_date: '2025-02-27T01:16:47.726162386Z',
  build_snapshot: false,
  lucene_version: '9.12.1',
  minimum_wire_compatibility_version: '7.10.0',
  minimum_index_compatibility_version: '7.0.0',
};

export class Cluster {
  readonly store: Store;
  readonly tasks: TaskManager;
  readonly startTime = Date.now();
  readonly uuid: string;
  readonly counters = new Map<string, NodeCounters>();
  readonly random = new Random(7);
  httpPort = 9200;
  httpHost = '127.0.0.1';
  readonly scrolls = new Map<
    string,
    { hits: unknown[]; total: unknown; pageSize: number; offset: number; expires: number }
  >();

  constructor(
    readonly topology: Topology,
    readonly latency: readonly LatencyRule[],
    sampleData: boolean,
  ) {
    this.uuid = new Random(hashString(topology.cluster_name)).base64Id(22);
    const dataNodes = topology.nodes.filter(holdsShards).map((n) => n.id);
    this.store = new Store(dataNodes, new Random(11));
    this.tasks = new TaskManager(topology.nodes.map((n) => n.id));
    for (const n of topology.nodes) {
      this.counters.set(n.id, {
        queryTotal: 0,
        queryTimeMs: 0,
        queryCurrent: 0,
        fetchTotal: 0,
        fetchTimeMs: 0,
        indexTotal: 0,
        indexTimeMs: 0,
        restRequests: 0,
      });
    }
    if (sampleData) loadSampleData(this.store, Date.now());
  }

  get nodes(): readonly TopologyNode[] {
    return this.topology.nodes;
  }

  get localNode(): TopologyNode {
    return this.node(this.topology.local)!;
  }

  node(id: string): TopologyNode | undefined {
    return this.topology.nodes.find((n) => n.id === id);
  }

  counter(nodeId: string): NodeCounters {
    return this.counters.get(nodeId)!;
  }

  transportAddress(node: TopologyNode): string {
    return `${node.ip}:9300`;
  }

  /** The query-phase delay of an index (`--latency logs*=20s`), 0 when none applies. */
  latencyFor(index: string): number {
    for (const rule of this.latency) {
      const re = new RegExp(`^${rule.pattern.split('*').map(escapeRe).join('.*')}$`);
      if (re.test(index)) return rule.ms;
    }
    return 0;
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
