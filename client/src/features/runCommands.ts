// `searchRequests.run`, `searchRequests.runAll`, `searchRequests.rerun` and `searchRequests.cancelRun`: ask the
// language server for the request, send it to the active cluster with a cancellable progress notification, keep
// the answer for the Results view, and return the parsed responses.
import * as vscode from 'vscode';
import {
  RequestWarnings,
  ResolveRequest,
  ResolveRequests,
  type RequestWarningsParams,
  type ResolveRequestParams,
  type ResolveRequestResult,
  type ResolvedRequest,
} from '../../../server/src/protocol/protocol';
import type { ClusterClient } from '../core/clusterClient';
import type { ClusterConfig } from '../core/clusterConfig';
import { queryString } from '../core/requestUrl';
import { redactAnswer } from '../core/redact';
import { fillSecrets, secretNames } from '../core/secretSlots';
import type { SecretVariables } from './variables';
import { RequestFailure, isRequestFailure } from '../core/failures';
import { formatBytes, formatDuration } from '../core/format';
import { INLINE_LIMIT, openResponse } from '../core/openResponse';
import type { ItemSummary, ResponseShape } from '../core/resultTree';
import type { RunRecord } from '../core/runHistory';
import { newRunId, opaqueIdFor } from '../core/runIds';
import { executeRun, type RunOutcome } from '../core/runner';
import { isDeprecation } from '../core/warnings';
import { describeCancel } from '../core/taskCancel';
import type { ClusterChooser } from './clusterCommands';
import type { Services } from './services';
import { COMMANDS } from '../../../server/src/protocol/manifest';

/** What the run commands return (for scripts and tests). */
export interface RunResult {
  readonly id: string;
  readonly label: string;
  readonly cluster: string;
  readonly method: string;
  readonly path: string;
  readonly opaqueId: string;
  readonly state: RunRecord['state'];
  /** HTTP status of the answer. */
  readonly status?: number;
  readonly durationMs: number;
  readonly bytes?: number;
  readonly shape?: ResponseShape;
  /** One per `_msearch` response (or the one search answer): status, took, total, error. */
  readonly items: readonly ItemSummary[];
  /** The parsed answer, when it is at most 1 MB (larger ones stay in the worker; open them from the view). */
  readonly response?: unknown;
  /** For `_msearch`: the parsed responses, in order. */
  readonly responses?: readonly unknown[];
  readonly failure?: { readonly kind: string; readonly message: string };
  /** When cancelled or timed out: what was cancelled on the cluster. */
  readonly cancelMessage?: string;
  /** What the cluster's `Warning` headers said (deprecations). */
  readonly warnings?: readonly string[];
}

/** Failures that say the cluster cannot be reached (the status bar should say so too). */
const CONNECTION_FAILURES: ReadonlySet<string> = new Set([
  'refused',
  'dns',
  'tls',
  'connectTimeout',
  'closed',
  'network',
  'unauthorized',
  'credentials',
]);

export class Runner implements vscode.Disposable {
  private readonly inFlight = new Map<string, { abort: AbortController; done: Promise<unknown> }>();

  constructor(
    private readonly services: Services,
    private readonly chooser: ClusterChooser,
    private readonly secrets: SecretVariables,
  ) {}

  /** The document version each request was resolved from (what the cluster's warnings are marked on). */
  private readonly versions = new WeakMap<ResolvedRequest, number>();

  private async resolve(uri: vscode.Uri, line: number | undefined, all: boolean): Promise<ResolvedRequest | undefined> {
    // Opening makes sure the language server has the document (a no-op when it is open already).
    const document = await vscode.workspace.openTextDocument(uri);
    const version = document.version;
    const params: ResolveRequestParams = { uri: uri.toString(), ...(all ? { all: true } : { line: line ?? 0 }) };
    let result: ResolveRequestResult;
    try {
      result = await this.services.languageClient.sendRequest(ResolveRequest, params);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.services.log.error(`[run] the language server could not resolve the request: ${message}`);
      void vscode.window.showErrorMessage(
        `The request could not be read: the language server did not answer (${message}). See the "Search Requests Language Server" output.`,
      );
      return undefined;
    }
    if (result.request === undefined) {
      void vscode.window.showInformationMessage(result.reason ?? 'There is nothing to run here.');
      return undefined;
    }
    this.versions.set(result.request, version);
    return result.request;
  }

