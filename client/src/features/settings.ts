// The extension's settings, read when asked (they may change at any time).
import * as vscode from 'vscode';
import { parseClusters, type ParsedClusters } from '../core/clusterConfig';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../core/backgroundRead';
import type { ProxySettings } from '../core/proxy';
import { DEFAULT_OPAQUE_ID_PREFIX } from '../core/runIds';
import type { TargetSettings } from '../core/target';

const SECTION = 'searchRequests';

export class Settings {
  private get config(): vscode.WorkspaceConfiguration {
    return vscode.workspace.getConfiguration(SECTION);
  }

  clusters(): ParsedClusters {
    return parseClusters(this.config.get<unknown>('clusters'));
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
    return this.config.get<string>('opaqueIdPrefix') ?? DEFAULT_OPAQUE_ID_PREFIX;
  }

  /** In ms; 0 for none. The setting is in seconds. */
  requestTimeoutMs(): number {
    const seconds = this.config.get<number>('requestTimeout') ?? 300;
    return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : 0;
  }

  /** The largest answer a run reads, in bytes (`searchRequests.maxResponseBytes`). */
  maxResponseBytes(): number {
    const bytes = this.config.get<number>('maxResponseBytes') ?? DEFAULT_MAX_RESPONSE_BYTES;
    return Number.isFinite(bytes) && bytes >= 1024 * 1024 ? Math.floor(bytes) : DEFAULT_MAX_RESPONSE_BYTES;
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
    const seconds = this.config.get<number>('tasks.refreshInterval') ?? 2;
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

  /** Relative TLS file paths are read from the first workspace folder. */
  baseDir(): string | undefined {
    return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
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
