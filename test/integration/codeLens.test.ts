import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openScratch } from './documents';
import { eventually } from './waitFor';
import { COMMANDS } from '../../server/src/protocol/manifest';

interface Lens {
  line: number;
  title: string | undefined;
  command: string | undefined;
  args: unknown[];
}

/** The document's code lenses, resolved, once the language server provides them. */
async function lensesOf(uri: vscode.Uri, expected: number): Promise<Lens[]> {
  const lenses = await eventually(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100),
    (found) => found.length >= expected,
    `${expected} code lenses on ${uri.path}`,
  );
  return lenses
    .map((lens) => ({
      line: lens.range.start.line,
      title: lens.command?.title,
      command: lens.command?.command,
      args: (lens.command?.arguments ?? []) as unknown[],
    }))
    .sort((a, b) => a.line - b.line || String(a.title).localeCompare(String(b.title)));
}

describe('Code lenses', () => {
  it('puts ▶ Run above each request of a .search file, and ▶ Run all at its top when it has more than one', async () => {
    const text = [
      '# two requests',
      'GET /logs-*/_search?size=5',
      '{',
      '  "query": { "match": { "message": "timeout" } }',
      '}',
      '',
      'POST _msearch',
      '{"index": "logs"}',
      '{"query": {"match_all": {}}}',
      '',
    ].join('\n');
    const editor = await openScratch('lenses.search', text);
    const uri = editor.document.uri.toString();
    const lenses = await lensesOf(editor.document.uri, 3);
    assert.deepEqual(lenses, [
      { line: 0, title: '▶ Run all', command: COMMANDS.runAll, args: [uri] },
      { line: 1, title: '▶ Run', command: COMMANDS.run, args: [uri, 1] },
      { line: 6, title: '▶ Run', command: COMMANDS.run, args: [uri, 6] },
    ]);
  });

  it('puts ▶ Run all at the top of a .msearch file and ▶ Run above each header line', async () => {
    const text = ['{"index": "logs"}', '{"query": {"match_all": {}}}', '{}', '{"size": 0}', ''].join('\n');
    const editor = await openScratch('lenses.msearch', text);
    const uri = editor.document.uri.toString();
    const lenses = await lensesOf(editor.document.uri, 3);
    assert.deepEqual(lenses, [
      { line: 0, title: '▶ Run', command: COMMANDS.run, args: [uri, 0] },
      { line: 0, title: '▶ Run all', command: COMMANDS.runAll, args: [uri] },
      { line: 2, title: '▶ Run', command: COMMANDS.run, args: [uri, 2] },
    ]);
  });
});
