import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './handlers/startServer';

// The transport (--stdio, --node-ipc, --socket) is chosen from the command line by createConnection.
startServer(createConnection(ProposedFeatures.all));
