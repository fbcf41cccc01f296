// The differential test: every request of the corpus goes through the language server and to the local cluster.
// The language server must report an Error exactly when the cluster rejects the request.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CORPUS_DIR, send } from './corpus';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { DocumentStore, type LanguageId } from '../../server/src/service/documentStore';
import { resolveRequest } from '../../server/src/service/resolve';
import type { ResolvedRequest } from '../../server/src/protocol/protocol';

const ROOT = path.resolve(__dirname, '../../..');

interface Case {
  readonly where: string;
  readonly request: ResolvedRequest;
  readonly expect: number | undefined;
}

/** Every request of the corpus as the language server resolves it, with its `# expect:` status. */
function cases(): Case[] {
  const dir = path.join(ROOT, CORPUS_DIR);
  const out: Case[] = [];
  for (const file of readdirSync(dir).sort()) {
    // runtime-* files hold outcomes that depend on the cluster's data, which no file-level check can know.
    if (file.startsWith('runtime-')) continue;
    const language: LanguageId | undefined = file.endsWith('.msearch')
      ? 'msearch'
      : file.endsWith('.search')
        ? 'search'
        : undefined;
    if (language === undefined) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    const store = new DocumentStore();
    const document = store.open(`file:///${file}`, language, 1, text);
    const lines = text.split('\n');
    const expectAbove = (line: number): number | undefined => {
      for (let l = line - 1; l >= 0 && /^\s*(#|\/\/)/.test(lines[l] ?? ''); l--) {
        const match = /expect:\s*(\d{3})/.exec(lines[l] ?? '');
        if (match !== null) return Number(match[1]);
      }
      return undefined;
    };
    if (document.kind === 'msearch') {
      const resolved = resolveRequest(document, { uri: document.uri, all: true }).request!;
      const expect = lines.map((l) => /expect:\s*(\d{3})/.exec(l)).find((m): m is RegExpExecArray => m !== null);
      out.push({
        where: file,
        request: resolved,
        expect: expect === undefined ? undefined : Number(expect[1]),
      });
    } else {
      for (const request of document.model.requests) {
        const resolved = resolveRequest(document, { uri: document.uri, line: request.line }).request!;
        out.push({ where: `${file}:${request.line + 1}`, request: resolved, expect: expectAbove(request.line) });
      }
    }
  }
  return out;
}

function urlOf(request: ResolvedRequest): string {
  const query = request.query
    .map((p) =>
      p.hasValue ? `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}` : encodeURIComponent(p.name),
    )
    .join('&');
  return query.length > 0 ? `${request.path}?${query}` : request.path;
}

void describe('differential: language server and local cluster agree on what is rejected', () => {
  let cluster: RunningCluster;
  before(async () => {
    cluster = await startCluster({ port: 0 });
  });
  after(async () => {
    await cluster.close();
  });

  void it('reports an Error exactly for the requests the cluster rejects', async () => {
    const all = cases();
    assert.ok(all.length > 80, `the corpus holds ${all.length} requests`);
    const disagreements: string[] = [];
    for (const { where, request, expect } of all) {
      const answer = await send(cluster.url, {
        method: request.method,
        path: urlOf(request),
        ...(request.body === undefined
          ? {}
          : { body: request.body, contentType: request.contentType ?? 'application/json' }),
      });
      const rejected = answer.status >= 400;
      const flagged = request.errorCount > 0;
      if (expect !== undefined && answer.status !== expect) {
        disagreements.push(`${where}: the corpus expects ${expect}, the cluster answered ${answer.status}`);
      }
      if (rejected !== flagged) {
        const reason = JSON.stringify(answer.body).slice(0, 300);
        disagreements.push(
          `${where} ${request.method} ${request.path}: cluster ${answer.status} ${reason}; language server ${flagged ? `Error: ${request.errors.join(' | ')}` : 'no Error'}`,
        );
      }
    }
    assert.deepEqual(disagreements, []);
  });
});
