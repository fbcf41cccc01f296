// Cluster secrets (passwords, tokens, API keys) live in VS Code's SecretStorage only.
import type * as vscode from 'vscode';
import { secretKey, type ClusterConfig } from '../core/clusterConfig';

export class SecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  get(cluster: ClusterConfig): Thenable<string | undefined> {
    return this.storage.get(secretKey(cluster));
  }

  store(cluster: ClusterConfig, secret: string): Thenable<void> {
    return this.storage.store(secretKey(cluster), secret);
  }

  forget(cluster: ClusterConfig): Thenable<void> {
    return this.storage.delete(secretKey(cluster));
  }

  onDidChange(listener: () => void): vscode.Disposable {
    return this.storage.onDidChange(listener);
  }
}
