// Running requests in VS Code for the Web: the request the language server resolves, sent with the browser's fetch
// to the active cluster. The answer opens as a JSON document (the Results, Tasks and Clusters views need desktop
// VS Code). A cluster that the browser may not read from (CORS) is remembered, so that the Run lenses say so.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { ResolveRequest, type ResolvedRequest } from '../../../server/src/protocol/protocol';
import type { ClusterConfig } from '../core/clusterConfig';
import { needsSecret, secretName } from '../core/clusterConfig';
import { fetchRun, type FetchOutcome } from '../core/fetchRun';
import { formatBytes, formatDuration } from '../core/format';
import { newRunId, opaqueIdFor } from '../core/runIds';
import { SecretStore } from '../features/secretStore';
import { urlBinding } from '../core/secretBinding';
import { Settings } from '../features/settings';

/** The key of the active cluster's name in workspaceState, as desktop VS Code keeps it. */
const ACTIVE_KEY = 'searchRequests.activeCluster';

/** What a run returns (for scripts and tests). */
export interface WebRunResult {
  readonly label: string;
  readonly cluster: string;
  readonly status?: number;
  readonly bytes?: number;
  readonly blocked?: boolean;
  readonly failure?: string;
  readonly response?: unknown;
}

export class WebRunner implements vscode.Disposable {
  private readonly settings = new Settings();
  private readonly secrets: SecretStore;
  /** Clusters (by URL) whose answers this page may not read, with the reason. */
  private readonly blockedClusters = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a cluster turns out blocked or allowed: the lenses are drawn again. */
  readonly onDidChangeBlocked = this.changed.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: BaseLanguageClient,
    private readonly log: vscode.LogOutputChannel,
    private readonly origin: string | undefined,
  ) {
    this.secrets = new SecretStore(context.secrets);
  }

  /** Why the active cluster cannot be run on from this page, when a run already found out. */
  activeBlocked(): string | undefined {
    const active = this.activeCluster();
    return active === undefined ? undefined : this.blockedClusters.get(active.url);
  }

  private activeCluster(): ClusterConfig | undefined {
    const { clusters } = this.settings.clusters();
    const name = this.context.workspaceState.get<string>(ACTIVE_KEY);
    return clusters.find((c) => c.name === name) ?? (clusters.length === 1 ? clusters[0] : undefined);
  }

  /** `searchRequests.selectCluster` on the web: a pick among the configured clusters. */
  async selectCluster(): Promise<ClusterConfig | undefined> {
    const { clusters } = this.settings.clusters();
    if (clusters.length === 0) {
      const open = 'Open Settings';
      const choice = await vscode.window.showInformationMessage(
        'No cluster is configured: add one to the setting searchRequests.clusters.',
        open,
      );
      if (choice === open) {
        await vscode.commands.executeCommand('workbench.action.openSettings', 'searchRequests.clusters');
      }
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      clusters.map((c) => ({ label: c.name, description: c.url, cluster: c })),
      { placeHolder: 'The cluster to run requests on' },
    );
    if (picked === undefined) return undefined;
    await this.context.workspaceState.update(ACTIVE_KEY, picked.cluster.name);
    this.changed.fire();
    return picked.cluster;
  }

  async run(uriArg?: string | vscode.Uri, lineArg?: number, all = false): Promise<WebRunResult | undefined> {
    const editor = vscode.window.activeTextEditor;
    const uri =
      uriArg === undefined ? editor?.document.uri : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg;
    if (uri === undefined) {
      void vscode.window.showInformationMessage(
        'Open a .search or .msearch file and put the cursor in a request to run it.',
      );
      return undefined;
    }
    const line = lineArg ?? (editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : 0);
    await vscode.workspace.openTextDocument(uri);
    const resolved = await this.client.sendRequest(ResolveRequest, {
      uri: uri.toString(),
      ...(all ? { all: true } : { line }),
    });
    if (resolved.request === undefined) {
      void vscode.window.showInformationMessage(resolved.reason ?? 'There is nothing to run here.');
      return undefined;
    }
    const named = resolved.request.cluster;
    const cluster =
      named === undefined
        ? (this.activeCluster() ?? (await this.selectCluster()))
        : this.settings.clusters().clusters.find((c) => c.name === named);
    if (cluster === undefined) return undefined;
    if (resolved.request.secrets !== undefined && resolved.request.secrets.length > 0) {
      // Secret variables live in desktop VS Code's secret storage, with the requests that fill them in.
      const message =
        'This request uses secret variables (searchRequests.secretVariables): run it from desktop VS Code.';
      void vscode.window.showErrorMessage(`${resolved.request.label}: ${message}`);
      return { label: resolved.request.label, cluster: cluster.name, failure: message };
    }
    return this.send(resolved.request, cluster);
  }

  private async secretFor(cluster: ClusterConfig): Promise<string | undefined | null> {
    if (!needsSecret(cluster)) return undefined;
    const known = await this.secrets.get(cluster);
    if (known !== undefined) return known;
    const entered = await vscode.window.showInputBox({
      title: `The ${secretName(cluster.auth)} of cluster "${cluster.name}"`,
      password: true,
      ignoreFocusOut: true,
    });
    if (entered === undefined || entered === '') return null;
    // The browser checks the certificates itself (the TLS settings are not used here): the URL and user bind it.
    await this.secrets.store(cluster, entered, urlBinding(cluster));
    return entered;
  }

  private async send(request: ResolvedRequest, cluster: ClusterConfig): Promise<WebRunResult | undefined> {
    if (cluster.auth === 'aws') {
      // SigV4 signing reads the AWS credential chain (files, environment, instance metadata): none of it is in a browser.
      const message = `Cluster "${cluster.name}" signs its requests with AWS credentials, which VS Code for the Web cannot read: run it from desktop VS Code.`;
      void vscode.window.showErrorMessage(`${request.label}: ${message}`);
      return { label: request.label, cluster: cluster.name, failure: message };
    }
    const secret = await this.secretFor(cluster);
    if (secret === null) return undefined;
    const opaqueId = opaqueIdFor(this.settings.opaqueIdPrefix(), newRunId());
    this.log.info(`[run] ${request.label} on ${cluster.name} with fetch (X-Opaque-Id: ${opaqueId})`);
    const outcome: FetchOutcome = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `${request.label} on ${cluster.name}`,
        cancellable: true,
      },
      (_progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => {
          abort.abort();
        });
        return fetchRun(cluster, request, {
          ...(secret === undefined ? {} : { secret }),
          opaqueId,
          signal: abort.signal,
          timeoutMs: this.settings.requestTimeoutMs(),
          ...(this.origin === undefined ? {} : { origin: this.origin }),
        });
      },
    );
    const wasBlocked = this.blockedClusters.has(cluster.url);
    if (outcome.kind === 'blocked') this.blockedClusters.set(cluster.url, outcome.message);
    else this.blockedClusters.delete(cluster.url);
    if (wasBlocked !== this.blockedClusters.has(cluster.url)) this.changed.fire();

    if (outcome.kind !== 'answer') {
      this.log.warn(`[run] ${request.label}: ${outcome.message}`);
      void vscode.window.showErrorMessage(`${request.label}: ${outcome.message}`);
      return {
        label: request.label,
        cluster: cluster.name,
        failure: outcome.message,
        ...(outcome.kind === 'blocked' ? { blocked: true } : {}),
      };
    }
    this.log.info(
      `[run] ${request.label} ${outcome.status} ${formatBytes(outcome.bytes)} ${formatDuration(outcome.durationMs)}`,
    );
    let response: unknown;
    let content = outcome.text;
    try {
      response = JSON.parse(outcome.text);
      content = JSON.stringify(response, null, 2);
    } catch {
      response = undefined;
    }
    const document = await vscode.workspace.openTextDocument({
      language: response === undefined ? 'plaintext' : 'json',
      content,
    });
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return {
      label: request.label,
      cluster: cluster.name,
      status: outcome.status,
      bytes: outcome.bytes,
      ...(response === undefined ? {} : { response }),
    };
  }

  dispose(): void {
    this.changed.dispose();
  }
}
