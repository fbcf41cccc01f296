import * as path from 'node:path';
import type * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';

/** The language client, owned by the extension context; extension.ts starts it once the features are registered. */
export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath(path.join('server', 'dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'search' }, { language: 'msearch' }],
    outputChannelName: 'Search Requests Language Server',
  };
  const client = new LanguageClient('searchRequests', 'Search Requests Language Server', serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client;
}
