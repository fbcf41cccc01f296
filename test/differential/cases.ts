// The differential corpus (test/fixtures/differential) as the language server reads it: every request resolved
// as it would be sent, with its `# expect:` status. Replayed against the local cluster (test/unit) and against real
// OpenSearch (test/real).
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../unit/corpus';
import { DocumentStore, type LanguageId } from '../../server/src/service/documentStore';
import { resolveRequest } from '../../server/src/service/resolve';
import type { ResolvedRequest } from '../../server/src/protocol/protocol';
import type { TargetServer } from '../../server/src/service/target';

const ROOT = path.resolve(__dirname, '../../..');

export interface Case {
  readonly where: string;
  readonly request: ResolvedRequest;
  readonly expect: number | undefined;
}

/** Every request of the corpus as the language server resolves it, with its `# expect:` status. */
export function cases(target?: TargetServer): Case[] {
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
    if (target !== undefined) store.setTarget(target);
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
      const resolved = resolveRequest(document, { uri: document.uri, all: true }, store.target).request!;
      const expect = lines.map((l) => /expect:\s*(\d{3})/.exec(l)).find((m): m is RegExpExecArray => m !== null);
      out.push({
        where: file,
        request: resolved,
        expect: expect === undefined ? undefined : Number(expect[1]),
      });
    } else {
      for (const request of document.model.requests) {
        const resolved = resolveRequest(document, { uri: document.uri, line: request.line }, store.target).request!;
        out.push({ where: `${file}:${request.line + 1}`, request: resolved, expect: expectAbove(request.line) });
      }
    }
  }
  return out;
}

export function urlOf(request: ResolvedRequest): string {
  const query = request.query
    .map((p) =>
      p.hasValue ? `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}` : encodeURIComponent(p.name),
    )
    .join('&');
  return query.length > 0 ? `${request.path}?${query}` : request.path;
}
