// The values of the `${name}` variables of `.search` and `.msearch` files, as the caller of the language service gives
// them. The service reads no settings and no environment: the extension resolves the values (its settings, the active
// cluster's `variables`, the environment for `${env:NAME}`) and passes them in; the command line passes those of a
// `--variables` file. Secret variables come without their value: the service knows only that they are secret, and
// leaves them as slots the caller fills when it sends the request (so a secret is never in a hover, a diagnostic or
// anything the service returns).

/**
 * What the caller knows of one variable: its value (a string, as it is inserted), or a value with where it comes
 * from (shown on hover, e.g. "workspace settings"), or a secret whose value the caller keeps.
 */
export type VariableValue =
  string | { readonly value: string; readonly source?: string } | { readonly secret: true; readonly source?: string };

/** A variable as the service uses it. */
export type Variable =
  | { readonly kind: 'value'; readonly value: string; readonly source: string | undefined }
  | { readonly kind: 'secret'; readonly source: string | undefined };

/** `${name}` or `${env:NAME}`: a name as the files write it. */
const NAME = /^(?:[A-Za-z_][A-Za-z0-9_.-]*|env:[A-Za-z_][A-Za-z0-9_]*)$/;

/** Whether a text is a variable name (`index`, `logs.prefix`, `env:HOME`). */
function isVariableName(name: string): boolean {
  return NAME.test(name);
}

/** The environment variable a name stands for (`env:HOME` → `HOME`), or undefined for a plain name. */
export function environmentName(name: string): string | undefined {
  return name.startsWith('env:') ? name.slice(4) : undefined;
}

let versions = 0;

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A set of variable values, immutable; each set has its own version, so that caches know when they changed. */
export class Variables {
  static readonly NONE = new Variables(new Map());

  readonly version = ++versions;
  private readonly json = new Map<string, boolean>();

  private constructor(private readonly table: ReadonlyMap<string, Variable>) {}

  /**
   * The service's entry point for variables: names (as written between `${` and `}`) to values. Names that are not
   * variable names are ignored.
   *
   * ```ts
   * store.setVariables(Variables.from({ index: 'logs-*', size: '5', 'env:HOME': '/home/me' }));
   * store.setVariables(Variables.from(new Map([['token', { secret: true }]])));
   * ```
   */
  static from(values: ReadonlyMap<string, VariableValue> | Readonly<Record<string, VariableValue>>): Variables {
    const entries: Iterable<[string, VariableValue]> =
      values instanceof Map ? values.entries() : Object.entries(values as Readonly<Record<string, VariableValue>>);
    const table = new Map<string, Variable>();
    for (const [name, value] of entries) {
      if (!isVariableName(name)) continue;
      if (typeof value === 'string') table.set(name, { kind: 'value', value, source: undefined });
      else if ('secret' in value) table.set(name, { kind: 'secret', source: value.source });
      else if (typeof value.value === 'string')
        table.set(name, { kind: 'value', value: value.value, source: value.source });
    }
    return table.size === 0 ? Variables.NONE : new Variables(table);
  }

  get(name: string): Variable | undefined {
    return this.table.get(name);
  }

  /** Whether a variable's value is JSON text (`10`, `true`, `{"match_all": {}}`); worked out once per value. */
  holdsJson(name: string): boolean {
    let known = this.json.get(name);
    if (known === undefined) {
      const variable = this.table.get(name);
      known = variable?.kind === 'value' && isJsonText(variable.value);
      this.json.set(name, known);
    }
    return known;
  }

  get size(): number {
    return this.table.size;
  }

  /** Every name, sorted (for completion). */
  names(): string[] {
    return [...this.table.keys()].sort();
  }

  /** Whether two sets say the same of every name (so that nothing need be validated again). */
  sameAs(other: Variables): boolean {
    if (other === this) return true;
    if (other.table.size !== this.table.size) return false;
    for (const [name, variable] of this.table) {
      const theirs = other.table.get(name);
      if (theirs === undefined || theirs.kind !== variable.kind || theirs.source !== variable.source) return false;
      if (variable.kind === 'value' && theirs.kind === 'value' && theirs.value !== variable.value) return false;
    }
    return true;
  }
}
