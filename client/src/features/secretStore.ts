// Cluster secrets (passwords, tokens, API keys) live in VS Code's SecretStorage only, each with the binding it was
// given under (core/secretBinding.ts: URL, user, TLS settings and certificate hashes; no secret in it).
import type * as vscode from 'vscode';
import { secretKey, type ClusterConfig } from '../core/clusterConfig';
import { parseBinding, serializeBinding, type SecretBinding } from '../core/secretBinding';

function bindingKey(cluster: ClusterConfig): string {
  return `${secretKey(cluster)}#binding`;
}

export class SecretStore {
  constructor(private readonly storage: vscode.SecretStorage) {}

  get(cluster: ClusterConfig): Thenable<string | undefined> {
    return this.storage.get(secretKey(cluster));
  }

  /** The settings the secret was stored under; undefined for a secret stored before bindings were kept. */
  async binding(cluster: ClusterConfig): Promise<SecretBinding | undefined> {
    return parseBinding(await this.storage.get(bindingKey(cluster)));
  }

  /** Stores the secret with the binding of the settings it is given under. */
  async store(cluster: ClusterConfig, secret: string, binding: SecretBinding): Promise<void> {
    await this.storage.store(bindingKey(cluster), serializeBinding(binding));
    await this.storage.store(secretKey(cluster), secret);
  }

  /** The user accepted the settings as they are now for the stored secret. */
  rebind(cluster: ClusterConfig, binding: SecretBinding): Thenable<void> {
    return this.storage.store(bindingKey(cluster), serializeBinding(binding));
  }

  async forget(cluster: ClusterConfig): Promise<void> {
    await this.storage.delete(secretKey(cluster));
    await this.storage.delete(bindingKey(cluster));
  }

  onDidChange(listener: (key: string) => void): vscode.Disposable {
    return this.storage.onDidChange((event) => {
      listener(event.key);
    });
  }
}
