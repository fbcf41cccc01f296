// Servers that fail in the ways a cluster's address can fail: whatever the handler does (an HTML page, a truncated
// body, silence...), or nothing listening at all. They answer nothing else: tests of what a cluster answers run
// against the local cluster (packages/local-cluster).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });
}

/** A server that answers every request with the handler's raw behaviour. */
export async function startRawServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

/** A port where nothing listens (bound, then closed). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  const url = await listen(server);
  await closeServer(server);
  return url;
}
