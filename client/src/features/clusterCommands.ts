// Commands on clusters: add one step by step (with a connection test), pick the active one, change or forget
// its secret, test the connection. Each returns what it did, so that it can be scripted.
import * as vscode from 'vscode';
import { ClusterClient } from '../core/clusterClient';
import { fetchClusterInfo, productText, type ClusterInfo } from '../core/clusterInfo';
import {
  AUTH_KINDS,
  needsSecret,
  parseClusters,
  secretName,
  urlProblem,
  type AuthKind,
  type ClusterConfig,
} from '../core/clusterConfig';
import { awsHintsFromUrl, parseAwsConfig } from '../core/aws/awsConfig';
import { isRequestFailure } from '../core/failures';
import { proxyConnection, proxyOptions } from '../core/proxy';
import { opaqueIdFor } from '../core/runIds';
import type { ClusterStatus } from './clusterStatus';
import { CLUSTERS_SETTING, TRUST_ACTION, TRUST_COMMAND, UNTRUSTED_CLUSTERS } from './trustTexts';
import { clusterNameOf } from './clustersViewCommands';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import type { Services } from './services';
import { trimTrailing } from '../core/trimTrailing';

/** Arguments of `searchRequests.addCluster` for scripts and tests: no question is asked. */
interface AddClusterArgs extends ClusterConfig {
  readonly secret?: string;
  readonly target?: 'workspace' | 'user';
  /** Skip the connection test. */
  readonly skipTest?: boolean;
}

async function testConnection(
  services: Services,
  cluster: ClusterConfig,
  secret: string | undefined,
): Promise<ClusterInfo> {
  const proxy = proxyConnection(cluster.url, services.settings.proxy());
  const baseDir = services.settings.baseDir();
  const client = await ClusterClient.create(cluster, {
    ...(secret === undefined ? {} : { secret }),
    ...(proxy === undefined ? {} : proxyOptions(proxy)),
    ...(baseDir === undefined ? {} : { baseDir }),
    ...(services.connections.loadAws === undefined ? {} : { loadAws: services.connections.loadAws }),
    log: (line) => {
      services.log.info(line);
    },
  });
  try {
    return await fetchClusterInfo(client, opaqueIdFor(services.settings.opaqueIdPrefix(), 'connection-test'));
  } finally {
    await client.close();
  }
}

function describeInfo(info: ClusterInfo): string {
  return `${productText(info)}${info.health === undefined ? '' : `, health ${info.health}`}`;
}

const AUTH_LABELS: Readonly<Record<AuthKind, string>> = {
  none: 'No authentication',
  basic: 'User name and password (basic)',
  bearer: 'Bearer token',
  apiKey: 'API key',
  aws: 'AWS (SigV4): Amazon OpenSearch Service or OpenSearch Serverless',
};

const WIZARD = 'Search Requests: Add Cluster';

async function askUrl(): Promise<string | undefined> {
  const url = await vscode.window.showInputBox({
    title: `${WIZARD} (1/4): URL`,
    prompt: 'The URL of the cluster, e.g. http://localhost:9200 or https://search.example.com',
    value: 'http://localhost:9200',
    ignoreFocusOut: true,
    validateInput: (value) => urlProblem(value.trim()),
  });
  return url?.trim();
}

async function askName(url: string, existing: ReadonlySet<string>): Promise<string | undefined> {
  const host = new URL(url).hostname;
  const name = await vscode.window.showInputBox({
    title: `${WIZARD} (2/4): name`,
    prompt: 'A name for this cluster',
    value: existing.has(host) ? `${host}-2` : host,
    ignoreFocusOut: true,
    validateInput: (value) =>
      value.trim() === ''
        ? 'Enter a name'
        : existing.has(value.trim())
          ? `A cluster is already named "${value.trim()}"`
          : undefined,
  });
  return name?.trim();
}

