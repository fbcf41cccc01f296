// The `${name}` variables: their values worked out from the settings, the active cluster and the environment, told
// to the language server (ConsoleSettings, with the configured clusters' addresses); secret variables' values kept in
// the secret storage, asked for when a request first needs them; and the commands that define a variable (the quick
// fix of an undefined one) and set or forget a secret one.
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import { ConsoleSettings, type ConsoleSettingsParams } from '../../../server/src/protocol/protocol';
import { resolveVariables } from '../core/variables';
import type { Services } from './services';
import { COMMANDS } from '../../../server/src/protocol/manifest';

const SECTION = 'searchRequests';
const SECRET_PREFIX = 'searchRequests.variable:';
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The values of secret variables: the secret storage (the environment for `env:NAME`), asked for when missing. */
export class SecretVariables {
  constructor(private readonly storage: vscode.SecretStorage) {}

  async get(name: string): Promise<string | undefined> {
    if (name.startsWith('env:')) return process.env[name.slice(4)];
    return this.storage.get(SECRET_PREFIX + name);
  }

  async ask(name: string, why?: string): Promise<string | undefined> {
    if (name.startsWith('env:')) return undefined;
    const value = await vscode.window.showInputBox({
      title: `Search Requests: secret variable \${${name}}`,
      prompt: `${why ?? ''} The value of \${${name}}. It is kept in VS Code's secret storage and never shown.`.trim(),
      password: true,
      ignoreFocusOut: true,
    });
    if (value === undefined) return undefined;
    await this.store(name, value);
    return value;
  }

  store(name: string, value: string): Thenable<void> {
    return this.storage.store(SECRET_PREFIX + name, value);
  }

  forget(name: string): Thenable<void> {
    return this.storage.delete(SECRET_PREFIX + name);
  }

  /**
   * The values of the secrets a request needs; with `interactive`, missing ones are asked for. Undefined when one is
   * missing (then `missing` names it).
   */
  async values(
    names: readonly string[],
    interactive: boolean,
  ): Promise<{ values: Map<string, string> } | { missing: string }> {
    const values = new Map<string, string>();
    for (const name of names) {
      let value = await this.get(name);
      if (value === undefined && interactive) value = await this.ask(name, 'This request needs it.');
      if (value === undefined) return { missing: name };
      values.set(name, value);
    }
    return { values };
  }
}

/** Tells the language server the variables and the configured clusters, again whenever they change. */
export class VariablesPublisher implements vscode.Disposable {
  private readonly disposables: { dispose(): unknown }[] = [];
  private sent: string | undefined;

