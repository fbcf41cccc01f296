// The configured clusters, the active one (per workspace), and one ClusterClient (connection pool) per cluster,
// created with its secret when first needed. Other features (Tasks and Clusters views) use it too:
// `activeClient()` gives the active cluster's client, `onDidChange` says when the active cluster or the settings changed.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { AwsModuleLoader } from '../core/aws/awsTypes';
import { ClusterClient } from '../core/clusterClient';
import { needsSecret, secretName, verificationOff, type ClusterConfig } from '../core/clusterConfig';
import { backgroundAllowed, clusterIdentity, clusterOrigin } from '../core/clusterOrigin';
import { RequestFailure } from '../core/failures';
import { proxyConnection, proxyOptions } from '../core/proxy';
import { decideSecretUse, type ClusterOrigin } from '../core/secretBinding';
import { currentBinding } from '../core/tlsBinding';
import type { Prompts } from './prompts';
import type { SecretStore } from './secretStore';
import type { Settings } from './settings';

/**
 * The active cluster's name is kept in workspaceState: it is a choice of this user in this workspace, not a setting
 * to share, so it is not written to .vscode/settings.json (often committed) and needs no settings scope trick.
 */
const ACTIVE_KEY = 'searchRequests.activeCluster';
/** The identities (core/clusterOrigin.ts) of the workspace's clusters the user chose in this workspace. */
const CHOSEN_KEY = 'searchRequests.chosenClusters';
const MAX_CHOSEN = 200;

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
    private readonly prompts: Prompts,
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
      secrets.onDidChange((key) => {
        // A binding accepted for a secret changes nothing of the connections.
        if (key.endsWith('#binding')) return;
        void this.closeAll();
        this.changed.fire();
      }),
      // Once trusted, the workspace's clusters count (VS Code also fires a configuration change).
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
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

  /**
   * The active cluster: the one chosen in this workspace, or the only one configured when it may be contacted without
   * being chosen (a workspace's own cluster must be chosen first).
   */
  active(): ClusterConfig | undefined {
    const clusters = this.clusters();
    const chosen = this.state.get<string>(ACTIVE_KEY);
    const found = clusters.find((cluster) => cluster.name === chosen);
    if (found !== undefined) return found;
    const only = clusters.length === 1 ? clusters[0] : undefined;
    return only !== undefined && this.mayContactInBackground(only) ? only : undefined;
  }

  /** Makes a cluster the active one: choosing it is what lets a workspace's cluster be contacted in the background. */
  async setActive(name: string | undefined): Promise<void> {
    const cluster = name === undefined ? undefined : this.find(name);
    if (cluster !== undefined) await this.choose(cluster);
    await this.state.update(ACTIVE_KEY, name);
    this.changed.fire();
  }

  /** Whether the cluster is defined by the user's settings or by the open workspace's. */
  origin(cluster: ClusterConfig): ClusterOrigin {
    return clusterOrigin(cluster, this.settings.userClusters(), this.settings.workspaceSetsClusters());
  }

  /** Whether the user chose this cluster (as it is defined now) in this workspace. */
  isChosen(cluster: ClusterConfig): boolean {
    return this.state.get<string[]>(CHOSEN_KEY, []).includes(clusterIdentity(cluster));
  }

  private async choose(cluster: ClusterConfig): Promise<void> {
    if (this.origin(cluster) === 'user' || this.isChosen(cluster)) return;
    const chosen = [...this.state.get<string[]>(CHOSEN_KEY, []), clusterIdentity(cluster)].slice(-MAX_CHOSEN);
    await this.state.update(CHOSEN_KEY, chosen);
  }

  /** Whether requests the user did not ask for (state, mappings, tasks, health) may go to the cluster. */
  mayContactInBackground(cluster: ClusterConfig): boolean {
    return backgroundAllowed(this.origin(cluster), this.isChosen(cluster));
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
    await this.storeSecret(cluster, secret);
    return secret;
  }

  /** Stores a secret bound to the cluster's settings as they are now (their certificate files by hash). */
  async storeSecret(cluster: ClusterConfig, secret: string): Promise<void> {
    await this.secrets.store(cluster, secret, await currentBinding(cluster, this.settings.baseDir()));
  }

  /**
   * A workspace's cluster the user has not chosen: a request the user started asks first (and remembers the answer);
   * any other is refused. Throws RequestFailure `notChosen` or `declined`.
   */
  private async ensureChosen(cluster: ClusterConfig, interactive: boolean): Promise<void> {
    if (this.mayContactInBackground(cluster)) return;
    const where = `The cluster "${cluster.name}" (${cluster.url}) is defined by this workspace's settings`;
    if (!interactive) {
      throw new RequestFailure(
        'notChosen',
        `${where}: it is not contacted until you choose it (Search Requests: Select Cluster).`,
      );
    }
    const use = 'Use This Cluster';
    const yes = await this.prompts.confirm(
      `Send requests to "${cluster.name}" at ${cluster.url}?`,
      `${where}, not yours. Nothing has been sent to it yet. Use it only if you trust this workspace to say where requests go.`,
      use,
    );
    if (!yes) throw new RequestFailure('declined', `Nothing was sent to "${cluster.name}".`);
    await this.choose(cluster);
  }

  /**
   * A stored secret is sent only under the settings it was stored with; otherwise a request the user started asks
   * first, naming what changed, and any other is refused. Throws RequestFailure `trustChanged` or `declined`.
   */
  private async checkBinding(cluster: ClusterConfig, interactive: boolean): Promise<void> {
    const current = await currentBinding(cluster, this.settings.baseDir());
    const decision = decideSecretUse({
      stored: await this.secrets.binding(cluster),
      current,
      origin: this.origin(cluster),
      interactive,
    });
    if (decision.action === 'send') {
      if (decision.rebind) await this.secrets.rebind(cluster, current);
      return;
    }
    const what = secretName(cluster.auth);
    const changes = decision.changes.map((change) => `• ${change}`).join('\n');
    if (decision.action === 'refuse') {
      this.log.warn(`[clusters] ${cluster.name}: the stored ${what} is not sent: ${decision.changes.join('; ')}`);
      throw new RequestFailure(
        'trustChanged',
        `The TLS settings of "${cluster.name}" changed since its ${what} was stored (${decision.changes.join('; ')}): run a request to confirm them.`,
      );
    }
    const send = `Send the ${what}`;
    const yes = await this.prompts.confirm(
      `The settings of "${cluster.name}" changed since its ${what} was stored. Send it to ${cluster.url} anyway?`,
      `${changes}\n\nA workspace can change these settings. Nothing is sent unless you choose "${send}".`,
      send,
    );
    if (!yes) {
      this.log.warn(`[clusters] ${cluster.name}: the stored ${what} was not sent (${decision.changes.join('; ')})`);
      throw new RequestFailure('declined', `Nothing was sent to "${cluster.name}": its ${what} was kept back.`);
    }
    await this.secrets.rebind(cluster, current);
  }

  /**
   * The cluster's client. `interactive`: the user asked for this request (a run, a test, a command); otherwise it is
   * a background one (state, tasks, health). With `interactive`, a missing secret is asked for, and so is consent
   * where it is needed (a workspace's cluster not chosen yet, a stored secret whose TLS settings changed); otherwise
   * these are failures, and nothing is sent. Throws RequestFailure.
   */
  async client(cluster: ClusterConfig, interactive: boolean): Promise<ClusterClient> {
    await this.ensureChosen(cluster, interactive);
    let secret: string | undefined;
    if (needsSecret(cluster)) {
      secret = await this.secrets.get(cluster);
      if (secret !== undefined) await this.checkBinding(cluster, interactive);
      else if (interactive) secret = await this.askSecret(cluster);
      if (secret === undefined) {
        throw new RequestFailure(
          'secretMissing',
          `No ${secretName(cluster.auth)} is stored for cluster "${cluster.name}".`,
        );
      }
    }
    const proxy = proxyConnection(cluster.url, this.settings.proxy());
    const baseDir = this.settings.baseDir();
    // In memory only, and a hash: the fingerprint never holds the secret itself.
    const fingerprint = JSON.stringify([
      cluster,
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