/** The kind of authentication, with the user name and the secret it needs; undefined when the user gave up. */
async function askAuth(
  url: string,
): Promise<{ auth: AuthKind; username?: string; secret?: string; aws?: ClusterConfig['aws'] } | undefined> {
  const picked = await vscode.window.showQuickPick(
    AUTH_KINDS.map((authKind) => ({ label: AUTH_LABELS[authKind], authKind })),
    { title: `${WIZARD} (3/4): authentication`, ignoreFocusOut: true },
  );
  if (picked === undefined) return undefined;
  const auth = picked.authKind;
  let username: string | undefined;
  if (auth === 'basic') {
    username = await vscode.window.showInputBox({
      title: `${WIZARD}: user name`,
      ignoreFocusOut: true,
      validateInput: (value) => (value === '' ? 'Enter the user name' : undefined),
    });
    if (username === undefined) return undefined;
  }
  let aws: ClusterConfig['aws'];
  if (auth === 'aws') {
    aws = await askAws(url, WIZARD);
    if (aws === undefined) return undefined;
  }
  let secret: string | undefined;
  if (auth !== 'none' && auth !== 'aws') {
    secret = await vscode.window.showInputBox({
      title: `${WIZARD}: ${secretName(auth)}`,
      prompt: `Kept in VS Code's secret storage, never in settings.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (value) => (value === '' ? `Enter the ${secretName(auth)}` : undefined),
    });
    if (secret === undefined) return undefined;
  }
  return {
    auth,
    ...(username === undefined ? {} : { username }),
    ...(secret === undefined ? {} : { secret }),
    ...(aws === undefined ? {} : { aws }),
  };
}

/** For an https:// URL, which certificates to trust: `null` when the user gave up, undefined for the system's. */
async function askTls(): Promise<ClusterConfig['tls'] | null> {
  const choice = await vscode.window.showQuickPick(
    [
      { label: "Trust the system's certificate authorities", id: 'system' },
      { label: 'Trust a certificate authority file (PEM)…', id: 'ca' },
      {
        label: '$(warning) Turn certificate verification off',
        description: 'not safe: only for a test cluster on a trusted network',
        id: 'off',
      },
    ],
    { title: `${WIZARD} (4/4): certificates`, ignoreFocusOut: true },
  );
  if (choice === undefined) return null;
  if (choice.id === 'ca') {
    const files = await vscode.window.showOpenDialog({
      title: 'The certificate authority (PEM) that signed the cluster certificate',
      canSelectMany: false,
      filters: { 'PEM certificates': ['pem', 'crt', 'cer'], 'All files': ['*'] },
    });
    if (files?.[0] === undefined) return null;
    return { caFile: files[0].fsPath };
  }
  return choice.id === 'off' ? { rejectUnauthorized: false } : undefined;
}

/** The Add Cluster questions, one after the other; undefined as soon as one is dismissed. */
async function askCluster(services: Services): Promise<{ cluster: ClusterConfig; secret?: string } | undefined> {
  const existing = new Set(services.connections.clusters().map((c) => c.name));
  const url = await askUrl();
  if (url === undefined) return undefined;
  const name = await askName(url, existing);
  if (name === undefined) return undefined;
  const auth = await askAuth(url);
  if (auth === undefined) return undefined;
  const tls = url.startsWith('https:') ? await askTls() : undefined;
  if (tls === null) return undefined;
  return {
    cluster: {
      name,
      url: trimTrailing(url, '/'),
      auth: auth.auth,
      ...(auth.username === undefined ? {} : { username: auth.username }),
      ...(tls === undefined ? {} : { tls }),
      ...(auth.aws === undefined ? {} : { aws: auth.aws }),
    },
    ...(auth.secret === undefined ? {} : { secret: auth.secret }),
  };
}

/** Region, service and profile of an `aws` cluster; what the URL tells is offered first. */
async function askAws(url: string, title: string): Promise<ClusterConfig['aws']> {
  const hints = awsHintsFromUrl(url);
  const service = await vscode.window.showQuickPick(
    [
      { label: 'Amazon OpenSearch Service (managed domain)', description: 'es', service: 'es' as const },
      { label: 'OpenSearch Serverless (collection)', description: 'aoss', service: 'aoss' as const },
    ].sort((a, b) => (a.service === hints.service ? -1 : b.service === hints.service ? 1 : 0)),
    { title: `${title}: AWS service`, ignoreFocusOut: true },
  );
  if (service === undefined) return undefined;
  const region = await vscode.window.showInputBox({
    title: `${title}: AWS region`,
    prompt: 'The region of the domain or collection',
    value: hints.region ?? 'us-east-1',
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parseAwsConfig({ region: value.trim(), service: service.service }, url);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
  if (region === undefined) return undefined;
  const profile = await vscode.window.showInputBox({
    title: `${title}: AWS profile`,
    prompt:
      'A profile of ~/.aws/config (SSO, roles, keys); empty: the standard AWS chain (AWS_PROFILE, environment, default profile, instance role). No credential is stored by the extension.',
    value: '',
    ignoreFocusOut: true,
  });
  if (profile === undefined) return undefined;
  return {
    region: region.trim(),
    service: service.service,
    ...(profile.trim() === '' ? {} : { profile: profile.trim() }),
  };
}

async function saveCluster(cluster: ClusterConfig, target: vscode.ConfigurationTarget): Promise<void> {
  const config = vscode.workspace.getConfiguration('searchRequests');
  const inspected = config.inspect<unknown[]>('clusters');
  const current =
    (target === vscode.ConfigurationTarget.Workspace ? inspected?.workspaceValue : inspected?.globalValue) ?? [];
  const list = Array.isArray(current) ? current.filter((c) => (c as { name?: unknown }).name !== cluster.name) : [];
  await config.update('clusters', [...list, cluster], target);
}

/** The cluster the arguments describe (scripts and tests), or the one the user describes step by step. */
async function clusterToAdd(
  services: Services,
  args: AddClusterArgs | undefined,
): Promise<{ cluster: ClusterConfig; secret?: string } | undefined> {
  if (args === undefined) return askCluster(services);
  const { secret, target: _target, skipTest: _skip, ...config } = args;
  const parsed = parseClusters([config]);
  const first = parsed.clusters[0];
  if (first === undefined) throw new Error(parsed.problems[0]?.message ?? 'invalid cluster');
  return { cluster: first, ...(secret === undefined ? {} : { secret }) };
}

/**
 * Tests the connection before the cluster is saved. True to go on: it answered, or the user saves it anyway (with
 * arguments, a failed test throws instead of asking).
 */
async function connectionTested(
  services: Services,
  cluster: ClusterConfig,
  secret: string | undefined,
  scripted: boolean,
): Promise<boolean> {
  try {
    const info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Connecting to ${cluster.url}…` },
      () => testConnection(services, cluster, secret),
    );
    void vscode.window.showInformationMessage(`Connected to "${cluster.name}": ${describeInfo(info)}.`);
    return true;
  } catch (error) {
    const message = isRequestFailure(error) ? error.message : String(error);
    if (scripted) throw new Error(`The connection test failed: ${message}`);
    const save = 'Save Anyway';
    const choice = await vscode.window.showErrorMessage(
      `The connection test failed: ${message}`,
      { modal: true },
      save,
    );
    return choice === save;
  }
}

