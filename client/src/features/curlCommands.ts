// cURL both ways: the request under the cursor copied as a cURL command before it is run (secrets as shell
// variables), and a cURL command pasted into a `.search` file turned into a console request (a paste edit, and the
// command `searchRequests.pasteCurl`). Credentials a pasted command carries are never written to the file: they are
// offered to be kept as the matching cluster's secret.
import * as vscode from 'vscode';
import { ResolveRequest, type ResolvedRequest } from '../../../server/src/protocol/protocol';
import type { ClusterConfig } from '../core/clusterConfig';
import { toCurl, toPowerShell, type CurlRequest } from '../core/curl';
import { CurlParseError, curlToConsole, looksLikeCurl, parseCurl, type CurlCommand } from '../core/curlParse';
import { UnsafePathError } from '../core/requestUrl';
import { shellVariable, secretNames } from '../core/secretSlots';
import type { ClusterChooser } from './clusterCommands';
import type { Services } from './services';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { trimTrailing } from '../core/trimTrailing';

const PASTE_KIND = vscode.DocumentDropOrPasteEditKind.Empty.append('searchRequests', 'curl');

/** The configured cluster at a URL's address (scheme, host and port, and its path prefix). */
function clusterAt(services: Services, url: string): ClusterConfig | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  return services.connections.clusters().find((cluster) => {
    const own = new URL(cluster.url);
    const prefix = trimTrailing(own.pathname, '/');
    return own.origin === target.origin && (prefix === '' || target.pathname.startsWith(`${prefix}/`));
  });
}

/**
 * Credentials a pasted command carried: not in the file; offered to be kept as the secret of the cluster at that
 * address when it uses basic authentication for that user.
 */
async function offerCredentials(services: Services, command: CurlCommand): Promise<void> {
  const credentials = command.credentials;
  if (credentials === undefined) return;
  const cluster = clusterAt(services, command.url);
  const origin = new URL(command.url).origin;
  if (
    cluster === undefined ||
    credentials.password === undefined ||
    cluster.auth !== 'basic' ||
    cluster.username !== credentials.username
  ) {
    void vscode.window.showInformationMessage(
      `The cURL command carried credentials for "${credentials.username}" on ${origin}: they were not written to the file.` +
        (cluster === undefined
          ? ' Add the cluster (Search Requests: Add Cluster…) to keep its password in the secret storage.'
          : ` Cluster "${cluster.name}" keeps its own secret (Search Requests: Change Cluster Password, Token or API Key…).`),
    );
    return;
  }
  const store = 'Store as Its Password';
  const choice = await vscode.window.showInformationMessage(
    `The cURL command carried the password of "${credentials.username}" on cluster "${cluster.name}": it was not written to the file. Keep it in the secret storage as the cluster's password?`,
    store,
  );
  if (choice === store) {
    await services.connections.storeSecret(cluster, credentials.password);
    void vscode.window.setStatusBarMessage(
      `The password of cluster "${cluster.name}" is kept in the secret storage`,
      4000,
    );
  }
}

/** A pasted text as a console request, or undefined when it is not a cURL command. */
function convert(text: string): { text: string; command: CurlCommand } | undefined {
  if (!looksLikeCurl(text)) return undefined;
  try {
    const command = parseCurl(text);
    return { text: curlToConsole(command).text, command };
  } catch (error) {
    if (error instanceof CurlParseError) return undefined;
    throw error;
  }
}

class CurlPasteProvider implements vscode.DocumentPasteEditProvider {
  private readonly pending = new WeakMap<vscode.DocumentPasteEdit, CurlCommand>();

  constructor(private readonly services: Services) {}

  async provideDocumentPasteEdits(
    _document: vscode.TextDocument,
    _ranges: readonly vscode.Range[],
    dataTransfer: vscode.DataTransfer,
  ): Promise<vscode.DocumentPasteEdit[] | undefined> {
    const text = await dataTransfer.get('text/plain')?.asString();
    const converted = text === undefined ? undefined : convert(text);
    if (converted === undefined) return undefined;
    const edit = new vscode.DocumentPasteEdit(converted.text, 'Paste cURL command as a request', PASTE_KIND);
    this.pending.set(edit, converted.command);
    return [edit];
  }

  resolveDocumentPasteEdit(edit: vscode.DocumentPasteEdit): vscode.DocumentPasteEdit {
    // Resolved just before it is applied: the credentials are offered once, for the paste that happens.
    const command = this.pending.get(edit);
    if (command !== undefined) void offerCredentials(this.services, command);
    return edit;
  }
}