  constructor(private readonly services: Services) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (
          event.affectsConfiguration(`${SECTION}.variables`) ||
          event.affectsConfiguration(`${SECTION}.secretVariables`) ||
          event.affectsConfiguration(`${SECTION}.clusters`)
        ) {
          this.publish();
        }
      }),
      // The active cluster's variables change with the active cluster.
      services.connections.onDidChange(() => {
        this.publish();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.publish();
      }),
      services.languageClient.onDidChangeState((event) => {
        if (event.newState === State.Running) {
          this.sent = undefined;
          this.publish();
        }
      }),
    );
  }

  /** What the server is told: workspace and folder values only in a trusted workspace. */
  params(): ConsoleSettingsParams {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const inspected = vscode.workspace.getConfiguration(SECTION, folder).inspect<unknown>('variables');
    const trusted = vscode.workspace.isTrusted;
    // A folder has settings of its own only in a multi-root workspace (otherwise its settings are the workspace's).
    const multiRoot = vscode.workspace.workspaceFile !== undefined;
    const active = this.services.connections.active();
    // Which names are secret (filled in from the secret storage): in Restricted Mode, the user's settings only.
    const secretNames = trusted
      ? vscode.workspace.getConfiguration(SECTION).get<unknown>('secretVariables')
      : vscode.workspace.getConfiguration(SECTION).inspect<unknown>('secretVariables')?.globalValue;
    const resolved = resolveVariables({
      user: inspected?.globalValue,
      ...(trusted
        ? { workspace: inspected?.workspaceValue, ...(multiRoot ? { folder: inspected?.workspaceFolderValue } : {}) }
        : {}),
      ...(active === undefined
        ? {}
        : {
            cluster: { name: active.name, ...(active.variables === undefined ? {} : { variables: active.variables }) },
          }),
      env: process.env,
      secretNames: Array.isArray(secretNames) ? secretNames.filter((n): n is string => typeof n === 'string') : [],
    });
    for (const problem of resolved.problems) this.services.log.warn(`[variables] ${problem}`);
    return {
      variables: resolved.variables,
      clusters: this.services.connections.clusters().map((c) => ({ name: c.name, url: c.url })),
    };
  }

  publish(): void {
    if (!this.services.languageClient.isRunning()) return;
    const params = this.params();
    const key = JSON.stringify(params);
    if (key === this.sent) return;
    this.sent = key;
    const names = Object.keys(params.variables).filter((name) => !name.startsWith('env:'));
    // Names and where they come from only: values are not logged.
    this.services.log.info(`[variables] ${names.length} variables (${names.join(', ') || 'none'}) and the environment`);
    this.services.languageClient.sendNotification(ConsoleSettings, params).catch((error: unknown) => {
      this.sent = undefined;
      this.services.log.warn(`[variables] not sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

async function askName(title: string, value?: string): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title,
    prompt: 'The variable name, as written between ${ and }',
    ...(value === undefined ? {} : { value }),
    validateInput: (text) => (NAME.test(text) ? undefined : 'Letters, digits, _ . and -, starting with a letter or _'),
  });
}

/**
 * `searchRequests.defineVariable` (the quick fix of an undefined variable): asks for the value and adds it to the
 * workspace settings' `searchRequests.variables`. Returns the name defined.
 */
async function defineVariable(name?: string, value?: string): Promise<string | undefined> {
  const chosen = name ?? (await askName('Search Requests: define a variable'));
  if (chosen === undefined || !NAME.test(chosen)) return undefined;
  const given =
    value ??
    (await vscode.window.showInputBox({
      title: `Search Requests: \${${chosen}}`,
      prompt: `The value of \${${chosen}}, kept in the workspace settings (searchRequests.variables). For a secret, use "Set Secret Variable" instead.`,
    }));
  if (given === undefined) return undefined;
  const config = vscode.workspace.getConfiguration(SECTION);
  const current = config.inspect<Record<string, unknown>>('variables')?.workspaceValue ?? {};
  const target =
    vscode.workspace.workspaceFolders === undefined
      ? vscode.ConfigurationTarget.Global
      : vscode.ConfigurationTarget.Workspace;
  await config.update('variables', { ...current, [chosen]: given }, target);
  return chosen;
}

/** `searchRequests.setSecretVariable`: stores a secret's value, and lists its name in `searchRequests.secretVariables`. */
async function setSecretVariable(secrets: SecretVariables, name?: string, value?: string): Promise<boolean> {
  const chosen = name ?? (await askName('Search Requests: set a secret variable'));
  if (chosen === undefined || !NAME.test(chosen)) return false;
  if (value !== undefined) await secrets.store(chosen, value);
  else if ((await secrets.ask(chosen)) === undefined) return false;
  const config = vscode.workspace.getConfiguration(SECTION);
  const listed = config.get<unknown>('secretVariables');
  const names = Array.isArray(listed) ? listed.filter((n): n is string => typeof n === 'string') : [];
  if (!names.includes(chosen)) {
    // A user setting: which names are secret is the user's to say, and a workspace cannot lift it.
    await config.update('secretVariables', [...names, chosen], vscode.ConfigurationTarget.Global);
  }
  return true;
}

export function registerVariableCommands(secrets: SecretVariables): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.defineVariable, (name?: string, value?: string) =>
      defineVariable(name, value),
    ),
    vscode.commands.registerCommand(COMMANDS.setSecretVariable, (name?: string, value?: string) =>
      setSecretVariable(secrets, name, value),
    ),
    vscode.commands.registerCommand(COMMANDS.forgetSecretVariable, async (name?: string) => {
      const listed = vscode.workspace.getConfiguration(SECTION).get<unknown>('secretVariables');
      const names = Array.isArray(listed) ? listed.filter((n): n is string => typeof n === 'string') : [];
      const chosen =
        name ??
        (await vscode.window.showQuickPick(names, { title: 'Search Requests: forget the value of a secret variable' }));
      if (chosen === undefined) return false;
      await secrets.forget(chosen);
      return true;
    }),
  ];
}
