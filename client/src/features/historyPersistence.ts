// Runs kept across window reloads: the Results view's runs are written to the workspace's storage as they end (and
// when they are deleted or cleared), and read back when the extension starts.
import * as vscode from 'vscode';
import { HistoryStore, restoreRun } from '../core/historyStore';
import { openResponse } from '../core/openResponse';
import type { Services } from './services';

const SAVE_DELAY_MS = 250;

export class HistoryPersistence implements vscode.Disposable {
  private readonly store: HistoryStore;
  /** Where the runs are kept. */
  readonly folder: string;
  private readonly subscription: { dispose(): void };
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly services: Services) {
    const base = services.context.storageUri ?? services.context.globalStorageUri;
    this.folder = vscode.Uri.joinPath(base, 'history').fsPath;
    this.store = new HistoryStore(this.folder, () => services.settings.savedAnswerBytes());
    this.subscription = services.history.onDidChange(() => {
      this.schedule();
    });
  }

  /** Reads the kept runs into the Results view (after the runs of this session, if any). */
  async restore(): Promise<number> {
    const { history, connections, worker, log } = this.services;
    try {
      const saved = await this.store.load();
      const runs = saved.map((run) =>
        restoreRun(run, connections.find(run.cluster.name), this.store, (body, contentType) =>
          openResponse(body, contentType, worker, run.cluster.name),
        ),
      );
      history.restore(runs);
      if (runs.length > 0) log.info(`[history] ${runs.length} runs read back from the workspace's storage`);
      return runs.length;
    } catch (error) {
      log.warn(`[history] the kept runs could not be read: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }

  private schedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, SAVE_DELAY_MS);
  }

  /** Writes the runs now (the tests and the end of the session wait on it). */
  save(): Promise<void> {
    this.saving = this.store.save(this.services.history.list()).catch((error: unknown) => {
      this.services.log.warn(
        `[history] the runs could not be kept: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return this.saving;
  }

  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      await this.save();
    }
    await this.saving;
  }

  dispose(): void {
    this.subscription.dispose();
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