  private async confirmErrors(request: ResolvedRequest): Promise<boolean> {
    if (request.errorCount === 0) return true;
    const send = 'Send Anyway';
    const list = request.errors.map((e) => `• ${e}`).join('\n');
    const more =
      request.errorCount > request.errors.length ? `\n… and ${request.errorCount - request.errors.length} more` : '';
    const choice = await vscode.window.showWarningMessage(
      `${request.label} has ${request.errorCount} error${request.errorCount === 1 ? '' : 's'}: OpenSearch will reject it.`,
      { modal: true, detail: `${list}${more}` },
      send,
    );
    return choice === send;
  }

  /**
   * `searchRequests.run`: the request at a line (the cursor's when no argument is given). With a selection that
   * touches more than one request (no argument given), every request it touches, in turn (see runMany).
   */
  async run(uriArg?: string | vscode.Uri, lineArg?: number): Promise<RunResult | RunResult[] | undefined> {
    const editor = vscode.window.activeTextEditor;
    const selection = editor?.selection;
    if (uriArg === undefined && editor !== undefined && selection !== undefined && !selection.isEmpty) {
      const end =
        selection.end.character === 0 && selection.end.line > selection.start.line
          ? selection.end.line - 1
          : selection.end.line;
      return this.runMany(editor.document.uri, { start: selection.start.line, end });
    }
    const target = this.target(uriArg, lineArg);
    if (target === undefined) return undefined;
    const request = await this.resolve(target.uri, target.line, false);
    if (request === undefined || !(await this.confirmErrors(request))) return undefined;
    return this.send(request, { uri: target.uri.toString(), line: target.line });
  }

  /**
   * `searchRequests.runAll`: a whole `.msearch` file as one `_msearch` (returns its run); every request of a `.search`
   * file in turn (returns their runs, see runMany).
   */
  async runAll(uriArg?: string | vscode.Uri): Promise<RunResult | RunResult[] | undefined> {
    const target = this.target(uriArg, 0);
    if (target === undefined) return undefined;
    const document = await vscode.workspace.openTextDocument(target.uri);
    if (document.languageId === 'search' || target.uri.path.endsWith('.search')) {
      return this.runMany(target.uri, undefined);
    }
    const request = await this.resolve(target.uri, undefined, true);
    if (request === undefined || !(await this.confirmErrors(request))) return undefined;
    return this.send(request, { uri: target.uri.toString(), all: true });
  }