/** Where to save the cluster: the user settings, or (asked when a folder is open) the workspace's. */
async function saveTarget(args: AddClusterArgs | undefined): Promise<vscode.ConfigurationTarget | undefined> {
  if (args?.target === 'workspace') return vscode.ConfigurationTarget.Workspace;
  if (args !== undefined || vscode.workspace.workspaceFolders === undefined) return vscode.ConfigurationTarget.Global;
  const where = await vscode.window.showQuickPick(
    [
      {
        label: 'User settings',
        description: 'this cluster in every workspace',
        target: vscode.ConfigurationTarget.Global,
      },
      {
        label: 'Workspace settings',
        description: 'this workspace only (.vscode/settings.json)',
        target: vscode.ConfigurationTarget.Workspace,
      },
    ],
    { title: 'Search Requests: where to save the cluster (no secret is saved there)', ignoreFocusOut: true },
  );
  return where?.target;
}

async function addCluster(
  services: Services,
  status: ClusterStatus,
  args?: AddClusterArgs,
): Promise<string | undefined> {
  const toAdd = await clusterToAdd(services, args);
  if (toAdd === undefined) return undefined;
  const { cluster, secret } = toAdd;
  if (args?.skipTest !== true && !(await connectionTested(services, cluster, secret, args !== undefined))) {
    return undefined;
  }
  const target = await saveTarget(args);
  if (target === undefined) return undefined;
  if (secret !== undefined) await services.connections.storeSecret(cluster, secret);
  await saveCluster(cluster, target);
  await services.connections.setActive(cluster.name);
  await status.refresh();
  services.log.info(`[clusters] added "${cluster.name}" (${cluster.url}, auth ${cluster.auth})`);
  return cluster.name;
}