/**
 * `searchRequests.copyRequestAsCurl` (POSIX shell) and `searchRequests.copyRequestAsPowerShell` (curl.exe in
 * PowerShell): the request at the cursor (or a line), on the clipboard.
 */
async function copyRequestAsCommand(
  shell: 'posix' | 'powershell',
  services: Services,
  chooser: ClusterChooser,
  uriArg?: string | vscode.Uri,
  lineArg?: number,
): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri =
    uriArg === undefined ? editor?.document.uri : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg;
  if (uri === undefined) return undefined;
  const line = lineArg ?? (editor?.document.uri.toString() === uri.toString() ? editor.selection.active.line : 0);
  await vscode.workspace.openTextDocument(uri);
  const result = await services.languageClient.sendRequest(ResolveRequest, { uri: uri.toString(), line });
  const request: ResolvedRequest | undefined = result.request;
  if (request === undefined) {
    void vscode.window.showInformationMessage(result.reason ?? 'There is no request here.');
    return undefined;
  }
  const cluster =
    request.cluster === undefined ? await chooser.activeOrAsk() : services.connections.find(request.cluster);
  if (cluster === undefined) return undefined;
  const command = exportCommand(shell, cluster, request, services.settings.baseDir());
  if (command === undefined) return undefined;
  await vscode.env.clipboard.writeText(command);
  const what = shell === 'posix' ? 'cURL command' : 'PowerShell command';
  const secrets = secretNames(request).map((name) => (shell === 'posix' ? '$' : '$env:') + shellVariable(name));
  void vscode.window.setStatusBarMessage(
    secrets.length === 0
      ? `${what} copied (no secret in it)`
      : `${what} copied: the secrets come from ${secrets.join(', ')} in the shell`,
    4000,
  );
  return command;
}

/** The command for a shell, or undefined (with the reason shown) when the request cannot be written as one. */
export function exportCommand(
  shell: 'posix' | 'powershell',
  cluster: ClusterConfig,
  request: CurlRequest,
  baseDir: string | undefined,
): string | undefined {
  const options = baseDir === undefined ? {} : { baseDir };
  try {
    return shell === 'posix' ? toCurl(cluster, request, options) : toPowerShell(cluster, request, options);
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    void vscode.window.showErrorMessage(error.message);
    return undefined;
  }
}

/** `searchRequests.pasteCurl`: a cURL command (the clipboard's when none is given) inserted as a console request. */
async function pasteCurl(services: Services, given?: string): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== 'search') {
    void vscode.window.showInformationMessage('Open a .search file to paste a cURL command into it.');
    return undefined;
  }
  const text = given ?? (await vscode.env.clipboard.readText());
  let converted: { text: string; command: CurlCommand } | undefined;
  try {
    converted = convert(text);
  } catch (error) {
    void vscode.window.showErrorMessage(
      `The cURL command could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  if (converted === undefined) {
    let why = 'it does not start with curl';
    if (looksLikeCurl(text)) {
      try {
        parseCurl(text);
      } catch (error) {
        why = error instanceof Error ? error.message : String(error);
      }
    }
    void vscode.window.showInformationMessage(`The clipboard holds no cURL command to paste (${why}).`);
    return undefined;
  }
  const inserted = converted.text;
  await editor.edit((edit) => {
    edit.replace(editor.selection, inserted);
  });
  void offerCredentials(services, converted.command);
  return inserted;
}

export function registerCurlCommands(services: Services, chooser: ClusterChooser): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.copyRequestAsCurl, (uri?: string | vscode.Uri, line?: number) =>
      copyRequestAsCommand('posix', services, chooser, uri, line),
    ),
    vscode.commands.registerCommand(COMMANDS.copyRequestAsPowerShell, (uri?: string | vscode.Uri, line?: number) =>
      copyRequestAsCommand('powershell', services, chooser, uri, line),
    ),
    vscode.commands.registerCommand(COMMANDS.pasteCurl, (text?: string) => pasteCurl(services, text)),
    vscode.languages.registerDocumentPasteEditProvider({ language: 'search' }, new CurlPasteProvider(services), {
      providedPasteEditKinds: [PASTE_KIND],
      pasteMimeTypes: ['text/plain'],
    }),
  ];
}
