import type { CodeLens } from 'vscode-languageserver-types';
import { COMMANDS } from '../protocol/manifest';
import type { ParsedDocument } from './documentStore';

function lens(line: number, title: string, command: string, args: unknown[]): CodeLens {
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    command: { title, command, arguments: args },
  };
}

/** `▶ Run` above each request (`.search`) or header line (`.msearch`), `▶ Run all` at the top of a `.msearch`. */
export function codeLenses(document: ParsedDocument): CodeLens[] {
  if (document.kind === 'search') {
    return document.model.requests.map((r) => lens(r.line, '▶ Run', COMMANDS.run, [document.uri, r.line]));
  }
  const pairs = document.model.pairLines();
  if (pairs.length === 0) return [];
  const out: CodeLens[] = [lens(0, '▶ Run all', COMMANDS.runAll, [document.uri])];
  for (const pair of pairs) {
    out.push(lens(pair.header, '▶ Run', COMMANDS.run, [document.uri, pair.header]));
  }
  return out;
}