  /**
   * The requests of a document (all of them, or those `lines` touch), run one after the other in the order of the
   * file, each a run of its own in the Results view. An answer with an error status does not stop the others; a
   * request that cannot be sent (no answer at all: the cluster cannot be reached, the run was cancelled) does. In a
   * `.msearch` file the pairs the lines touch are one `_msearch`.
   */
  async runMany(
    uri: vscode.Uri,
    lines: { start: number; end: number } | undefined,
  ): Promise<RunResult[] | RunResult | undefined> {
    const document = await vscode.workspace.openTextDocument(uri);
    let resolved;
    try {
      resolved = await this.services.languageClient.sendRequest(ResolveRequests, {
        uri: uri.toString(),
        ...(lines === undefined ? {} : { lines }),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(
        `The requests could not be read: the language server did not answer (${message}).`,
      );
      return undefined;
    }
    for (const request of resolved.requests) this.versions.set(request, document.version);
    for (const skipped of resolved.skipped) {
      this.services.log.warn(`[run] line ${skipped.line + 1} not sent: ${skipped.reason}`);
    }
    if (resolved.requests.length === 0) {
      void vscode.window.showInformationMessage(
        resolved.skipped[0]?.reason ?? resolved.reason ?? 'There is nothing to run here.',
      );
      return undefined;
    }
    if (resolved.skipped.length > 0) {
      void vscode.window.showWarningMessage(
        `${resolved.skipped.length} request${resolved.skipped.length === 1 ? '' : 's'} not sent: ${resolved.skipped[0]!.reason}`,
      );
    }
    if (document.languageId === 'msearch') {
      const request = resolved.requests[0]!;
      if (!(await this.confirmErrors(request))) return undefined;
      return this.send(request, {
        uri: uri.toString(),
        line: request.startLine,
        ...(lines === undefined ? { all: true } : { lines }),
      });
    }
    const chosen = await this.confirmMany(resolved.requests);
    if (chosen === undefined) return undefined;
    const results: RunResult[] = [];
    for (const request of chosen) {
      const result = await this.send(request, { uri: uri.toString(), line: request.startLine });
      if (result === undefined) break;
      results.push(result);
      if (result.failure !== undefined) {
        const left = chosen.length - results.length;
        if (left > 0) {
          void vscode.window.showWarningMessage(
            `${request.label} got no answer (${result.failure.kind}): the ${left} request${left === 1 ? '' : 's'} after it ${left === 1 ? 'was' : 'were'} not sent.`,
          );
        }
        break;
      }
    }
    return results;
  }

  /** Asks once for requests with errors: send them all, leave those out, or send nothing. */
  private async confirmMany(requests: readonly ResolvedRequest[]): Promise<readonly ResolvedRequest[] | undefined> {
    const faulty = requests.filter((request) => request.errorCount > 0);
    if (faulty.length === 0) return requests;
    if (requests.length === 1) return (await this.confirmErrors(requests[0]!)) ? requests : undefined;
    const all = 'Send All';
    const skip = 'Skip Those';
    const choice = await vscode.window.showWarningMessage(
      `${faulty.length} of the ${requests.length} requests have errors: OpenSearch will reject them.`,
      { modal: true, detail: faulty.map((r) => `• ${r.label}: ${r.errors[0] ?? ''}`).join('\n') },
      all,
      skip,
    );
    if (choice === all) return requests;
    if (choice === skip) return requests.filter((request) => request.errorCount === 0);
    return undefined;
  }

  /** `searchRequests.rerun`: a run of the Results view, again, from its document as it is now. */
  async rerun(runId?: string): Promise<RunResult | RunResult[] | undefined> {
    const run = runId === undefined ? this.services.history.list()[0] : this.services.history.get(runId);
    if (run?.source === undefined) return undefined;
    const uri = vscode.Uri.parse(run.source.uri);
    if (run.source.all === true) {
      const request = await this.resolve(uri, undefined, true);
      return request === undefined || !(await this.confirmErrors(request)) ? undefined : this.send(request, run.source);
    }
    // A selection of a .msearch file: the pairs its lines touch, again as one _msearch.
    if (run.source.lines !== undefined) return this.runMany(uri, run.source.lines);
    return this.run(uri, run.source.line);
  }

  /** `searchRequests.cancelRun`: cancels a run in flight (the newest when no id is given). */
  cancel(runId?: string): boolean {
    const id = runId ?? [...this.inFlight.keys()].pop();
    const entry = id === undefined ? undefined : this.inFlight.get(id);
    if (entry === undefined) return false;
    entry.abort.abort();
    return true;
  }

  private target(
    uriArg: string | vscode.Uri | undefined,
    lineArg: number | undefined,
  ): { uri: vscode.Uri; line: number } | undefined {
    if (uriArg !== undefined) {
      const uri = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg;
      const line =
        lineArg ??
        (vscode.window.activeTextEditor?.document.uri.toString() === uri.toString()
          ? vscode.window.activeTextEditor.selection.active.line
          : 0);
      return { uri, line };
    }
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined || !['search', 'msearch'].includes(editor.document.languageId)) {
      void vscode.window.showInformationMessage(
        'Open a .search or .msearch file and put the cursor in a request to run it.',
      );
      return undefined;
    }
    return { uri: editor.document.uri, line: editor.selection.active.line };
  }

  /** The cluster a request runs on: the one its full URL names, else the active one. */
  private async clusterFor(request: ResolvedRequest): Promise<ClusterConfig | undefined> {
    if (request.cluster === undefined) return this.chooser.activeOrAsk();
    const named = this.services.connections.find(request.cluster);
    if (named === undefined) {
      void vscode.window.showErrorMessage(
        `${request.label}: the cluster "${request.cluster}" is no longer configured.`,
      );
    }
    return named;
  }

  private async send(request: ResolvedRequest, source: RunRecord['source']): Promise<RunResult | undefined> {
    const { settings, history } = this.services;
    const cluster = await this.clusterFor(request);
    if (cluster === undefined) return undefined;
    const secrets = await this.secrets.values(secretNames(request), true);
    if ('missing' in secrets) {
      void vscode.window.showInformationMessage(
        `${request.label} was not sent: the secret variable \${${secrets.missing}} has no value (Search Requests: Set Secret Variable…).`,
      );
      return undefined;
    }
    const id = newRunId();
    const opaqueId = opaqueIdFor(settings.opaqueIdPrefix(), id);
    const run: RunRecord = {
      id,
      opaqueId,
      label: request.label,
      cluster,
      request: {
        method: request.method,
        path: request.path,
        query: request.query,
        ...(request.body === undefined ? {} : { body: request.body }),
        ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
        ...(request.endpoint === undefined ? {} : { endpoint: request.endpoint }),
        ...(request.secrets === undefined ? {} : { secrets: request.secrets }),
      },
      ...(source === undefined ? {} : { source }),
      startedAt: Date.now(),
      state: 'running',
    };
    history.add(run);
    this.services.events.startedRun(run.id);
    const abort = new AbortController();
    const version = this.versions.get(request);
    const done = this.execute(run, cluster, abort, secrets.values).then((result) => {
      if (source !== undefined && version !== undefined && run.state === 'done') {
        const warnings = (run.warnings ?? []).filter(isDeprecation).map((warning) => warning.text);
        this.markWarnings({ uri: source.uri, version, line: request.startLine, warnings });
      }
      return result;
    });
    this.inFlight.set(id, { abort, done });
    try {
      return await done;
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async execute(
    run: RunRecord,
    cluster: ClusterConfig,
    abort: AbortController,
    secrets: ReadonlyMap<string, string>,
  ): Promise<RunResult> {
    const { connections, history, log } = this.services;
    log.info(`[run] ${run.id} ${run.label} on ${cluster.name} (X-Opaque-Id: ${run.opaqueId})`);
    // The secrets' values go in now, into what is sent only: the log and the view show the request as written.
    const hidden = [...secrets.values()];
    try {
      const client = await connections.client(cluster, true);
      const outcome = await this.withProgress(run, cluster, client, abort, secrets);
      run.durationMs = outcome.durationMs;
      if (outcome.cancel !== undefined) {
        run.cancelMessage = describeCancel(outcome.cancel);
        log.info(`[run] ${run.id} ${outcome.failure?.kind ?? 'cancelled'}: ${run.cancelMessage}`);
      }
      if (outcome.failure !== undefined) throw outcome.failure;
      const response = outcome.response!;
      run.status = response.status;
      run.bytes = response.bytes;
      run.contentType = response.contentType;
      if (response.warnings.length > 0) {
        run.warnings = response.warnings;
        for (const warning of response.warnings) log.warn(`[run] ${run.id} the cluster warned: ${warning.text}`);
      }
      run.document = await openResponse(
        redactAnswer(response.body, hidden),
        response.contentType,
        this.services.worker,
        new URL(cluster.url).host,
      );
      run.state = 'done';
      history.changed(run);
      this.services.events.contactedCluster(true);
      return await this.result(run);
    } catch (error) {
      return this.failed(run, cluster, error);
    }
  }

  /**
   * Sends the run's request with a cancellable progress notification that says what happens; the secret variables'
   * values are put into what is sent only.
   */
  private withProgress(
    run: RunRecord,
    cluster: ClusterConfig,
    client: ClusterClient,
    abort: AbortController,
    secrets: ReadonlyMap<string, string>,
  ): Promise<RunOutcome> {
    const { settings, history } = this.services;
    const timeoutMs = settings.requestTimeoutMs();
    const hidden = [...secrets.values()];
    const sent = fillSecrets(run.request, secrets);
    const logAs = `${run.request.method} ${run.request.path}${queryString(run.request.query)}`;
    return Promise.resolve(
      vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `${run.label} on ${cluster.name}`,
          cancellable: true,
        },
        (progress, token) => {
          token.onCancellationRequested(() => {
            abort.abort();
          });
          progress.report({ message: 'running…' });
          return executeRun(client, sent, {
            ...(hidden.length === 0 ? {} : { logAs, hidden }),
            opaqueId: run.opaqueId,
            signal: abort.signal,
            timeoutMs,
            onCancelling: (why) => {
              run.state = 'cancelling';
              history.changed(run);
              progress.report({
                message:
                  why === 'timeout'
                    ? 'timed out: cancelling its tasks on the cluster…'
                    : 'cancelling its tasks on the cluster…',
              });
            },
          });
        },
      ),
    );
  }

  /** A run that did not get an answer: kept with its failure (or dropped when nothing was sent), and said. */
  private async failed(run: RunRecord, cluster: ClusterConfig, error: unknown): Promise<RunResult> {
    const { history } = this.services;
    const failure = isRequestFailure(error)
      ? error
      : new RequestFailure('network', error instanceof Error ? error.message : String(error));
    run.failure = { kind: failure.kind, message: failure.message };
    run.state = failure.kind === 'cancelled' ? 'cancelled' : 'failed';
    run.durationMs ??= Date.now() - run.startedAt;
    if (failure.kind === 'secretMissing' || failure.kind === 'declined') {
      // The user closed the password prompt, or said no before anything was sent: nothing to show.
      history.remove(run.id);
      return this.result(run);
    }
    history.changed(run);
    if (CONNECTION_FAILURES.has(failure.kind)) {
      this.services.events.contactedCluster(false);
    }
    this.notify(run, cluster);
    return this.result(run);
  }

  private notify(run: RunRecord, cluster: ClusterConfig): void {
    const failure = run.failure;
    if (failure === undefined) return;
    if (failure.kind === 'cancelled') {
      void vscode.window.showInformationMessage(`${run.label}: cancelled. ${run.cancelMessage ?? ''}`.trim());
      return;
    }
    const text =
      failure.kind === 'timeout' && run.cancelMessage !== undefined
        ? `${failure.message} ${run.cancelMessage}`
        : failure.message;
    const actions: string[] = [];
    if (failure.kind === 'unauthorized' && cluster.auth !== 'none') actions.push('Change Secret');
    if (failure.kind === 'tls' || failure.kind === 'config' || failure.kind === 'unauthorized')
      actions.push('Open Settings');
    void vscode.window.showErrorMessage(`${run.label}: ${text}`, ...actions).then((choice) => {
      if (choice === 'Change Secret') void this.chooser.changeSecret(cluster.name);
      if (choice === 'Open Settings')
        void vscode.commands.executeCommand('workbench.action.openSettings', 'searchRequests.clusters');
    });
  }

  private async result(run: RunRecord): Promise<RunResult> {
    const summary = run.document?.summary;
    let response: unknown;
    if (
      run.document !== undefined &&
      run.bytes !== undefined &&
      run.bytes <= INLINE_LIMIT &&
      summary?.shape !== 'text'
    ) {
      response = await run.document.value([]);
    }
    const responses =
      summary?.shape === 'msearch' && typeof response === 'object' && response !== null
        ? ((response as { responses?: unknown[] }).responses ?? undefined)
        : undefined;
    const line =
      run.failure === undefined
        ? `[run] ${run.id} ${run.status ?? ''} ${formatBytes(run.bytes ?? 0)} ${formatDuration(run.durationMs ?? 0)}`
        : `[run] ${run.id} ${run.failure.kind}: ${run.failure.message}`;
    this.services.log.info(line);
    return {
      id: run.id,
      label: run.label,
      cluster: run.cluster.name,
      method: run.request.method,
      path: run.request.path,
      opaqueId: run.opaqueId,
      state: run.state,
      ...(run.status === undefined ? {} : { status: run.status }),
      durationMs: run.durationMs ?? 0,
      ...(run.bytes === undefined ? {} : { bytes: run.bytes }),
      ...(summary === undefined ? {} : { shape: summary.shape }),
      items: summary?.items ?? [],
      ...(response === undefined ? {} : { response }),
      ...(responses === undefined ? {} : { responses }),
      ...(run.failure === undefined ? {} : { failure: run.failure }),
      ...(run.cancelMessage === undefined ? {} : { cancelMessage: run.cancelMessage }),
      ...(run.warnings === undefined ? {} : { warnings: run.warnings.map((w) => w.text) }),
    };
  }

  /** The request's line shows what the cluster warned of (deprecations), until the document changes. */
  private markWarnings(params: RequestWarningsParams): void {
    this.services.languageClient.sendNotification(RequestWarnings, params).catch((error: unknown) => {
      this.services.log.warn(`[run] warnings not sent to the language server: ${String(error)}`);
    });
  }

  /** Cancels what is in flight (VS Code is closing): aborts, and cancels the tasks on the clusters. */
  async cancelAll(): Promise<void> {
    const entries = [...this.inFlight.values()];
    for (const entry of entries) entry.abort.abort();
    await Promise.race([
      Promise.allSettled(entries.map((e) => e.done)),
      new Promise((resolve) => setTimeout(resolve, 4000)),
    ]);
  }

  dispose(): void {
    for (const entry of this.inFlight.values()) entry.abort.abort();
  }
}

export function registerRunCommands(runner: Runner): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.run, (uri?: string | vscode.Uri, line?: number) => runner.run(uri, line)),
    vscode.commands.registerCommand(COMMANDS.runAll, (uri?: string | vscode.Uri) => runner.runAll(uri)),
    vscode.commands.registerCommand(COMMANDS.rerun, (target?: string | { runId?: string }) =>
      runner.rerun(typeof target === 'string' ? target : target?.runId),
    ),
    vscode.commands.registerCommand(COMMANDS.cancelRun, (target?: string | { runId?: string }) =>
      runner.cancel(typeof target === 'string' ? target : target?.runId),
    ),
  ];
}
