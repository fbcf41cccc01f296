import type { CodeLens } from 'vscode-languageserver-types';
import { COMMANDS } from '../protocol/manifest';
import type { ParsedDocument } from './documentStore';

function lens(line: number, title: string, command: string, args: unknown[]): CodeLens {
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    command: { title, command, arguments: args },
  };
}

/**
 * `▶ Run` above each request (`.search`) or header line (`.msearch`); `▶ Run all` at the top of a `.msearch` file, and
 * of a `.search` file with more than one request (each request run in turn).
 */
export function codeLenses(document: ParsedDocument): CodeLens[] {
  if (document.kind === 'search') {
    const requests = document.model.requests;
    const runs = requests.map((r) => lens(r.line, '▶ Run', COMMANDS.run, [document.uri, r.line]));
    return requests.length > 1 ? [lens(0, '▶ Run all', COMMANDS.runAll, [document.uri]), ...runs] : runs;
  }
  const pairs = document.model.pairLines();
  if (pairs.length === 0) return [];
  const out: CodeLens[] = [lens(0, '▶ Run all', COMMANDS.runAll, [document.uri])];
  for (const pair of pairs) {
    out.push(lens(pair.header, '▶ Run', COMMANDS.run, [document.uri, pair.header]));
  }
  return out;
}
