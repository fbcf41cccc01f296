// Tells the language server which server its checks are made for (Target): the active cluster's distribution and
// version once it answered, else the target settings. Sent again when either changes and when the server restarts.
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import { Target, type TargetParams } from '../../../server/src/protocol/protocol';
import { effectiveTarget, sameTargetParams } from '../core/target';
import type { ClusterStatus } from './clusterStatus';
import type { Services } from './services';

export class TargetPublisher implements vscode.Disposable {
  private readonly disposables: { dispose(): unknown }[] = [];
  private sent: TargetParams | undefined;

  constructor(
    private readonly services: Services,
    private readonly status: ClusterStatus,
  ) {
    this.disposables.push(
      status.onDidReadActive(() => {
        this.publish();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (services.settings.affectsTarget(event)) this.publish();
      }),
      services.languageClient.onDidChangeState((event) => {
        if (event.newState === State.Running) {
          this.sent = undefined;
          this.publish();
        }
      }),
    );
  }

  /** The target in effect, as last sent. */
  get current(): TargetParams | undefined {
    return this.sent;
  }

  publish(): void {
    const target = effectiveTarget(this.status.active, this.services.settings.target());
    if (sameTargetParams(this.sent, target) || !this.services.languageClient.isRunning()) return;
    this.sent = target;
    this.services.log.info(
      `[target] checks made for ${target.distribution ?? 'opensearch'} ${target.version ?? '(newest known)'} (${target.source})`,
    );
    this.services.languageClient.sendNotification(Target, target).catch((error: unknown) => {
      this.sent = undefined;
      this.services.log.warn(`[target] not sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
