// The command: find the files, check each with the language service (fixing and formatting when asked), print the
// report, and say with the exit code whether the files pass. Every failure that is not the files' own is a message
// and exit code 2, never a stack trace.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { beyondKnown, makeTarget, targetName } from '../../../server/src/service/target';
import { NEWEST_KNOWN_VERSION, shortVersion } from '../../../server/src/spec/versions';
import { parseCommandLine, USAGE, UsageError, type CliOptions } from './args';
import { checkText, type CheckOptions } from './check';
import { FileError, findFiles } from './files';
import { github } from './formats/github';
import { json } from './formats/json';
import { sarif } from './formats/sarif';
import { stylish } from './formats/stylish';
import { summarize, type FileResult, type Report } from './report';
import { readVariables, readWorkspaceVariables, VariablesError } from './variables';

/** Read as text: given as options, which Node takes as they are (a bare encoding is copied into a new options object). */
const READ_TEXT = { encoding: 'utf8' } as const;

const EXIT_OK = 0;
const EXIT_PROBLEMS = 1;
const EXIT_TROUBLE = 2;

export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown };
}

function toolVersion(): string {
  return typeof __CLI_VERSION__ === 'string' ? __CLI_VERSION__ : '0.0.0-dev';
}

declare const __CLI_VERSION__: string | undefined;

function render(report: Report, options: CliOptions, io: CliIo): string {
  switch (options.format) {
    case 'json':
      return json(report, options.quiet);
    case 'sarif':
      return sarif(report, options.quiet);
    case 'github':
      return github(report, options.quiet);
    case 'stylish': {
      const color =
        options.color ??
        (options.outputFile === undefined && io.stdout.isTTY === true && (io.env['NO_COLOR'] ?? '') === '');
      return stylish(report, { color, quiet: options.quiet });
    }
  }
}

function errnoText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

async function lint(options: CliOptions, io: CliIo): Promise<number> {
  const say = (text: string): void => {
    io.stderr.write(`search-requests-lint: ${text}\n`);
  };
  const store = new DocumentStore();

  // `${name}` variables: the folder's `.vscode/settings.json` (what the editor reads there), then --variables over
  // it, and the environment for `${env:NAME}`.
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(io.env)) if (value !== undefined) values.set(`env:${name}`, value);
  const workspace = readWorkspaceVariables(io.cwd);
  if (workspace !== undefined) for (const [name, value] of workspace) values.set(name, value);
  if (options.variablesFile !== undefined) {
    const variables = await readVariables(path.resolve(io.cwd, options.variablesFile));
    for (const [name, value] of variables) values.set(name, value);
    say(`--variables: ${variables.size} values read.`);
  }
  store.setVariables(values);

  if (options.cluster !== undefined) {
    // The HTTP client is loaded only for --cluster, from a file of its own: a lint of files alone neither reads nor
    // compiles it (esbuild.mjs).
    const { readCluster } = await import('./cluster.js');
    const snapshot = await readCluster(
      {
        url: options.cluster,
        ...(options.user === undefined ? {} : { user: options.user }),
        ...(options.passwordEnv === undefined ? {} : { passwordEnv: options.passwordEnv }),
        ...(options.apiKeyEnv === undefined ? {} : { apiKeyEnv: options.apiKeyEnv }),
      },
      toolVersion(),
      io.env,
    );
    if ('problem' in snapshot) {
      say(snapshot.problem);
      return EXIT_TROUBLE;
    }
    store.updateCluster(snapshot.state);
    if (options.targetVersion === undefined && options.distribution === undefined) {
      store.setTarget(
        makeTarget({
          distribution: snapshot.info.distribution,
          ...(snapshot.info.version === undefined ? {} : { version: snapshot.info.version }),
          source: 'cluster',
        }),
      );
    }
  }
  if (options.targetVersion !== undefined || options.distribution !== undefined) {
    store.setTarget(
      makeTarget({
        distribution: options.distribution ?? 'opensearch',
        ...(options.targetVersion === undefined ? {} : { version: options.targetVersion }),
        source: 'setting',
      }),
    );
  }

  if (beyondKnown(store.target)) {
    // Not an error (a newer server may read what the tables do not know), but a version mistyped as 29.1 for 2.19
    // would otherwise change the checks without a word.
    const newest = shortVersion(NEWEST_KNOWN_VERSION);
    say(
      `note: ${targetName(store.target)} is newer than the newest version these checks know (${newest}): they check for ${newest}, and say where a newer version may differ.${store.target.source === 'setting' ? ' Is --target-version right?' : ''}`,
    );
  }

  const files = findFiles(options.patterns, io.cwd);
  if (files.length === 0) say('no .search or .msearch file found.');

  const check: CheckOptions = {
    fix: options.fix,
    format: options.formatWrite ? 'write' : options.checkFormat ? 'check' : 'no',
  };
  const results: FileResult[] = [];
  let trouble = false;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file.absolute, READ_TEXT);
    } catch (error) {
      say(`cannot read ${file.relative} (${errnoText(error)}).`);
      trouble = true;
      continue;
    }
    // A byte order mark is no part of the text, as in the editor (which neither shows nor sends it); a file written
    // back keeps it.
    const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    if (bom !== '') text = text.slice(1);
    const result = checkText(store, file, text, check);
    if (result.text !== text) {
      try {
        writeFileSync(file.absolute, bom + result.text, 'utf8');
      } catch (error) {
        say(`cannot write ${file.relative} (${errnoText(error)}).`);
        trouble = true;
      }
    }
    results.push({
      path: file.relative,
      absolute: file.absolute,
      diagnostics: result.diagnostics,
      fixes: result.fixes,
      formatChanges: result.formatChanges,
    });
  }

  const report = summarize(results, options.checkFormat, toolVersion(), io.cwd);
  const output = render(report, options, io);
  if (options.outputFile === undefined) {
    io.stdout.write(output);
  } else {
    try {
      writeFileSync(path.resolve(io.cwd, options.outputFile), output, 'utf8');
    } catch (error) {
      say(`cannot write the report to ${options.outputFile} (${errnoText(error)}).`);
      return EXIT_TROUBLE;
    }
  }
  if (trouble) return EXIT_TROUBLE;
  if (report.errorCount > 0 || report.unformattedCount > 0) return EXIT_PROBLEMS;
  if (options.maxWarnings >= 0 && report.warningCount > options.maxWarnings) {
    say(`${report.warningCount} warnings, more than the maximum of ${options.maxWarnings} (--max-warnings).`);
    return EXIT_PROBLEMS;
  }
  return EXIT_OK;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`search-requests-lint: ${error.message}\nRun search-requests-lint --help for the options.\n`);
    return EXIT_TROUBLE;
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return EXIT_OK;
  }
  if (options.version) {
    io.stdout.write(`${toolVersion()}\n`);
    return EXIT_OK;
  }
  try {
    return await lint(options, io);
  } catch (error) {
    if (error instanceof FileError || error instanceof VariablesError) {
      io.stderr.write(`search-requests-lint: ${error.message}\n`);
      return EXIT_TROUBLE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`search-requests-lint: unexpected failure: ${message}\n`);
    if (io.env['SEARCH_REQUESTS_LINT_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) {
      io.stderr.write(`${error.stack}\n`);
    }
    return EXIT_TROUBLE;
  }
}
