// Tells the language server what the active cluster holds (ClusterState), so that completion, hover and diagnostics
// know its indexes, fields, nodes and running tasks: everything on connect, indexes and nodes again on a slow timer
// while a cluster is active and after runs that may have changed indexes, running tasks from the Tasks view. Only
// what changed is sent; another cluster (or none) clears the server's state first.
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import {
  ClusterState,
  NamedIndices,
  type ClusterStateIndex,
  type ClusterStateParams,
  type ClusterStateTask,
} from '../../../server/src/protocol/protocol';
import {
  ClusterStateTracker,
  fetchIndices,
  fetchLimits,
  fetchSearchPipelines,
  mayChangeIndices,
  stateNodes,
  type ClusterSettings,
} from '../core/clusterState';
import { isRequestFailure } from '../core/failures';
import { fetchNodes, type NodeInfo } from '../core/nodesInfo';
import { opaqueIdFor } from '../core/runIds';
import { serverless } from '../core/serverless';
import type { Services } from './services';

/** Indexes and nodes are read again this often while a cluster is active. */
const SLOW_REFRESH_MS = 60_000;
/** After a run that may have changed indexes, wait this long for others to follow before reading them. */
const AFTER_RUN_MS = 500;
/** After the open documents name an index expression not read yet, wait this long for more typing. */
const AFTER_NAMING_MS = 600;

/** What `searchRequests.refreshClusterState` returns: what the language server now knows. */
export interface ClusterStateSummary {
  /** The configured cluster's name. */
  readonly cluster?: string;
  /** The cluster's own name (`cluster_name`). */
  readonly clusterName?: string;
  readonly indices: number;
  readonly fields: number;
  readonly nodes: number;
  readonly tasks: number;
  /** Why indexes or nodes could not be read. */
  readonly errors: readonly string[];
}

function message(error: unknown): string {
  return isRequestFailure(error) || error instanceof Error ? error.message : String(error);
}

