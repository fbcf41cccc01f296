// Saving what the Results view shows: an answer (or any part of it) as a `.json` file, the hits of a search (or of
// one `_msearch` response) as CSV or NDJSON of their `_source`, the page shown or all the hits the answer holds; and
// deleting a run from the view (and from what is kept across reloads).
import * as vscode from 'vscode';
import { sourcesOf, toCsv, toNdjson } from '../core/exportHits';
import type { JsonPath, NodeRef } from '../core/resultTree';
import type { RunRecord } from '../core/runHistory';
import type { ResultElement, ResultsView } from './resultsView';
import type { Services } from './services';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { trimTrailing } from '../core/trimTrailing';

export type ExportFormat = 'csv' | 'ndjson';

/** What the commands take besides the element, so that scripts and tests need no dialog. */
export interface ExportOptions {
  readonly format?: ExportFormat;
  /** `all`: every hit of the answer; `shown`: those the Results view shows. */
  readonly scope?: 'all' | 'shown';
  /** The file to write (a path or a URI); a save dialog asks when it is missing. */
  readonly file?: string | vscode.Uri;
}

export interface ExportResult {
  readonly file: string;
  readonly count: number;
  readonly format: ExportFormat | 'json';
}

function safeName(text: string): string {
  return trimTrailing(text.replace(/[^\w.@-]+/g, '_').replace(/^_+/, ''), '_').slice(0, 60) || 'answer';
}

async function chooseFile(suggested: string, filters: Record<string, string[]>, given?: string | vscode.Uri) {
  if (given !== undefined) return typeof given === 'string' ? vscode.Uri.file(given) : given;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    ...(folder === undefined ? {} : { defaultUri: vscode.Uri.joinPath(folder, suggested) }),
    filters,
    saveLabel: 'Save',
  });
}

/** The run and the JSON path an element of the view stands for (the newest run when none is given). */
function targetOf(
  services: Services,
  view: ResultsView,
  element: ResultElement | undefined,
): { run: RunRecord; path: JsonPath; element: ResultElement | undefined } | undefined {
  const chosen = element ?? view.view.selection[0];
  const run = services.history.get(chosen?.runId ?? services.history.list()[0]?.id ?? '');
  if (run === undefined) return undefined;
  const path =
    chosen?.type === 'node' && chosen.node.kind !== 'more' && chosen.node.kind !== 'text' ? chosen.node.path : [];
  return { run, path, element: chosen };
}

/** The search answer an element is in: the run's answer, an `_msearch` response, or the parent of its hits. */
async function searchOf(
  run: RunRecord,
  element: ResultElement | undefined,
): Promise<{ base: JsonPath; label: string } | string> {
  const shape = run.document?.summary.shape;
  if (element?.type === 'node') {
    const node = element.node;
    if (node.kind === 'hits') return { base: node.path.slice(0, -1), label: `${run.label} ${node.path.join('.')}` };
    if (node.kind === 'item') return { base: node.path, label: `${run.label} ${node.label}` };
    if (node.kind === 'hit')
      return 'Export the hits from the search, the hits item or the _msearch response above them.';
  }
  if (shape === 'search') return { base: [], label: run.label };
  if (shape === 'msearch') {
    const items = run.document!.summary.items;
    const picked = await vscode.window.showQuickPick(
      items.map((item, i) => ({
        label: `#${i + 1}`,
        description: item.error === undefined ? `${item.hits ?? 0} hits returned` : item.error.type,
        index: i,
      })),
      { title: 'Export the hits of which _msearch response?' },
    );
    return picked === undefined
      ? ''
      : { base: ['responses', picked.index], label: `${run.label} #${picked.index + 1}` };
  }
  return 'This answer holds no search hits.';
}

