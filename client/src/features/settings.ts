// The extension's settings, read when asked (they may change at any time).
import * as vscode from 'vscode';
import { parseClusters, type ClusterConfig, type ParsedClusters } from '../core/clusterConfig';
import { restrictedSettingsIn, RESTRICTED_SETTINGS, setInWorkspace, trustedValue } from '../core/settingsTrust';
import type { ProxySettings } from '../core/proxy';
import { DEFAULT_OPAQUE_ID_PREFIX } from '../core/runIds';
import type { TargetSettings } from '../core/target';

const SECTION = 'searchRequests';

export class Settings {
  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  /**
   * A setting's value. In an untrusted workspace, a restricted setting (core/settingsTrust.ts) takes the user's value
   * only: VS Code does so for the settings package.json lists in `restrictedConfigurations`, and so does this.
   */
  private read(key: string): unknown {
    const config = this.config;
    return trustedValue(`${SECTION}.${key}`, config.get(key), config.inspect(key), vscode.workspace.isTrusted);
  }

  clusters(): ParsedClusters {
    return parseClusters(this.read('clusters'));
  }

  /** The clusters of the user's own settings (whatever the workspace sets). */
  userClusters(): readonly ClusterConfig[] {
    return parseClusters(this.config.inspect<unknown>('clusters')?.globalValue).clusters;
  }

  /** Whether the clusters in effect are the workspace's (it sets them, and it is trusted: else they are ignored). */
  workspaceSetsClusters(): boolean {
    return vscode.workspace.isTrusted && setInWorkspace(this.config.inspect<unknown>('clusters'));
  }

  /**
   * The restricted settings this workspace sets, ignored because it is not trusted (none in a trusted one). VS Code
   * hides their workspace values in Restricted Mode: the workspace's settings files are read for their names.
   */
  async ignoredWorkspaceSettings(): Promise<string[]> {
    if (vscode.workspace.isTrusted) return [];
    const config = vscode.workspace.getConfiguration();
    const found = new Set(RESTRICTED_SETTINGS.filter((key) => setInWorkspace(config.inspect<unknown>(key))));
    const files = [
      ...(vscode.workspace.workspaceFolders ?? []).map((folder) =>
        vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'),
      ),
      ...(vscode.workspace.workspaceFile?.scheme === 'file' ? [vscode.workspace.workspaceFile] : []),
    ];
    for (const file of files) {
      let text: string;
      try {
        text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
      } catch {
        continue;
      }
      for (const key of restrictedSettingsIn(text)) found.add(key);
    }
    return RESTRICTED_SETTINGS.filter((key) => found.has(key));
  }

  /** The server the checks are made for when no cluster is connected. */
  target(): TargetSettings {
    return {
      version: this.config.get<string>('targetVersion') ?? '',
      distribution: this.config.get<string>('targetDistribution') ?? 'opensearch',
    };
  }

  affectsTarget(event: vscode.ConfigurationChangeEvent): boolean {
    return (
      event.affectsConfiguration(`${SECTION}.targetVersion`) ||
      event.affectsConfiguration(`${SECTION}.targetDistribution`)
    );
  }

  opaqueIdPrefix(): string {
    const prefix = this.read('opaqueIdPrefix');
    return typeof prefix === 'string' ? prefix : DEFAULT_OPAQUE_ID_PREFIX;
  }

  /** In ms; 0 for none. The setting is in seconds. */
  requestTimeoutMs(): number {
    const setting = this.read('requestTimeout');
    const seconds = typeof setting === 'number' ? setting : 300;
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
  }

  maxRuns(): number {
    return Math.max(1, Math.floor(this.config.get<number>('results.maxRuns') ?? 20));
  }

  /** The largest answer kept across reloads, in bytes (the setting is in KB); 0 keeps none. */
  savedAnswerBytes(): number {
    const kb = this.config.get<number>('results.savedAnswerSize') ?? 1024;
    return Number.isFinite(kb) && kb > 0 ? Math.round(kb * 1024) : 0;
  }

  pageSize(): number {
    return Math.max(1, Math.floor(this.config.get<number>('results.pageSize') ?? 50));
  }

  /** In ms; 0 when the Tasks view refreshes only by hand. The setting is in seconds. */
  tasksRefreshIntervalMs(): number {
    const setting = this.read('tasks.refreshInterval');
    const seconds = typeof setting === 'number' ? setting : 2;
    return Number.isFinite(seconds) && seconds > 0 ? Math.max(250, Math.round(seconds * 1000)) : 0;
  }

  proxy(): ProxySettings {
    const http = vscode.workspace.getConfiguration('http');
    const proxy = http.get<string>('proxy');
    const noProxy = http.get<string[]>('noProxy');
    const authorization = http.get<string | null>('proxyAuthorization');
    return {
      ...(proxy === undefined ? {} : { proxy }),
      ...(noProxy === undefined || noProxy.length === 0 ? {} : { noProxy }),
      ...(typeof authorization === 'string' && authorization !== '' ? { authorization } : {}),
      strictSSL: http.get<boolean>('proxyStrictSSL') !== false,
      support: http.get<string>('proxySupport') ?? 'override',
      env: process.env,
    };
  }

  /** Relative TLS file paths are read from the first workspace folder, when it is on this machine's disk. */
  baseDir(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    return folder?.scheme === 'file' ? folder.fsPath : undefined;
  }

  affectsClusters(event: vscode.ConfigurationChangeEvent): boolean {
    return (
      event.affectsConfiguration(`${SECTION}.clusters`) ||
      event.affectsConfiguration('http.proxy') ||
      event.affectsConfiguration('http.noProxy') ||
      event.affectsConfiguration('http.proxyStrictSSL') ||
      event.affectsConfiguration('http.proxyAuthorization') ||
      event.affectsConfiguration('http.proxySupport')
    );
  }
}
