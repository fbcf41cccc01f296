import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';

interface Message {
  jsonrpc: '2.0';
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A plain LSP client over stdio, as another editor would be: Content-Length framing and JSON-RPC, nothing more. */
export class LspClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (message: Message) => void>();
  private readonly listeners: ((message: Message) => void)[] = [];
  readonly notifications: Message[] = [];
  stderr = '';

  constructor(serverPath = path.resolve(__dirname, '../../../../server/dist/server.js')) {
    this.child = spawn(process.execPath, [serverPath, '--stdio'], { stdio: 'pipe' });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
  }

  private drain(): void {
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd === -1) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const length = Number(/Content-Length: (\d+)/i.exec(header)?.[1] ?? '0');
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      const message = JSON.parse(body) as Message;
      if (message.id !== undefined && message.method === undefined) {
        this.pending.get(message.id)?.(message);
        this.pending.delete(message.id);
      } else if (message.method !== undefined && message.id !== undefined) {
        // A request from the server (e.g. workspace/configuration): answer with nothing.
        this.send({ jsonrpc: '2.0', id: message.id, result: null });
      } else {
        this.notifications.push(message);
        for (const listener of [...this.listeners]) listener(message);
      }
    }
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (message) => {
        if (message.error !== undefined) reject(new Error(message.error.message));
        else resolve(message.result as T);
      });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** Resolves with the first notification of `method` that satisfies `accept` (including ones already received). */
  waitFor<T>(method: string, accept: (params: T) => boolean, timeoutMs = 10_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (message: Message): boolean => message.method === method && accept(message.params as T);
      const seen = this.notifications.find(check);
      if (seen !== undefined) {
        resolve(seen.params as T);
        return;
      }
      const timer = setTimeout(() => {
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        reject(new Error(`no ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (message: Message): void => {
        if (check(message)) {
          clearTimeout(timer);
          this.listeners.splice(this.listeners.indexOf(listener), 1);
          resolve(message.params as T);
        }
      };
      this.listeners.push(listener);
    });
  }

  async initialize(): Promise<unknown> {
    const result = await this.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    this.notify('initialized', {});
    return result;
  }

  async shutdown(): Promise<void> {
    await this.request('shutdown', null);
    this.notify('exit', null);
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else
        this.child.once('exit', () => {
          resolve();
        });
    });
  }
}
