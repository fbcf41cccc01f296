// Which settings a workspace may set before the user trusts it. A setting that says where requests go or what they
// carry (the clusters, their TLS options, the values put into requests, the header they are tagged with) is
// "restricted": in an untrusted workspace only the user's own value counts. package.json lists the restricted ones in
// `capabilities.untrustedWorkspaces.restrictedConfigurations`, and a test checks that it lists exactly these.

/** Every setting of the extension, restricted or not, with why. */
export const SETTING_TRUST: Readonly<Record<string, { readonly restricted: boolean; readonly why: string }>> = {
  'searchRequests.clusters': {
    restricted: true,
    why: 'where requests go, with which credentials and TLS options (CA, client certificate, verification)',
  },
  'searchRequests.variables': { restricted: true, why: 'values put into the requests that are sent' },
  'searchRequests.secretVariables': {
    restricted: true,
    why: 'which stored secrets are read and put into requests',
  },
  'searchRequests.opaqueIdPrefix': { restricted: true, why: 'a header sent with every request' },
  'searchRequests.requestTimeout': {
    restricted: true,
    why: 'how long a request may hold a connection to the cluster (0: no limit)',
  },
  'searchRequests.tasks.refreshInterval': {
    restricted: true,
    why: 'how often the cluster is asked for its tasks while the Tasks view is open',
  },
  'searchRequests.targetVersion': { restricted: false, why: 'only changes which checks the editor makes' },
  'searchRequests.targetDistribution': { restricted: false, why: 'only changes which checks the editor makes' },
  'searchRequests.results.maxRuns': { restricted: false, why: 'how many runs the Results view keeps' },
  'searchRequests.results.savedAnswerSize': {
    restricted: false,
    why: "how much of the user's own answers is kept in the workspace's storage",
  },
  'searchRequests.results.pageSize': { restricted: false, why: 'how many items the Results view shows at once' },
};

export const RESTRICTED_SETTINGS: readonly string[] = Object.entries(SETTING_TRUST)
  .filter(([, trust]) => trust.restricted)
  .map(([key]) => key);

function isRestricted(key: string): boolean {
  return SETTING_TRUST[key]?.restricted === true;
}

/** What VS Code's `WorkspaceConfiguration.inspect()` gives of a setting (the parts read here). */
export interface InspectedSetting<T> {
  readonly defaultValue?: T;
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

/** Whether the workspace (or a folder of it) gives the setting a value of its own. */
export function setInWorkspace<T>(inspected: InspectedSetting<T> | undefined): boolean {
  return inspected?.workspaceValue !== undefined || inspected?.workspaceFolderValue !== undefined;
}

/**
 * The value that counts: in a trusted workspace, VS Code's (`get`, passed as `effective`); in an untrusted one, a
 * restricted setting takes the user's value only. VS Code does the same for the settings listed in
 * `restrictedConfigurations`; this does not rely on it.
 */
export function trustedValue<T>(
  key: string,
  effective: T | undefined,
  inspected: InspectedSetting<T> | undefined,
  trusted: boolean,
): T | undefined {
  if (trusted || !isRestricted(key)) return effective;
  return inspected?.globalValue ?? inspected?.defaultValue;
}

/**
 * The restricted settings a workspace settings file (`.vscode/settings.json`, a `.code-workspace` file) gives a value,
 * found in its text: in Restricted Mode VS Code hides these values from extensions, even from `inspect()`, and they
 * are only looked for to say that they are ignored. A key counts when its quoted name is followed by a colon.
 */
export function restrictedSettingsIn(text: string): string[] {
  return RESTRICTED_SETTINGS.filter((key) => {
    const quoted = JSON.stringify(key);
    for (let at = text.indexOf(quoted); at !== -1; at = text.indexOf(quoted, at + quoted.length)) {
      let next = at + quoted.length;
      while (next < text.length && ' \t\r\n'.includes(text.charAt(next))) next++;
      if (text.charAt(next) === ':') return true;
    }
    return false;
  });
}
