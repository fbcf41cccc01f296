import * as vscode from 'vscode';
import { ResponseWorker } from './core/responseWorker';
import { RunHistory } from './core/runHistory';
import { awsModuleLoader } from './features/awsModule';
import { clusterChooser, registerClusterCommands } from './features/clusterCommands';
import { ClusterConnections } from './features/clusterConnections';
import { ClusterStatePublisher } from './features/clusterStatePublisher';
import { ClusterStatus } from './features/clusterStatus';
import { FeatureEvents } from './features/events';
import { ClustersView } from './features/clustersView';
import { registerClustersViewCommands } from './features/clustersViewCommands';
import { createLanguageClient } from './features/languageClient';
import { TargetPublisher } from './features/targetPublisher';
import { registerResultCommands } from './features/resultDocuments';
import { ResultsView } from './features/resultsView';
import { registerRunCommands, Runner } from './features/runCommands';
import { Prompts } from './features/prompts';
import { SecretStore } from './features/secretStore';
import type { Services } from './features/services';
import { evaluateNodeFilterCommand } from './features/nodeFilterCommand';
import { Settings } from './features/settings';
import { registerTaskCommands } from './features/taskCommands';
import { TasksView } from './features/tasksView';
import { registerVariableCommands, SecretVariables, VariablesPublisher } from './features/variables';
import { registerExportCommands } from './features/exportCommands';
import { HistoryPersistence } from './features/historyPersistence';
import { registerCurlCommands } from './features/curlCommands';
import { testApi, underTest, type TestApi } from './testApi';
import { COMMANDS } from '../../server/src/protocol/manifest';

let runner: Runner | undefined;
let persistence: HistoryPersistence | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<TestApi | undefined> {
  const log = vscode.window.createOutputChannel('Search Requests', { log: true });
  const settings = new Settings();
  const prompts = new Prompts();
  const connections = new ClusterConnections(
    context.workspaceState,
    settings,
    new SecretStore(context.secrets),
    log,
    prompts,
    awsModuleLoader(context),
  );
  const history = new RunHistory(settings.maxRuns());
  const worker = new ResponseWorker(context.asAbsolutePath('client/dist/worker.js'));
  const languageClient = createLanguageClient(context);
  const events = new FeatureEvents();
  const services: Services = { context, languageClient, log, settings, connections, history, worker, events };

  const results = new ResultsView(services);
  persistence = new HistoryPersistence(services);
  const status = new ClusterStatus(services);
  const chooser = clusterChooser(services, status);
  const publisher = new ClusterStatePublisher(services);
  const target = new TargetPublisher(services, status);
  const tasks = new TasksView(services, publisher);
  const clusters = new ClustersView(services);
  const secretVariables = new SecretVariables(context.secrets);
  const variables = new VariablesPublisher(services);
  runner = new Runner(services, chooser, secretVariables);
  context.subscriptions.push(
    log,
    events,
    connections,
    {
      dispose: () => {
        history.dispose();
      },
    },
    { dispose: () => void worker.dispose() },
    results,
    status,
    target,
    runner,
    variables,
    ...registerVariableCommands(secretVariables),
    ...registerRunCommands(runner),
    publisher,
    tasks,
    clusters,
    ...registerClusterCommands(services, status),
    ...registerClustersViewCommands(services, chooser, clusters),
    ...registerTaskCommands(services, chooser, tasks, publisher),
    ...registerResultCommands(services, results),
    ...registerExportCommands(services, results),
    ...registerCurlCommands(services, chooser),
    persistence,
    vscode.commands.registerCommand(COMMANDS.evaluateNodeFilter, (filter?: string) =>
      evaluateNodeFilterCommand(services, publisher, filter),
    ),
    vscode.commands.registerCommand(COMMANDS.refreshClusterState, () => publisher.refresh()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('searchRequests.results.maxRuns')) history.setMaxRuns(settings.maxRuns());
    }),
  );
  await persistence.restore();
  await languageClient.start();
  target.publish();
  variables.publish();
  // What the active cluster holds goes to the server once it runs; the extension does not wait for the cluster.
  void publisher.start();
  return underTest(context) ? testApi(results, clusters, persistence, prompts) : undefined;
}

/** VS Code is closing: runs in flight are cancelled, on the clusters too. */
export async function deactivate(): Promise<void> {
  await runner?.cancelAll();
  runner = undefined;
  await persistence?.flush();
  persistence = undefined;
}
