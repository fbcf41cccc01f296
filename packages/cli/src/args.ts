// The command line: options, their checks, and the usage text. A mistake here is a usage error (exit code 2) with a
// message that says what to write instead.
import { parseArgs } from 'node:util';

const FORMATS = ['stylish', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof FORMATS)[number];

export interface CliOptions {
  readonly patterns: readonly string[];
  readonly format: OutputFormat;
  readonly outputFile?: string;
  readonly targetVersion?: string;
  readonly distribution?: 'opensearch' | 'elasticsearch';
  /** -1: no maximum. */
  readonly maxWarnings: number;
  readonly variablesFile?: string;
  readonly fix: boolean;
  readonly checkFormat: boolean;
  readonly formatWrite: boolean;
  readonly cluster?: string;
  readonly user?: string;
  readonly passwordEnv?: string;
  readonly apiKeyEnv?: string;
  readonly quiet: boolean;
  readonly color: boolean | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: search-requests-lint [options] [files, folders or globs...]

Checks .search and .msearch files as OpenSearch reads them. Without arguments: every .search and .msearch file
under the current folder, except what .gitignore files leave out.

Output
  -f, --format stylish|json|sarif|github   how problems are printed (default: stylish)
  -o, --output-file FILE                   write the report to FILE instead of the standard output
      --quiet                              report errors only
      --no-color                           no colours in stylish output (also NO_COLOR=1)

What the checks are made for
      --target-version VERSION             the OpenSearch (or Elasticsearch) version, e.g. 2.19 or 3.8
                                           (default: the cluster's with --cluster, else the newest known)
      --distribution opensearch|elasticsearch
      --variables FILE.json                values of the \${name} variables of the files, as a JSON object
      --cluster URL                        also check against a cluster: index patterns that match nothing,
                                           node filters that select no node (read-only requests)
      --user NAME                          basic authentication user for --cluster
      --password-env VAR                   the environment variable that holds the password
      --api-key-env VAR                    the environment variable that holds an API key

Changes
      --fix                                apply the safe fixes: the final newline of .msearch files, renames
                                           with a single candidate, objects of .msearch files joined on one line
      --check-format                       report files the formatter would change
      --format-write                       format the files in place

Exit status
      --max-warnings N                     fail when there are more than N warnings (default: no limit)
  0  no error (and no more warnings than --max-warnings)
  1  errors, more warnings than --max-warnings, or files not formatted (--check-format)
  2  a usage mistake, a file that cannot be read or written, a cluster that cannot be reached

  -h, --help                               this text
  -v, --version                            the version
`;

const VERSION_PATTERN = /^\d{1,4}(\.\d{1,4}){0,2}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not "${value}".`);
}

export function parseCommandLine(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        'output-file': { type: 'string', short: 'o' },
        'target-version': { type: 'string' },
        distribution: { type: 'string' },
        'max-warnings': { type: 'string' },
        variables: { type: 'string' },
        fix: { type: 'boolean' },
        'check-format': { type: 'boolean' },
        'format-write': { type: 'boolean' },
        cluster: { type: 'string' },
        user: { type: 'string' },
        'password-env': { type: 'string' },
        'api-key-env': { type: 'string' },
        quiet: { type: 'boolean' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    // Node's messages name the option ("Unknown option '--foo'"); the usage hint follows.
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const values = parsed.values;
  const format = oneOf('format', values.format ?? 'stylish', FORMATS);

  const targetVersion = values['target-version'];
  if (targetVersion !== undefined && !VERSION_PATTERN.test(targetVersion.trim())) {
    throw new UsageError(`--target-version must be a version such as 2.19, 3.8 or 3.8.0, not "${targetVersion}".`);
  }
  const distribution =
    values.distribution === undefined
      ? undefined
      : oneOf('distribution', values.distribution, ['opensearch', 'elasticsearch'] as const);

  let maxWarnings = -1;
  const maxText = values['max-warnings'];
  if (maxText !== undefined) {
    if (!/^-?\d+$/.test(maxText.trim())) {
      throw new UsageError(`--max-warnings must be a whole number, not "${maxText}".`);
    }
    maxWarnings = Number(maxText);
    if (maxWarnings < -1) throw new UsageError('--max-warnings must be 0 or more (-1 for no limit).');
  }

  if (values['check-format'] === true && values['format-write'] === true) {
    throw new UsageError('--check-format and --format-write cannot be used together: choose one.');
  }

  const cluster = values.cluster;
  if (cluster === undefined) {
    for (const option of ['user', 'password-env', 'api-key-env'] as const) {
      if (values[option] !== undefined) throw new UsageError(`--${option} needs --cluster URL.`);
    }
  }
  if (values.user !== undefined && values['api-key-env'] !== undefined) {
    throw new UsageError(
      '--user and --api-key-env cannot be used together: choose basic authentication or an API key.',
    );
  }
  if (values['password-env'] !== undefined && values.user === undefined) {
    throw new UsageError('--password-env needs --user NAME.');
  }
  for (const option of ['password-env', 'api-key-env'] as const) {
    const name = values[option];
    if (name !== undefined && !ENV_NAME.test(name)) {
      throw new UsageError(
        `--${option} takes the name of an environment variable (e.g. OPENSEARCH_PASSWORD), not "${name}".`,
      );
    }
  }

  const color = values['no-color'] === true ? false : values.color;
  return {
    patterns: parsed.positionals,
    format,
    ...(values['output-file'] === undefined ? {} : { outputFile: values['output-file'] }),
    ...(targetVersion === undefined ? {} : { targetVersion: targetVersion.trim() }),
    ...(distribution === undefined ? {} : { distribution }),
    maxWarnings,
    ...(values.variables === undefined ? {} : { variablesFile: values.variables }),
    fix: values.fix === true,
    checkFormat: values['check-format'] === true,
    formatWrite: values['format-write'] === true,
    ...(cluster === undefined ? {} : { cluster }),
    ...(values.user === undefined ? {} : { user: values.user }),
    ...(values['password-env'] === undefined ? {} : { passwordEnv: values['password-env'] }),
    ...(values['api-key-env'] === undefined ? {} : { apiKeyEnv: values['api-key-env'] }),
    quiet: values.quiet === true,
    color,
    help: values.help === true,
    version: values.version === true,
  };
}
