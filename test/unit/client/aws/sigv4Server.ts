// A local HTTPS endpoint (loopback, test certificate) that checks the SigV4 signature of every request with the
// reference implementation, as Amazon OpenSearch Service or OpenSearch Serverless would, and records the verdict.
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { tlsDirectory } from '@search-requests/local-cluster';
import { verify, type RawRequest, type Verification, type VerifyOptions } from './sigv4Reference';

/** A file of the test certificates (the local cluster's: `ca.pem` signed `server.pem`, for localhost and 127.0.0.1). */
export function tlsFile(name: string): string {
  return path.join(tlsDirectory(), name);
}

export function listen(server: https.Server | import('node:http').Server, scheme: 'http' | 'https'): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

export function closeServer(server: https.Server | import('node:http').Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });
}

export interface Checked {
  readonly request: RawRequest;
  readonly verdict: Verification;
}

export interface SigV4Server {
  readonly url: string;
  readonly checked: Checked[];
  close(): Promise<void>;
}

/** `answer` gives the JSON body of a well-signed request (default: an echo of what was received). */
export async function startSigV4Server(
  options: VerifyOptions,
  answer?: (request: RawRequest) => { status: number; body: unknown; headers?: Record<string, string> },
): Promise<SigV4Server> {
  const checked: Checked[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(tlsFile('server-key.pem')), cert: fs.readFileSync(tlsFile('server.pem')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
          headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
        const request: RawRequest = {
          method: req.method ?? '',
          target: req.url ?? '',
          headers,
          body: Buffer.concat(chunks),
        };
        const verdict = verify(request, options);
        checked.push({ request, verdict });
        const reply = verdict.ok
          ? (answer?.(request) ?? {
              status: 200,
              body: { method: request.method, target: request.target, body: request.body.toString('utf8') },
            })
          : {
              status: 403,
              body: {
                message: `The request signature we calculated does not match the signature you provided. (${verdict.reason ?? ''})`,
              },
            };
        res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
        res.end(JSON.stringify(reply.body));
      });
    },
  );
  const url = await listen(server, 'https');
  return { url, checked, close: () => closeServer(server) };
}
