import { CodeActionKind, TextDocumentSyncKind, type Connection } from 'vscode-languageserver';
import { codeActions } from '../service/codeActions';
import { codeLenses } from '../service/codeLenses';
import { resolveRequest, resolveRequests } from '../service/resolve';
import {
  ClusterState,
  ConsoleSettings,
  EvaluateNodeFilter,
  RequestWarnings,
  ResolveRequest,
  ResolveRequests,
  Target,
  type RequestWarningsParams,
  type EvaluateNodeFilterParams,
  type EvaluateNodeFilterResult,
  type ResolveRequestParams,
  type ResolveRequestResult,
  type ResolveRequestsParams,
  type ResolveRequestsResult,
} from '../protocol/protocol';
import { Variables, type VariableValue } from '../service/console/variables';
import { evaluateNodeFilter } from '../service/nodes/evaluate';
import { makeTarget } from '../service/target';
import { DocumentStore, isLanguageId } from '../service/documentStore';
import { DiagnosticsPublisher } from './diagnosticsPublisher';
import { NamedIndicesNotifier } from './namedIndices';
import { guard } from './guard';
import { LANGUAGE_FEATURE_CAPABILITIES, registerLanguageFeatures } from './languageFeatures';

export function startServer(connection: Connection): void {
  const store = new DocumentStore();
  const publisher = new DiagnosticsPublisher(connection, store);

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      ...LANGUAGE_FEATURE_CAPABILITIES,
    },
    serverInfo: { name: 'search-requests' },
  }));

  registerDocumentSync(connection, store, publisher, new NamedIndicesNotifier(connection, store));

  connection.onCodeLens(
    guard(connection, 'codeLens', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : codeLenses(document);
    }),
  );

  connection.onCodeAction(
    guard(connection, 'codeAction', [], (params) => {
      const document = store.get(params.textDocument.uri);
      return document === undefined ? [] : codeActions(document, params.context.diagnostics);
    }),
  );

  registerLanguageFeatures(connection, store);
  registerCustomProtocol(connection, store, publisher);

  connection.listen();
}

/** Open, change and close: the store parses each version once, and the diagnostics follow a moment later. */
function registerDocumentSync(
  connection: Connection,
  store: DocumentStore,
  publisher: DiagnosticsPublisher,
  named: NamedIndicesNotifier,
): void {
  connection.onDidOpenTextDocument((params) => {
    const { uri, languageId, version, text } = params.textDocument;
    const language = isLanguageId(languageId)
      ? languageId
      : uri.endsWith('.msearch')
        ? 'msearch'
        : uri.endsWith('.search')
          ? 'search'
          : undefined;
    if (language === undefined) return;
    store.open(uri, language, version, text);
    publisher.schedule(uri, true);
    named.schedule(uri);
  });

  connection.onDidChangeTextDocument((params) => {
    const { uri, version } = params.textDocument;
    try {
      store.change(uri, version, params.contentChanges);
    } catch (error) {
      connection.console.error(
        `[change] ${uri}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return;
    }
    publisher.schedule(uri);
    named.schedule(uri);
  });

  connection.onDidCloseTextDocument((params) => {
    store.close(params.textDocument.uri);
    publisher.clear(params.textDocument.uri);
    named.schedule(params.textDocument.uri);
  });
}

/** The requests and notifications of server/src/protocol/protocol.ts. */
function registerCustomProtocol(connection: Connection, store: DocumentStore, publisher: DiagnosticsPublisher): void {
  connection.onRequest(
    ResolveRequest,
    guard<ResolveRequestParams, ResolveRequestResult>(
      connection,
      'resolveRequest',
      { reason: 'The request could not be read.' },
      (params) => {
        const document = store.get(params.uri);
        if (document === undefined) return { reason: 'The document is not open.' };
        return resolveRequest(document, params, store.target, store.console);
      },
    ),
  );

  connection.onRequest(
    ResolveRequests,
    guard<ResolveRequestsParams, ResolveRequestsResult>(
      connection,
      'resolveRequests',
      { requests: [], skipped: [], reason: 'The requests could not be read.' },
      (params) => {
        const document = store.get(params.uri);
        if (document === undefined) return { requests: [], skipped: [], reason: 'The document is not open.' };
        return resolveRequests(document, params, store.target, store.console);
      },
    ),
  );

  connection.onNotification(ConsoleSettings, (params) => {
    let changed: boolean;
    try {
      const values = new Map<string, VariableValue>();
      for (const [name, info] of Object.entries(params.variables)) values.set(name, info);
      const variables = store.setVariables(Variables.from(values));
      const clusters = store.setClusters(params.clusters);
      changed = variables || clusters;
    } catch (error) {
      connection.console.error(
        `[consoleSettings] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return;
    }
    if (changed) for (const uri of store.uris()) publisher.schedule(uri);
  });

  connection.onRequest(
    EvaluateNodeFilter,
    guard<EvaluateNodeFilterParams, EvaluateNodeFilterResult>(
      connection,
      'evaluateNodeFilter',
      { errors: [], warnings: [], steps: [] },
      (params) => evaluateNodeFilter(params.filter, store.cluster),
    ),
  );

  connection.onNotification(Target, (params) => {
    try {
      if (!store.setTarget(makeTarget(params))) return;
    } catch (error) {
      connection.console.error(`[target] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return;
    }
    for (const uri of store.uris()) publisher.schedule(uri);
  });

  connection.onNotification(ClusterState, (params) => {
    try {
      store.updateCluster(params);
    } catch (error) {
      connection.console.error(
        `[clusterState] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return;
    }
    // What the cluster holds changes the information diagnostics of every open document.
    for (const uri of store.uris()) publisher.schedule(uri);
  });

  connection.onNotification(RequestWarnings, (params) => {
    const { line, warnings } = params as Partial<RequestWarningsParams>;
    if (!Number.isInteger(line) || line! < 0 || !Array.isArray(warnings)) return;
    if (!warnings.every((w: unknown) => typeof w === 'string')) return;
    const document = store.get(params.uri);
    // A document that changed since the run keeps no mark of it.
    if (document?.version !== params.version) return;
    store.runWarnings.set(params.uri, params.version, line!, warnings);
    publisher.schedule(params.uri, true);
  });
}
