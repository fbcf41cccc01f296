// What the features tell each other. A feature never runs another feature's command: it fires one of these events and
// the features that care listen. Created once in extension.ts and shared through Services.
import * as vscode from 'vscode';

export class FeatureEvents implements vscode.Disposable {
  private readonly runStarted = new vscode.EventEmitter<string>();
  private readonly clusterContacted = new vscode.EventEmitter<boolean>();
  private readonly clusterTested = new vscode.EventEmitter<string>();

  /** A run started (its id): the Results view shows it. */
  readonly onDidStartRun = this.runStarted.event;
  /**
   * A run reached the active cluster (true) or could not connect to it (false): the status bar looks again when that
   * disagrees with what it shows.
   */
  readonly onDidContactCluster = this.clusterContacted.event;
  /** A cluster's connection was tested (its name): the Clusters view shows what was found. */
  readonly onDidTestCluster = this.clusterTested.event;

  startedRun(runId: string): void {
    this.runStarted.fire(runId);
  }

  contactedCluster(reached: boolean): void {
    this.clusterContacted.fire(reached);
  }

  testedCluster(name: string): void {
    this.clusterTested.fire(name);
  }

  dispose(): void {
    this.runStarted.dispose();
    this.clusterContacted.dispose();
    this.clusterTested.dispose();
  }
}