async function selectCluster(services: Services, status: ClusterStatus, name?: string): Promise<string | undefined> {
  const { connections } = services;
  if (name === undefined) {
    const active = connections.active()?.name;
    const items: (vscode.QuickPickItem & { name?: string })[] = connections.clusters().map((cluster) => {
      const info = status.infos.get(cluster.name);
      const fromWorkspace = connections.origin(cluster) === 'workspace';
      return {
        label: `${cluster.name === active ? '$(check) ' : ''}${cluster.name}`,
        description: `${cluster.url}${fromWorkspace ? " · from this workspace's settings" : ''}`,
        ...(info === undefined ? {} : { detail: describeInfo(info) }),
        name: cluster.name,
      };
    });
    items.push({ label: '$(add) Add cluster…' });
    const picked = await vscode.window.showQuickPick(items, { title: 'Search Requests: cluster to run requests on' });
    if (picked === undefined) return undefined;
    if (picked.name === undefined) return await addCluster(services, status);
    name = picked.name;
  }
  if (connections.find(name) === undefined)
    throw new Error(`No cluster is named "${name}" in searchRequests.clusters.`);
  await connections.setActive(name);
  return name;
}

/** The active cluster, asking the user to pick or add one when there is none. */
async function activeOrAsk(services: Services, status: ClusterStatus): Promise<ClusterConfig | undefined> {
  const { connections } = services;
  const active = connections.active();
  if (active !== undefined) return active;
  if (connections.clusters().length === 0) {
    const add = 'Add Cluster';
    if ((await services.settings.ignoredWorkspaceSettings()).includes(CLUSTERS_SETTING)) {
      const choice = await vscode.window.showWarningMessage(UNTRUSTED_CLUSTERS, TRUST_ACTION, add);
      if (choice === TRUST_ACTION) await vscode.commands.executeCommand(TRUST_COMMAND);
      if (choice === add) await addCluster(services, status);
      return connections.active();
    }
    const choice = await vscode.window.showWarningMessage('No cluster is configured to run requests on.', add);
    if (choice === add) await addCluster(services, status);
    return connections.active();
  }
  const name = await selectCluster(services, status);
  return name === undefined ? undefined : connections.find(name);
}

/** What other features ask of the cluster commands (rather than running them). */
export interface ClusterChooser {
  /** The active cluster, asking the user to pick or add one when there is none. */
  activeOrAsk(): Promise<ClusterConfig | undefined>;
  /** Makes a cluster the active one. */
  select(name: string): Promise<string | undefined>;
  /** Asks for a cluster's password, token or API key again. */
  changeSecret(name: string): Promise<boolean>;
}

