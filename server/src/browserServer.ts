// The language server in a web worker (VS Code for the Web: vscode.dev, github.dev): the same handlers and service
// as server.ts, over the worker's messages instead of stdio or IPC.
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { startServer } from './handlers/startServer';

/** The worker's global scope: what BrowserMessageReader and BrowserMessageWriter listen to and post on. */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

startServer(createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self)));