export function registerExportCommands(services: Services, view: ResultsView): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(
      COMMANDS.saveResult,
      async (element?: ResultElement, options: ExportOptions = {}): Promise<ExportResult | undefined> => {
        const target = targetOf(services, view, element);
        if (target?.run.document === undefined) {
          void vscode.window.showInformationMessage('There is no answer to save.');
          return undefined;
        }
        const text =
          target.run.document.summary.shape === 'text'
            ? await target.run.document.text(target.path, false)
            : await target.run.document.text(target.path, true);
        const name = safeName(
          target.path.length === 0 ? target.run.label : `${target.run.label}-${target.path.join('.')}`,
        );
        const uri = await chooseFile(`${name}.json`, { JSON: ['json'] }, options.file);
        if (uri === undefined) return undefined;
        await vscode.workspace.fs.writeFile(uri, Buffer.from(text.endsWith('\n') ? text : `${text}\n`, 'utf8'));
        void vscode.window.setStatusBarMessage(`Saved ${vscode.workspace.asRelativePath(uri)}`, 4000);
        return { file: uri.fsPath, count: 1, format: 'json' };
      },
    ),
    vscode.commands.registerCommand(
      COMMANDS.exportHits,
      async (element?: ResultElement, options: ExportOptions = {}): Promise<ExportResult | undefined> => {
        const target = targetOf(services, view, element);
        const document = target?.run.document;
        if (target === undefined || document === undefined) {
          void vscode.window.showInformationMessage('There is no answer to export.');
          return undefined;
        }
        const search = await searchOf(target.run, target.element);
        if (typeof search === 'string') {
          if (search !== '') void vscode.window.showInformationMessage(search);
          return undefined;
        }
        const hits = sourcesOf(await document.value([...search.base, 'hits', 'hits']));
        if (hits.length === 0) {
          void vscode.window.showInformationMessage('This search returned no hits to export.');
          return undefined;
        }
        const hitsRef: NodeRef = { kind: 'hits', path: [...search.base, 'hits'] };
        const shown = Math.min(hits.length, view.shownUnder(target.run.id, hitsRef));
        const format =
          options.format ??
          (
            await vscode.window.showQuickPick(
              [
                { label: 'CSV', description: 'a column per field, nested fields with dots', format: 'csv' as const },
                { label: 'NDJSON', description: 'one _source per line, as it is', format: 'ndjson' as const },
              ],
              { title: `Export the hits of ${search.label}` },
            )
          )?.format;
        if (format === undefined) return undefined;
        let scope = options.scope;
        if (scope === undefined && shown < hits.length) {
          scope = (
            await vscode.window.showQuickPick(
              [
                { label: `All ${hits.length} hits of the answer`, scope: 'all' as const },
                { label: `The ${shown} hits shown in the Results view`, scope: 'shown' as const },
              ],
              { title: 'Which hits?' },
            )
          )?.scope;
          if (scope === undefined) return undefined;
        }
        const chosen = scope === 'shown' ? hits.slice(0, shown) : hits;
        const uri = await chooseFile(
          `${safeName(search.label)}.${format}`,
          format === 'csv' ? { CSV: ['csv'] } : { NDJSON: ['ndjson', 'jsonl'] },
          options.file,
        );
        if (uri === undefined) return undefined;
        const text = format === 'csv' ? toCsv(chosen) : toNdjson(chosen);
        await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
        void vscode.window
          .showInformationMessage(`Exported ${chosen.length} hits to ${vscode.workspace.asRelativePath(uri)}.`, 'Open')
          .then(async (choice) => {
            if (choice === 'Open') await vscode.window.showTextDocument(uri);
          });
        return { file: uri.fsPath, count: chosen.length, format };
      },
    ),
    vscode.commands.registerCommand(COMMANDS.deleteRun, (element?: ResultElement | string): boolean => {
      const id = typeof element === 'string' ? element : (element ?? view.view.selection[0])?.runId;
      const run = id === undefined ? undefined : services.history.get(id);
      if (run === undefined || run.state === 'running' || run.state === 'cancelling') return false;
      services.history.remove(run.id);
      return true;
    }),
  ];
}
