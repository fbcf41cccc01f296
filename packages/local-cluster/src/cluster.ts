// The state of the whole simulated cluster: its nodes, indexes, tasks and counters. Handlers receive it.
import { Random } from './data/random';
import { loadSampleData } from './data/sampleData';
import { Store } from './data/store';
import { TaskManager } from './tasks/taskManager';
import { holdsShards, type Topology, type TopologyNode } from './topology';
import type { Release, VersionInfo } from './version';
import { simpleMatch } from './core/simpleMatch';

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

export interface ScrollContext {
  readonly hits: unknown[];
  readonly total: unknown;
  readonly pageSize: number;
  offset: number;
  expires: number;
  /** The `_shards` header of the search that opened the scroll (every page reports it). */
  readonly shards: Record<string, unknown>;
  /** One search context per shard that answered. */
  readonly contexts: readonly number[];
}

/** A scroll id names the search contexts it reads from, as OpenSearch's does (TransportSearchHelper). */
export function encodeScrollId(contexts: readonly number[]): string {
  return Buffer.from(`queryThenFetch;${contexts.join(',')}`).toString('base64url');
}

/** The contexts a scroll id names, or undefined when it is not a scroll id. */
export function decodeScrollId(id: string): number[] | undefined {
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const m = /^queryThenFetch;(\d+(?:,\d+)*)$/.exec(text);
  return m === null ? undefined : m[1]!.split(',').map(Number);
}

export class Cluster {
  readonly store: Store;
  readonly tasks: TaskManager;
  readonly startTime = Date.now();
  readonly uuid: string;
  readonly counters = new Map<string, NodeCounters>();
  readonly random = new Random(7);
  httpPort = 9200;
  httpHost = '127.0.0.1';
  /** Open scrolls by id: the hits left to page through, and the search context each shard keeps for it. */
  readonly scrolls = new Map<string, ScrollContext>();
  /** The search pipelines defined (`PUT /_search/pipeline/{id}`), by name, as they were sent. */
  readonly searchPipelines = new Map<string, Record<string, unknown>>();
  /** The next search context id (each node numbers its contexts; one counter stands for them all here). */
  nextContextId = 1;

  constructor(
    readonly topology: Topology,
    readonly latency: readonly LatencyRule[],
    sampleData: boolean,
    /** The release this cluster answers as. */
    readonly release: Release,
    /** The instant the sample data is built for (its log days are the three days before this one). */
    sampleNow: number = Date.now(),
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
    if (sampleData) loadSampleData(this.store, sampleNow);
  }

  /** The `version` object of `GET /`. */
  get version(): VersionInfo {
    return this.release.info;
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
      if (simpleMatch(rule.pattern, index)) return rule.ms;
    }
    return 0;
  }
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
