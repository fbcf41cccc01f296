// The values of the `${name}` variables, worked out from where they come from (the settings by scope, the active
// cluster's `variables`, the environment, the secret names), for the language server: later layers win. Secrets go
// to the server as names only; their values stay here, and are put into a request just before it is sent.
import type { VariableInfo } from '../../../server/src/protocol/protocol';

/** What the names of variables may be (as the language server reads them). */
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface VariableLayers {
  /** `searchRequests.variables` in the user settings, the workspace settings, the folder settings (raw values). */
  readonly user?: unknown;
  readonly workspace?: unknown;
  readonly folder?: unknown;
  /** The active cluster's `variables`. */
  readonly cluster?: { readonly name: string; readonly variables?: Readonly<Record<string, string>> };
  /** The environment, for `${env:NAME}`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `searchRequests.secretVariables`. */
  readonly secretNames: readonly string[];
}

export interface ResolvedVariables {
  readonly variables: Record<string, VariableInfo>;
  /** What could not be used, for the log. */
  readonly problems: readonly string[];
}

/** A settings value as the text that is inserted (numbers and booleans as they are written in JSON). */
export function variableText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The variables the language server is told of: names to values with where they come from, secrets by name. */
export function resolveVariables(layers: VariableLayers): ResolvedVariables {
  const variables: Record<string, VariableInfo> = {};
  const problems: string[] = [];
  const define = (name: string, value: string, source: string): void => {
    Object.defineProperty(variables, name, {
      value: { value, source },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  };
  const scopes: [unknown, string][] = [
    [layers.user, 'user settings'],
    [layers.workspace, 'workspace settings'],
    [layers.folder, 'folder settings'],
  ];
  for (const [raw, source] of scopes) {
    if (raw === undefined || raw === null) continue;
    if (!isRecord(raw)) {
      problems.push(`searchRequests.variables in the ${source} must be an object of names to values`);
      continue;
    }
    for (const [name, value] of Object.entries(raw)) {
      const text = variableText(value);
      if (!NAME.test(name)) problems.push(`searchRequests.variables: "${name}" is not a variable name`);
      else if (text === undefined)
        problems.push(`searchRequests.variables: "${name}" must be a string, a number or a boolean`);
      else define(name, text, source);
    }
  }
  const cluster = layers.cluster;
  if (cluster?.variables !== undefined) {
    for (const [name, value] of Object.entries(cluster.variables)) {
      if (NAME.test(name)) define(name, value, `cluster "${cluster.name}"`);
    }
  }
  for (const [name, value] of Object.entries(layers.env)) {
    if (value !== undefined && ENV_NAME.test(name)) define(`env:${name}`, value, `the environment variable ${name}`);
  }
  for (const name of layers.secretNames) {
    if (!NAME.test(name) && !(name.startsWith('env:') && ENV_NAME.test(name.slice(4)))) {
      problems.push(`searchRequests.secretVariables: "${name}" is not a variable name`);
      continue;
    }
    const source = name.startsWith('env:') ? `the environment (secret)` : 'the secret storage';
    Object.defineProperty(variables, name, {
      value: { secret: true, source },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { variables, problems };
}
