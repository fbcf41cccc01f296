// The status bar item: the active cluster, its version and health; a click picks another cluster.
import * as vscode from 'vscode';
import { fetchClusterInfo, productText, type ClusterInfo } from '../core/clusterInfo';
import { verificationOff, type ClusterConfig } from '../core/clusterConfig';
import { clusterInfoMarkdown, statusTooltip } from '../core/clusterTooltips';
import { isRequestFailure } from '../core/failures';
import { escapeMarkdown } from '../core/markdown';
import { opaqueIdFor } from '../core/runIds';
import { SERVERLESS_NODES } from '../core/serverless';
import { CLUSTERS_SETTING, TRUST_COMMAND, UNTRUSTED_CLUSTERS } from './trustTexts';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { safeMarkdown } from './markdown';
import type { Services } from './services';

const HEALTH_ICON: Readonly<Record<string, string>> = {
  green: '$(pass-filled)',
  yellow: '$(warning)',
  red: '$(error)',
};

export class ClusterStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'searchRequests.cluster',
    vscode.StatusBarAlignment.Left,
    50,
  );
  private readonly disposables: { dispose(): unknown }[] = [];
  private generation = 0;
  /** The last info read per cluster, for the quick pick. */
  readonly infos = new Map<string, ClusterInfo>();

  /** Whether the last look at the active cluster reached it. */
  private reachable = false;
  private readonly activeRead = new vscode.EventEmitter<ClusterInfo | undefined>();
  /** Fires after each look at the active cluster: what `GET /` said, or undefined (none active, not reachable). */
  readonly onDidReadActive = this.activeRead.event;
  private lastActive: ClusterInfo | undefined;

  /** What the last look at the active cluster read, if it was reached. */
  get active(): ClusterInfo | undefined {
    return this.lastActive;
  }

  private settle(info: ClusterInfo | undefined): void {
    this.lastActive = info;
    this.activeRead.fire(info);
  }

  constructor(private readonly services: Services) {
    this.item.name = 'Search Requests: active cluster';
    this.disposables.push(
      this.item,
      this.activeRead,
      services.connections.onDidChange(() => void this.refresh()),
      // A run tells how the connection is doing: look again when that disagrees with what is shown.
      services.events.onDidContactCluster((reached) => {
        if (reached !== this.reachable) void this.refresh();
      }),
      vscode.commands.registerCommand(COMMANDS.refreshClusterStatus, () => this.refresh()),
    );
    void this.refresh();
  }

  private show(text: string, tooltip: string | vscode.MarkdownString, command: string, background?: string): void {
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.command = command;
    this.item.backgroundColor = background === undefined ? undefined : new vscode.ThemeColor(background);
    this.item.show();
  }

  /** Reads the active cluster's version and health again (without asking for a secret). */
  async refresh(): Promise<ClusterInfo | undefined> {
    const generation = ++this.generation;
    const { connections, settings } = this.services;
    const cluster = connections.active();
    if (cluster === undefined) {
      const none = connections.clusters().length === 0;
      const ignored = none && (await settings.ignoredWorkspaceSettings()).includes(CLUSTERS_SETTING);
      if (generation !== this.generation) return undefined;
      if (ignored) {
        this.show(
          '$(workspace-untrusted) Clusters ignored',
          UNTRUSTED_CLUSTERS,
          TRUST_COMMAND,
          'statusBarItem.warningBackground',
        );
        this.settle(undefined);
        return undefined;
      }
      this.show(
        none ? '$(database) Add cluster' : '$(database) Select cluster',
        none
          ? 'Search Requests: add a cluster to run requests on'
          : 'Search Requests: pick the cluster to run requests on',
        none ? COMMANDS.addCluster : COMMANDS.selectCluster,
      );
      this.settle(undefined);
      return undefined;
    }
    const lock = verificationOff(cluster) ? '$(unlock) ' : '';
    this.show(
      `$(database) ${lock}${cluster.name} $(sync~spin)`,
      `Connecting to ${cluster.url}…`,
      COMMANDS.selectCluster,
    );
    try {
      const client = await connections.client(cluster, false);
      const info = await fetchClusterInfo(client, opaqueIdFor(settings.opaqueIdPrefix(), 'status'));
      if (generation !== this.generation) return info;
      this.infos.set(cluster.name, info);
      this.reachable = true;
      this.settle(info);
      const health = info.health ?? 'unknown';
      const product = productText(info);
      this.show(
        `$(database) ${lock}${cluster.name} · ${info.serverless === undefined ? product : 'OpenSearch Serverless'} ${HEALTH_ICON[health] ?? ''}`.trimEnd(),
        this.tooltip(
          cluster,
          info.serverless !== undefined
            ? `${escapeMarkdown(product)}. ${escapeMarkdown(SERVERLESS_NODES)}`
            : clusterInfoMarkdown(info, ', '),
        ),
        COMMANDS.selectCluster,
        health === 'red'
          ? 'statusBarItem.errorBackground'
          : health === 'yellow' || lock !== ''
            ? 'statusBarItem.warningBackground'
            : undefined,
      );
      return info;
    } catch (error) {
      if (generation !== this.generation) return undefined;
      this.reachable = false;
      this.settle(undefined);
      const message = isRequestFailure(error) ? error.message : String(error);
      const needsSecret = isRequestFailure(error) && error.kind === 'secretMissing';
      // Not contacted on purpose (a workspace's cluster not chosen yet, TLS settings changed under a stored secret).
      const heldBack = isRequestFailure(error) && (error.kind === 'notChosen' || error.kind === 'trustChanged');
      this.show(
        `$(database) ${lock}${cluster.name} ${needsSecret ? '$(key)' : heldBack ? '$(shield)' : '$(debug-disconnect)'}`,
        this.tooltip(
          cluster,
          escapeMarkdown(
            needsSecret
              ? `${message} It is asked for at the first run.`
              : heldBack
                ? message
                : `Not reachable: ${message}`,
          ),
        ),
        COMMANDS.selectCluster,
        needsSecret ? undefined : heldBack ? 'statusBarItem.warningBackground' : 'statusBarItem.errorBackground',
      );
      return undefined;
    }
  }

  /** `line` is Markdown, with what the cluster said escaped. */
  private tooltip(cluster: ClusterConfig, line: string): vscode.MarkdownString {
    return safeMarkdown(statusTooltip(cluster.name, cluster.url, line, verificationOff(cluster)), true);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