export class ClusterStatePublisher implements vscode.Disposable {
  private readonly tracker = new ClusterStateTracker();
  private readonly disposables: { dispose(): unknown }[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the nodes or the connected cluster changed. */
  readonly onDidChange = this.changed.event;
  private started = false;
  private generation = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private afterRun: ReturnType<typeof setTimeout> | undefined;
  private connectedTo: string | undefined;
  private clusterName: string | undefined;
  private nodeList: readonly NodeInfo[] = [];
  private indices: readonly ClusterStateIndex[] = [];
  private tasks: readonly ClusterStateTask[] = [];
  /** The connected cluster's limit settings, read once per connection. */
  private clusterSettings: ClusterSettings | undefined;
  private lastErrors: readonly string[] = [];
  private loggedError: string | undefined;
  /** The index expressions the open documents name (told by the server); none until it tells. */
  private named: readonly string[] = [];
  /** The expressions whose mappings the last reading asked for. */
  private readFor = new Set<string>();
  private afterNaming: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<ClusterStateSummary> | undefined;
  private queued: Promise<ClusterStateSummary> | undefined;

  constructor(private readonly services: Services) {
    this.disposables.push(
      this.changed,
      services.connections.onDidChange(() => void this.refresh()),
      services.history.onDidChange((run) => {
        if (run?.state !== 'done' || !mayChangeIndices(run.request.method, run.request.path)) return;
        if (run.cluster.name !== this.connectedTo) return;
        // The run may have changed index settings too (a default search pipeline, a limit): read them again.
        this.clusterSettings = undefined;
        if (this.afterRun !== undefined) clearTimeout(this.afterRun);
        this.afterRun = setTimeout(() => {
          this.afterRun = undefined;
          void this.refresh();
        }, AFTER_RUN_MS);
      }),
      services.languageClient.onNotification(NamedIndices, (params) => {
        this.named = params.expressions;
        // Only an expression not read yet needs a reading: the fields of the others are known.
        if (this.connectedTo === undefined || params.expressions.every((e) => this.readFor.has(e))) return;
        if (this.afterNaming !== undefined) clearTimeout(this.afterNaming);
        this.afterNaming = setTimeout(() => {
          this.afterNaming = undefined;
          void this.refresh();
        }, AFTER_NAMING_MS);
      }),
      services.languageClient.onDidChangeState((event) => {
        // A restarted server knows nothing: tell it everything again.
        if (this.started && event.newState === State.Running) {
          this.tracker.forget();
          void this.refresh();
        }
      }),
    );
  }

  /** The language client is running: from now on the server is told. */
  start(): Promise<ClusterStateSummary> {
    this.started = true;
    return this.refresh();
  }

  /** The active cluster's nodes as last read (empty when none is connected). */
  nodes(): readonly NodeInfo[] {
    return this.nodeList;
  }

  get connectedCluster(): string | undefined {
    return this.connectedTo;
  }

  private send(params: ClusterStateParams | undefined): void {
    if (params === undefined || !this.started) return;
    this.services.languageClient.sendNotification(ClusterState, params).catch((error: unknown) => {
      this.services.log.warn(`[cluster-state] not sent: ${message(error)}`);
    });
  }

  /** Reads the active cluster's indexes and nodes again and tells the server what changed. */
  refresh(): Promise<ClusterStateSummary> {
    if (this.refreshing === undefined) {
      this.refreshing = this.read().finally(() => {
        this.refreshing = undefined;
      });
      return this.refreshing;
    }
    // A reading is in flight, perhaps of another cluster: its answer is dropped, and one more reading follows it.
    this.generation++;
    this.queued ??= this.refreshing.then(() => {
      this.queued = undefined;
      return this.refresh();
    });
    return this.queued;
  }

  private async read(): Promise<ClusterStateSummary> {
    const generation = ++this.generation;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const { connections, settings, log } = this.services;
    const cluster = connections.active();
    const client = cluster === undefined ? undefined : await connections.activeClient();
    if (cluster === undefined || client === undefined) {
      this.disconnect();
      return this.summary(cluster?.name);
    }
    if (this.connectedTo !== cluster.name) {
      this.disconnect();
      this.connectedTo = cluster.name;
    }
    const options = { opaqueId: opaqueIdFor(settings.opaqueIdPrefix(), 'cluster-state'), host: this.services.worker };
    // The mappings of the indexes the open documents name only: a large cluster's whole mappings are too much to read.
    const named = this.named;
    // A Serverless collection has no nodes API: its indexes and mappings are all there is to know.
    const [nodes, indices, limits, pipelines] = await Promise.allSettled([
      serverless(cluster)
        ? Promise.resolve({ nodes: [] as NodeInfo[], clusterName: undefined })
        : fetchNodes(client, options),
      fetchIndices(client, { ...options, indexes: named }),
      this.clusterSettings === undefined ? fetchLimits(client, options) : Promise.resolve(this.clusterSettings),
      // Search pipelines are few and small; they are read every time (a run may have defined one).
      serverless(cluster) ? Promise.resolve(undefined) : fetchSearchPipelines(client, options),
    ]);
    if (generation !== this.generation) return this.summary(cluster.name);
    const errors: string[] = [];
    if (nodes.status === 'fulfilled') {
      this.nodeList = nodes.value.nodes;
      this.clusterName = nodes.value.clusterName ?? this.clusterName;
    } else {
      errors.push(`nodes: ${message(nodes.reason)}`);
    }
    if (indices.status === 'fulfilled') {
      this.indices = indices.value.indices;
      this.readFor = new Set(named);
      if (indices.value.problem !== undefined) errors.push(`fields: ${indices.value.problem}`);
    } else {
      errors.push(`indexes: ${message(indices.reason)}`);
    }
    // Without the settings, the checks keep the default limits and say so.
    if (limits.status === 'fulfilled') this.clusterSettings = limits.value;
    else errors.push(`settings: ${message(limits.reason)}`);
    this.lastErrors = errors;
    const failedAll = nodes.status === 'rejected' && indices.status === 'rejected';
    if (failedAll && this.tracker.isEmpty) {
      // Nothing is known of this cluster yet: leave the server without cluster knowledge.
      this.logOnce(`[cluster-state] ${cluster.name}: ${errors.join('; ')}`);
    } else {
      if (errors.length > 0) this.logOnce(`[cluster-state] ${cluster.name}: ${errors.join('; ')}`);
      else this.loggedError = undefined;
      this.send(
        this.tracker.delta({
          clusterName: this.clusterName ?? cluster.name,
          ...(this.clusterSettings === undefined
            ? {}
            : {
                limits: this.clusterSettings.limits,
                defaultFields: this.clusterSettings.defaultFields,
                defaultPipelines: this.clusterSettings.defaultPipelines,
                analyzers: this.clusterSettings.analyzers,
                plugins: this.clusterSettings.plugins ?? null,
              }),
          // Pipelines that could not be read are unknown: none is said to be missing.
          searchPipelines: pipelines.status === 'fulfilled' ? (pipelines.value ?? null) : null,
          ...(nodes.status === 'fulfilled' ? { nodes: stateNodes(this.nodeList) } : {}),
          ...(indices.status === 'fulfilled' ? { indices: this.indices } : {}),
          tasks: this.tasks,
        }),
      );
      if (nodes.status === 'fulfilled') this.changed.fire();
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh();
    }, SLOW_REFRESH_MS);
    const summary = this.summary(cluster.name);
    log.info(
      `[cluster-state] ${cluster.name}: ${summary.indices} indexes, ${summary.fields} fields, ${summary.nodes} nodes${errors.length > 0 ? ` (${errors.join('; ')})` : ''}`,
    );
    return summary;
  }

  private logOnce(line: string): void {
    if (line === this.loggedError) return;
    this.loggedError = line;
    this.services.log.warn(line);
  }

  /** The running tasks the Tasks view last saw (an empty list once nobody has looked for a while). */
  publishTasks(tasks: readonly ClusterStateTask[]): void {
    this.tasks = tasks;
    if (this.connectedTo === undefined || this.tracker.isEmpty) return;
    this.send(this.tracker.delta({ tasks }));
  }

  private disconnect(): void {
    const had = this.connectedTo !== undefined || this.nodeList.length > 0;
    this.connectedTo = undefined;
    this.clusterName = undefined;
    this.nodeList = [];
    this.indices = [];
    this.clusterSettings = undefined;
    this.readFor = new Set();
    this.lastErrors = [];
    this.send(this.tracker.clear());
    if (had) this.changed.fire();
  }

  summary(cluster = this.connectedTo): ClusterStateSummary {
    return {
      ...(cluster === undefined ? {} : { cluster }),
      ...(this.clusterName === undefined ? {} : { clusterName: this.clusterName }),
      indices: this.indices.length,
      fields: this.indices.reduce((n, index) => n + index.fields.length, 0),
      nodes: this.nodeList.length,
      tasks: this.tasks.length,
      errors: this.lastErrors,
    };
  }

  dispose(): void {
    this.generation++;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.afterRun !== undefined) clearTimeout(this.afterRun);
    if (this.afterNaming !== undefined) clearTimeout(this.afterNaming);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
