import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import {
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  ShutdownRequest,
  type CompletionItem,
  type CompletionList,
  type Hover,
  type InitializeResult,
  type NotificationType,
  type NotificationType0,
  type RequestType,
  type RequestType0,
} from 'vscode-languageserver-protocol';

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

  constructor(serverPath = path.resolve(__dirname, '../../../server/dist/server.js')) {
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

  /** Whether the server process is still running (it has neither exited nor been killed). */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  /**
   * Sends a request declared with its types (the LSP's own, e.g. `CompletionRequest.type`, or the custom protocol's):
   * the result is what the declaration says the server answers, with no assertion at the call site.
   */
  request<P, R>(type: RequestType<P, R, unknown>, params: P): Promise<R>;
  request<R>(type: RequestType0<R, unknown>): Promise<R>;
  request(type: { readonly method: string }, params: unknown = null): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) => {
        if (message.error !== undefined) reject(new Error(message.error.message));
        else resolve(message.result);
      });
      this.send({ jsonrpc: '2.0', id, method: type.method, params });
    });
  }

  notify<P>(type: NotificationType<P>, params: P): void;
  notify(type: NotificationType0): void;
  notify(type: { readonly method: string }, params: unknown = null): void {
    this.send({ jsonrpc: '2.0', method: type.method, params });
  }

  /** Resolves with the first notification of `type` that satisfies `accept` (including ones already received). */
  waitFor<P>(type: NotificationType<P>, accept: (params: P) => boolean, timeoutMs = 10_000): Promise<P> {
    const method = type.method;
    // The server's notifications are read from JSON: their shape is the declaration's.
    const paramsOf = (message: Message): P => message.params as P;
    return new Promise<P>((resolve, reject) => {
      const check = (message: Message): boolean => message.method === method && accept(paramsOf(message));
      const seen = this.notifications.find(check);
      if (seen !== undefined) {
        resolve(paramsOf(seen));
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
          resolve(paramsOf(message));
        }
      };
      this.listeners.push(listener);
    });
  }

  async initialize(): Promise<InitializeResult> {
    const result = await this.request(InitializeRequest.type, {
      processId: process.pid,
      // Deprecated in favour of workspaceFolders, but still a required member of InitializeParams.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      rootUri: null,
      workspaceFolders: null,
      capabilities: {},
    });
    this.notify(InitializedNotification.type, {});
    return result;
  }

  async shutdown(): Promise<void> {
    await this.request(ShutdownRequest.type);
    this.notify(ExitNotification.type);
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else
        this.child.once('exit', () => {
          resolve();
        });
    });
  }
}

/** The items of a completion answer, whichever of its forms the server chose. */
export function completionItems(result: CompletionItem[] | CompletionList | null): CompletionItem[] {
  if (result === null) return [];
  return Array.isArray(result) ? result : result.items;
}

/** The Markdown (or plain text) of a hover. */
export function hoverText(hover: Hover | null): string {
  if (hover === null) return '';
  const { contents } = hover;
  if (typeof contents === 'string') return contents;
  if (Array.isArray(contents)) return contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
  return contents.value;
}
