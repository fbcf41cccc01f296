// What the features share, created once in extension.ts and handed to each feature (no global singletons).
import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { RunHistory } from '../core/runHistory';
import type { ResponseWorker } from '../core/responseWorker';
import type { ClusterConnections } from './clusterConnections';
import type { FeatureEvents } from './events';
import type { Settings } from './settings';

export interface Services {
  readonly context: vscode.ExtensionContext;
  /** Started before any feature sends a request (extension.ts awaits its start). */
  readonly languageClient: LanguageClient;
  /** The extension's log: one tagged line per event (`[http]`, `[run]`), nothing secret. */
  readonly log: vscode.LogOutputChannel;
  readonly settings: Settings;
  readonly connections: ClusterConnections;
  readonly history: RunHistory;
  readonly worker: ResponseWorker;
  /** How features tell each other what happened (never through each other's commands). */
  readonly events: FeatureEvents;
}
