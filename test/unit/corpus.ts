// Reads the differential-test corpus (test/fixtures/differential: `.search` files in console format and raw
// `.msearch` bodies) and sends each request to a cluster, as the extension would send it.
import { readdirSync, readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as path from 'node:path';

export interface Expectation {
  readonly status: number;
  /** The error `type` (absent for successes and for plain-string errors). */
  readonly type?: string;
}

export interface CorpusRequest {
  readonly file: string;
  /** 1-based line of the request line (`.search`) or of the first body line (`.msearch`). */
  readonly line: number;
  readonly method: string;
  readonly path: string;
  /** The bytes to send (undefined: no body). */
  readonly body?: string;
  readonly contentType?: string;
  /** From a `# expect: <status> [<type>]` comment before the request. */
  readonly expect?: Expectation;
}

export interface CorpusResult {
  readonly file: string;
  readonly line: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: unknown;
  readonly expect?: Expectation;
}

// The corpus is read here on its own, not with the language server's syntax module: the differential test compares
// what the language server makes of these files with what a cluster answers to them as sent.
const REQUEST_LINE = /^(GET|POST|PUT|DELETE|HEAD|PATCH)\s+(\S+)\s*$/i;
const EXPECT = /^(?:#|\/\/)\s*expect:\s*(\d{3})(?:\s+(\S+))?/;

export const CORPUS_DIR = path.join('test', 'fixtures', 'differential');

function isComment(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith('#') || t.startsWith('//');
}

function parseExpect(line: string): Expectation | undefined {
  const m = EXPECT.exec(line.trim());
  if (!m) return undefined;
  const type = m[2];
  return { status: Number(m[1]), ...(type !== undefined ? { type } : {}) };
}

function normalizePath(p: string): string {
  return p.startsWith('/') ? p : `/${p}`;
}

function isMsearch(p: string): boolean {
  const pathOnly = p.split('?')[0]!;
  return /(^|\/)_msearch$/.test(pathOnly);
}

/**
 * Splits console-format `_msearch` bodies into JSON objects and writes each on one line, comments and
 * whitespace outside strings removed, with a final newline (as Kibana sends them).
 */
function compactObjects(text: string): string {
  const objects: string[] = [];
  let current = '';
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      current += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    current += ch;
    if (ch === '{' || ch === '[') depth++;
    if (ch === '}' || ch === ']') depth--;
    if (depth === 0) {
      objects.push(current);
      current = '';
    }
    i++;
  }
  if (current.length > 0) objects.push(current);
  return objects.map((o) => `${o}\n`).join('');
}

function parseSearchFile(file: string, text: string): CorpusRequest[] {
  const lines = text.split(/\r?\n/);
  const out: CorpusRequest[] = [];
  let expect: Expectation | undefined;
  let i = 0;
  while (i < lines.length) {
    const m = REQUEST_LINE.exec(lines[i]!);
    if (!m) {
      const e = parseExpect(lines[i]!);
      if (e) expect = e;
      i++;
      continue;
    }
    const method = m[1]!.toUpperCase();
    const target = normalizePath(m[2]!);
    const start = i + 1;
    i++;
    const bodyLines: string[] = [];
    let nextExpect: Expectation | undefined;
    for (; i < lines.length; i++) {
      const line = lines[i]!;
      if (REQUEST_LINE.test(line)) break;
      const e = parseExpect(line);
      if (e) nextExpect = e;
      if (!isComment(line)) bodyLines.push(line);
    }
    while (bodyLines.at(-1)?.trim() === '') bodyLines.pop();
    while (bodyLines[0]?.trim() === '') bodyLines.shift();
    const raw = bodyLines.join('\n');
    let body: string | undefined;
    if (raw.length > 0) body = isMsearch(target) ? compactObjects(raw) : raw;
    out.push({
      file,
      line: start,
      method,
      path: target,
      ...(body !== undefined
        ? { body, contentType: isMsearch(target) ? 'application/x-ndjson' : 'application/json' }
        : {}),
      ...(expect ? { expect } : {}),
    });
    expect = nextExpect;
  }
  return out;
}

function parseMsearchFile(file: string, text: string): CorpusRequest {
  let method = 'POST';
  let target = '/_msearch';
  let expect: Expectation | undefined;
  let offset = 0;
  let line = 1;
  for (;;) {
    const end = text.indexOf('\n', offset);
    const current = end < 0 ? text.slice(offset) : text.slice(offset, end);
    if (!isComment(current) || end < 0) break;
    const e = parseExpect(current);
    if (e) expect = e;
    const t = /^(?:#|\/\/)\s*(GET|POST)\s+(\S+)\s*$/i.exec(current.trim());
    if (t) {
      method = t[1]!.toUpperCase();
      target = normalizePath(t[2]!);
    }
    offset = end + 1;
    line++;
  }
  return {
    file,
    line,
    method,
    path: target,
    body: text.slice(offset),
    contentType: 'application/x-ndjson',
    ...(expect ? { expect } : {}),
  };
}

/** Every request of every corpus file, files in name order. */
export function readCorpus(dir: string = CORPUS_DIR): CorpusRequest[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.search') || f.endsWith('.msearch'))
    .sort();
  const out: CorpusRequest[] = [];
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    if (f.endsWith('.search')) out.push(...parseSearchFile(f, text));
    else out.push(parseMsearchFile(f, text));
  }
  return out;
}

/** Sends one request and returns its status and parsed body (text when the body is not JSON). */
export function send(
  baseUrl: string,
  req: Pick<CorpusRequest, 'method' | 'path' | 'body' | 'contentType'>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }> {
  const url = new URL(req.path, baseUrl);
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const r = mod.request(
      url,
      {
        method: req.method,
        headers: {
          ...(req.body !== undefined
            ? {
                'content-type': req.contentType ?? 'application/json',
                'content-length': String(Buffer.byteLength(req.body)),
              }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text.length > 0 ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
        });
      },
    );
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** Runs the whole corpus against a cluster, one request after the other. */
export async function runCorpus(
  baseUrl: string,
  requests: readonly CorpusRequest[] = readCorpus(),
): Promise<CorpusResult[]> {
  const out: CorpusResult[] = [];
  for (const req of requests) {
    const res = await send(baseUrl, req);
    out.push({
      file: req.file,
      line: req.line,
      method: req.method,
      path: req.path,
      status: res.status,
      body: res.body,
      ...(req.expect ? { expect: req.expect } : {}),
    });
  }
  return out;
}
