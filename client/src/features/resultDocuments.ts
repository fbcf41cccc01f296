// Read-only JSON documents of results (scheme `search-requests-result`), and the commands that open a result,
// copy its value, copy a run as cURL, show more, clear.
import * as vscode from 'vscode';
import type { JsonPath } from '../core/resultTree';
import type { ResultElement, ResultsView } from './resultsView';
import { exportCommand } from './curlCommands';
import type { Services } from './services';
import { COMMANDS } from '../../../server/src/protocol/manifest';

const RESULT_SCHEME = 'search-requests-result';

/** `search-requests-result:/<run id>/<name>.json?<path as JSON>`: the `.json` name gives the JSON language. */
function resultUri(runId: string, name: string, path: JsonPath, extension = 'json'): vscode.Uri {
  const safe = name.replace(/[^\w.\-@]+/g, '_').slice(0, 60) || 'result';
  return vscode.Uri.from({
    scheme: RESULT_SCHEME,
    path: `/${runId}/${safe}.${extension}`,
    query: JSON.stringify(path),
  });
}

class ResultContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly services: Services) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const runId = uri.path.split('/')[1] ?? '';
    const run = this.services.history.get(runId);
    if (run === undefined) return '// This run is no longer in the Results view (searchRequests.results.maxRuns).';
    if (run.document === undefined) return `// ${run.failure?.message ?? 'No answer (yet).'}`;
    const path = JSON.parse(uri.query === '' ? '[]' : uri.query) as JsonPath;
    return run.document.text(path, true);
  }
}

function pathOf(element: ResultElement | undefined): { runId: string; path: JsonPath; name: string } | undefined {
  if (element === undefined) return undefined;
  if (element.type === 'run') return { runId: element.runId, path: [], name: 'response' };
  if (element.type === 'node' && element.node.kind !== 'more' && element.node.kind !== 'text') {
    return { runId: element.runId, path: element.node.path, name: element.node.label };
  }
  return undefined;
}

export function registerResultCommands(services: Services, view: ResultsView): vscode.Disposable[] {
  const selected = (element: ResultElement | undefined): ResultElement | undefined => element ?? view.view.selection[0];
  return [
    vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, new ResultContentProvider(services)),
    vscode.commands.registerCommand(COMMANDS.openResult, async (element?: ResultElement) => {
      const target =
        pathOf(selected(element)) ??
        (services.history.list()[0] === undefined
          ? undefined
          : { runId: services.history.list()[0]!.id, path: [], name: 'response' });
      if (target === undefined) return undefined;
      // A text answer (`_cat` without format=json) opens as text.
      const shape = services.history.get(target.runId)?.document?.summary.shape;
      const uri = resultUri(target.runId, target.name, target.path, shape === 'text' ? 'txt' : 'json');
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
      return document.uri.toString();
    }),
    vscode.commands.registerCommand(COMMANDS.copyResultValue, async (element?: ResultElement) => {
      const target = selected(element);
      let text: string | undefined;
      if (target?.type === 'message') text = target.text;
      else if (target?.type === 'node' && target.node.kind === 'text') text = target.node.label;
      else {
        const at = pathOf(target);
        const run = at === undefined ? undefined : services.history.get(at.runId);
        if (at === undefined || run?.document === undefined) return undefined;
        const value = await run.document.value(at.path);
        text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      }
      await vscode.env.clipboard.writeText(text);
      return text;
    }),
    ...(['posix', 'powershell'] as const).map((shell) =>
      vscode.commands.registerCommand(
        shell === 'posix' ? COMMANDS.copyAsCurl : COMMANDS.copyAsPowerShell,
        async (element?: ResultElement | string) => {
          const runId =
            typeof element === 'string' ? element : (selected(element)?.runId ?? services.history.list()[0]?.id);
          const run = runId === undefined ? undefined : services.history.get(runId);
          if (run === undefined) return undefined;
          const request = { ...run.request, opaqueId: run.opaqueId };
          const command = exportCommand(shell, run.cluster, request, services.settings.baseDir());
          if (command === undefined) return undefined;
          await vscode.env.clipboard.writeText(command);
          void vscode.window.setStatusBarMessage(
            `${shell === 'posix' ? 'cURL' : 'PowerShell'} command copied (no secret in it)`,
            3000,
          );
          return command;
        },
      ),
    ),
    vscode.commands.registerCommand(COMMANDS.showMoreResults, (element: ResultElement) => {
      view.showMore(element);
    }),
    vscode.commands.registerCommand(COMMANDS.clearResults, () => {
      services.history.clear();
    }),
  ];
}