export function clusterChooser(services: Services, status: ClusterStatus): ClusterChooser {
  return {
    activeOrAsk: () => activeOrAsk(services, status),
    select: (name) => selectCluster(services, status, name),
    changeSecret: (name) => changeSecret(services, name),
  };
}

async function pickCluster(
  services: Services,
  name: string | undefined,
  withSecret: boolean,
): Promise<ClusterConfig | undefined> {
  const { connections } = services;
  if (name !== undefined) {
    const found = connections.find(name);
    if (found === undefined) throw new Error(`No cluster is named "${name}" in searchRequests.clusters.`);
    return found;
  }
  const candidates = connections.clusters().filter((c) => !withSecret || needsSecret(c));
  if (candidates.length === 0) {
    void vscode.window.showInformationMessage('No configured cluster uses a password, token or API key.');
    return undefined;
  }
  if (candidates.length === 1) return candidates[0];
  const picked = await vscode.window.showQuickPick(
    candidates.map((c) => ({ label: c.name, description: `${c.url} (${c.auth})`, cluster: c })),
    { title: 'Search Requests: which cluster?' },
  );
  return picked?.cluster;
}

async function changeSecret(services: Services, name?: string, secret?: string): Promise<boolean> {
  const cluster = await pickCluster(services, name, true);
  if (cluster === undefined) return false;
  if (secret !== undefined) {
    await services.connections.storeSecret(cluster, secret);
    return true;
  }
  return (await services.connections.askSecret(cluster)) !== undefined;
}

async function forgetSecret(services: Services, name?: string): Promise<boolean> {
  const cluster = await pickCluster(services, name, true);
  if (cluster === undefined) return false;
  await services.connections.secrets.forget(cluster);
  void vscode.window.showInformationMessage(
    `The ${secretName(cluster.auth)} of "${cluster.name}" is forgotten; it will be asked for at the next run.`,
  );
  return true;
}

/** Tests the connection to a cluster (the active one when none is named). */
async function testClusterConnection(
  services: Services,
  status: ClusterStatus,
  name?: string,
): Promise<ClusterInfo | undefined> {
  const cluster = name === undefined ? await activeOrAsk(services, status) : services.connections.find(name);
  if (cluster === undefined) {
    if (name !== undefined) throw new Error(`No cluster is named "${name}" in searchRequests.clusters.`);
    return undefined;
  }
  try {
    const client = await services.connections.client(cluster, true);
    const info = await fetchClusterInfo(client, opaqueIdFor(services.settings.opaqueIdPrefix(), 'connection-test'));
    void status.refresh();
    void vscode.window.showInformationMessage(`"${cluster.name}": ${describeInfo(info)}.`);
    return info;
  } catch (error) {
    void vscode.window.showErrorMessage(isRequestFailure(error) ? error.message : String(error));
    return undefined;
  }
}

export function registerClusterCommands(services: Services, status: ClusterStatus): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.addCluster, (args?: AddClusterArgs) => addCluster(services, status, args)),
    // Each takes a cluster's name, or the Clusters view's element (from its menus).
    vscode.commands.registerCommand(COMMANDS.selectCluster, (arg?: unknown) =>
      selectCluster(services, status, clusterNameOf(arg)),
    ),
    vscode.commands.registerCommand(COMMANDS.changeClusterSecret, (arg?: unknown, secret?: string) =>
      changeSecret(services, clusterNameOf(arg), secret),
    ),
    vscode.commands.registerCommand(COMMANDS.forgetClusterSecret, (arg?: unknown) =>
      forgetSecret(services, clusterNameOf(arg)),
    ),
    vscode.commands.registerCommand(COMMANDS.testConnection, async (arg?: unknown) => {
      const name = clusterNameOf(arg);
      const info = await testClusterConnection(services, status, name);
      const tested = name ?? services.connections.active()?.name;
      if (tested !== undefined) services.events.testedCluster(tested);
      return info;
    }),
  ];
}
