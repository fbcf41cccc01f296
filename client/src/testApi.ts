// What activate() returns when the extension runs under test: the views as plain data, for the integration suite
// (the VS Code API cannot read a tree view). It is no part of the manifest: users have no command for it.
import * as vscode from 'vscode';
import type { ClustersView, DescribedCluster } from './features/clustersView';
import type { DescribedItem, ResultsView } from './features/resultsView';
import type { HistoryPersistence } from './features/historyPersistence';
import type { AskedPrompt, Prompts } from './features/prompts';

export interface TestApi {
  /** The Results view's items, `depth` levels deep (3 by default). */
  describeResults(depth?: number): Promise<DescribedItem[]>;
  /** The Clusters view's items, `depth` levels deep (2 by default), once the clusters' states are read. */
  describeClusters(depth?: number): Promise<DescribedCluster[]>;
  /** Writes the runs to the workspace's storage now, and says in which folder they are kept. */
  keepHistory(): Promise<string>;
  /** Answers the next modal questions asked before sending (true: the action; false: Cancel), in order. */
  answerPrompts(...answers: boolean[]): void;
  /** The modal questions asked so far (and forgets them). */
  takePrompts(): AskedPrompt[];
}

/**
 * Under test: VS Code's test mode (an extension under development run with its tests), or the variable the
 * project's launchers set for a packaged extension under test (SEARCH_REQUESTS_TEST_API=1).
 */
export function underTest(context: vscode.ExtensionContext): boolean {
  return context.extensionMode === vscode.ExtensionMode.Test || process.env['SEARCH_REQUESTS_TEST_API'] === '1';
}

export function testApi(
  results: ResultsView,
  clusters: ClustersView,
  history: HistoryPersistence,
  prompts: Prompts,
): TestApi {
  return {
    answerPrompts: (...answers) => {
      prompts.answerNext(...answers);
    },
    takePrompts: () => prompts.takeAsked(),
    describeResults: (depth = 3) => results.describe(depth),
    describeClusters: (depth = 2) => clusters.describe(depth),
    keepHistory: async () => {
      await history.save();
      return history.folder;
    },
  };
}
