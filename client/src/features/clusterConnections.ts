// The configured clusters, the active one (per workspace), and one ClusterClient (connection pool) per cluster,
// created with its secret when first needed. Other features (Tasks and Clusters views) use it too:
// `activeClient()` gives the active cluster's client, `onDidChange` says when the active cluster or the settings changed.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { AwsModuleLoader } from '../core/aws/awsTypes';
import { ClusterClient } from '../core/clusterClient';
import { needsSecret, secretName, verificationOff, type ClusterConfig } from '../core/clusterConfig';
import { RequestFailure } from '../core/failures';
import { proxyConnection, proxyOptions } from '../core/proxy';
import type { SecretStore } from './secretStore';
import type { Settings } from './settings';

/**
 * The active cluster's name is kept in workspaceState: it is a choice of this user in this workspace, not a setting
 * to share, so it is not written to .vscode/settings.json (often committed) and needs no settings scope trick.
 */
const ACTIVE_KEY = 'searchRequests.activeCluster';

interface Entry {
  readonly fingerprint: string;
  readonly client: Promise<ClusterClient>;
}

export class ClusterConnections implements vscode.Disposable {
  private readonly clients = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly warnedInsecure = new Set<string>();
  private readonly disposables: { dispose(): unknown }[] = [];
  /** Fires when the active cluster, the clusters or their secrets changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly state: vscode.Memento,
    private readonly settings: Settings,
    readonly secrets: SecretStore,
    private readonly log: vscode.LogOutputChannel,
    /** Loads the AWS module for `aws` clusters (only then). */
    readonly loadAws?: AwsModuleLoader,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (settings.affectsClusters(event)) {
          void this.closeAll();
          this.reportProblems();
          this.changed.fire();
        }
      }),
      secrets.onDidChange(() => {
        void this.closeAll();
        this.changed.fire();
      }),
    );
    this.reportProblems();
  }

  private reportProblems(): void {
    for (const problem of this.settings.clusters().problems)
      this.log.warn(`[clusters] searchRequests.clusters: ${problem.message}`);
  }

  clusters(): readonly ClusterConfig[] {
    return this.settings.clusters().clusters;
  }

  find(name: string): ClusterConfig | undefined {
    return this.clusters().find((cluster) => cluster.name === name);
  }

  /** The active cluster: the one chosen in this workspace, or the only one configured. */
  active(): ClusterConfig | undefined {
    const clusters = this.clusters();
    const chosen = this.state.get<string>(ACTIVE_KEY);
    const found = clusters.find((cluster) => cluster.name === chosen);
    if (found !== undefined) return found;
    return clusters.length === 1 ? clusters[0] : undefined;
  }

  async setActive(name: string | undefined): Promise<void> {
    await this.state.update(ACTIVE_KEY, name);
    this.changed.fire();
  }

  /** Asks for the cluster's secret and stores it. Undefined when the user gave none. */
  async askSecret(cluster: ClusterConfig, why?: string): Promise<string | undefined> {
    const what = secretName(cluster.auth);
    const secret = await vscode.window.showInputBox({
      title: `Search Requests: ${cluster.name}`,
      prompt: `${why === undefined ? '' : `${why} `}The ${what} for ${cluster.auth === 'basic' ? `user "${cluster.username ?? ''}" on ` : ''}${cluster.url}. It is kept in VS Code's secret storage.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value === '' ? `Enter the ${what}` : undefined),
    });
    if (secret === undefined) return undefined;
    await this.secrets.store(cluster, secret);
    return secret;
  }

  /**
   * The cluster's client. With `interactive`, a missing secret is asked for; otherwise it is a failure.
   * Throws RequestFailure (kind `config`).
   */
  async client(cluster: ClusterConfig, interactive: boolean): Promise<ClusterClient> {
    let secret: string | undefined;
    if (needsSecret(cluster)) {
      secret = await this.secrets.get(cluster);
      if (secret === undefined && interactive) secret = await this.askSecret(cluster);
      if (secret === undefined) {
        throw new RequestFailure(
          'secretMissing',
          `No ${secretName(cluster.auth)} is stored for cluster "${cluster.name}".`,
        );
      }
    }
    const proxy = proxyConnection(cluster.url, this.settings.proxy());
    const baseDir = this.settings.baseDir();
    const maxBytes = this.settings.maxResponseBytes();
    // In memory only, and a hash: the fingerprint never holds the secret itself.
    const fingerprint = JSON.stringify([
      cluster,
      maxBytes,
      proxy === undefined ? '' : createHash('sha256').update(JSON.stringify(proxy)).digest('hex'),
      baseDir ?? '',
      secret === undefined ? '' : createHash('sha256').update(secret).digest('hex'),
    ]);
    const existing = this.clients.get(cluster.name);
    if (existing !== undefined && existing.fingerprint === fingerprint) return existing.client;
    if (existing !== undefined)
      void existing.client.then(
        (c) => c.close(),
        () => undefined,
      );
    if (verificationOff(cluster) && !this.warnedInsecure.has(cluster.name)) {
      this.warnedInsecure.add(cluster.name);
      void vscode.window.showWarningMessage(
        `Certificate verification is off for cluster "${cluster.name}" (tls.rejectUnauthorized: false): anyone on the network path can read and change its traffic, credentials included.`,
      );
    }
    const client = ClusterClient.create(cluster, {
      ...(secret === undefined ? {} : { secret }),
      ...(proxy === undefined ? {} : proxyOptions(proxy)),
      ...(baseDir === undefined ? {} : { baseDir }),
      ...(this.loadAws === undefined ? {} : { loadAws: this.loadAws }),
      log: (line) => {
        this.log.info(line);
      },
      userAgent: `search-requests (VS Code ${vscode.version})`,
      maxBytes,
    });
    client.catch(() => this.clients.delete(cluster.name));
    this.clients.set(cluster.name, { fingerprint, client });
    if (proxy !== undefined)
      this.log.info(`[clusters] ${cluster.name}: through the HTTP proxy ${new URL(proxy.url).host}`);
    return client;
  }

  /** The active cluster's client, or undefined when no cluster is active or its secret is not stored. */
  async activeClient(): Promise<ClusterClient | undefined> {
    const cluster = this.active();
    if (cluster === undefined) return undefined;
    try {
      return await this.client(cluster, false);
    } catch {
      return undefined;
    }
  }

  async closeAll(): Promise<void> {
    const entries = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(
      entries.map((entry) =>
        entry.client.then(
          (c) => c.close(),
          () => undefined,
        ),
      ),
    );
  }

  dispose(): void {
    void this.closeAll();
    this.changed.dispose();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
