// The extension in VS Code for the Web (vscode.dev, github.dev): the language server in a web worker, so that
// validation, completion, hover, outline, folding and formatting work as on the desktop; running requests with the
// browser's fetch where the cluster allows it (CORS). The views, tasks and cluster commands need desktop VS Code.
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions } from 'vscode-languageclient/browser';
import { CodeLensRequest } from 'vscode-languageclient';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { ConsoleSettings, Target } from '../../../server/src/protocol/protocol';
import { resolveVariables } from '../core/variables';
import { effectiveTarget } from '../core/target';
import { Settings } from '../features/settings';
import { WebRunner } from './webRunner';

/** The browser's Worker constructor (the extension host of VS Code for the Web runs in a browser worker). */
declare const Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3];
/** The page's location, for the origin the cluster must allow; absent outside a browser. */
declare const location: { readonly origin: string };

const WEB_COMMANDS: ReadonlySet<string> = new Set([COMMANDS.run, COMMANDS.runAll, COMMANDS.selectCluster]);

/**
 * The language server's worker. VS Code for the Web starts workers from an extension's own folder when it was
 * installed in the browser (vscode.dev, github.dev); for an extension installed on a remote server, its web worker
 * host refuses `vscode-remote:` script addresses, so the script is read and started from memory.
 */
async function serverWorker(
  context: vscode.ExtensionContext,
): Promise<ConstructorParameters<typeof LanguageClient>[3]> {
  const main = vscode.Uri.joinPath(context.extensionUri, 'server/dist/browserServer.js');
  if (main.scheme !== 'vscode-remote') return new Worker(main.toString(true));
  const code = await vscode.workspace.fs.readFile(main);
  return new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Search Requests', { log: true });
  const settings = new Settings();
  // The lenses' middleware asks the runner, which needs the client: it is set once both exist.
  const state: { runner?: WebRunner } = {};

  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'search' }, { language: 'msearch' }],
    outputChannelName: 'Search Requests Language Server',
    middleware: {
      // Where a run found that this page may not read the cluster's answers, the lenses say so before a click.
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        const blocked = state.runner?.activeBlocked();
        if (blocked === undefined || lenses === null || lenses === undefined) return lenses;
        return lenses.map((lens) =>
          lens.command === undefined
            ? lens
            : new vscode.CodeLens(lens.range, {
                ...lens.command,
                title: `${lens.command.title} (not allowed from the web: CORS)`,
                tooltip: blocked,
              }),
        );
      },
    },
  };
  const client = new LanguageClient(
    'searchRequests',
    'Search Requests Language Server',
    clientOptions,
    await serverWorker(context),
  );
  const web = new WebRunner(context, client, log, typeof location === 'undefined' ? undefined : location.origin);
  state.runner = web;

  const publishTarget = (): void => {
    if (!client.isRunning()) return;
    void client.sendNotification(Target, effectiveTarget(undefined, settings.target()));
  };
  // The variables of the settings (no environment in a browser) and the clusters' addresses.
  const publishConsole = (): void => {
    if (!client.isRunning()) return;
    const config = vscode.workspace.getConfiguration('searchRequests');
    const inspected = config.inspect<unknown>('variables');
    const secretNames = config.get<unknown>('secretVariables');
    const { variables } = resolveVariables({
      user: inspected?.globalValue,
      ...(vscode.workspace.isTrusted ? { workspace: inspected?.workspaceValue } : {}),
      env: {},
      secretNames: Array.isArray(secretNames) ? secretNames.filter((n): n is string => typeof n === 'string') : [],
    });
    const clusters = settings.clusters().clusters.map((c) => ({ name: c.name, url: c.url }));
    void client.sendNotification(ConsoleSettings, { variables, clusters });
  };

  context.subscriptions.push(
    log,
    client,
    web,
    web.onDidChangeBlocked(() => {
      const feature = client.getFeature(CodeLensRequest.method);
      for (const editor of vscode.window.visibleTextEditors) {
        feature.getProvider(editor.document)?.onDidChangeCodeLensEmitter.fire();
      }
    }),
    vscode.commands.registerCommand(COMMANDS.run, (uri?: string | vscode.Uri, line?: number) => web.run(uri, line)),
    vscode.commands.registerCommand(COMMANDS.runAll, (uri?: string | vscode.Uri) => web.run(uri, 0, true)),
    vscode.commands.registerCommand(COMMANDS.selectCluster, () => web.selectCluster()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (settings.affectsTarget(event)) publishTarget();
      if (
        event.affectsConfiguration('searchRequests.variables') ||
        event.affectsConfiguration('searchRequests.secretVariables') ||
        event.affectsConfiguration('searchRequests.clusters')
      ) {
        publishConsole();
      }
    }),
  );
  // The other commands are the views', the tasks' and the clusters': they say where they work instead of failing.
  for (const command of Object.values(COMMANDS)) {
    if (WEB_COMMANDS.has(command)) continue;
    context.subscriptions.push(
      vscode.commands.registerCommand(command, () => {
        void vscode.window.showInformationMessage(
          'This command needs desktop VS Code: in VS Code for the Web, Search Requests checks, completes, formats and runs requests (with fetch).',
        );
      }),
    );
  }
  await client.start();
  publishTarget();
  publishConsole();
  log.info('[web] language server started in a web worker');
}

export function deactivate(): void {
  // The client and the runner are disposed with the context's subscriptions.
}
