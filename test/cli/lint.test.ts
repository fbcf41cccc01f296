// The built command-line linter, run as a process on fixtures: each format's exact output, the exit codes, which
// files are checked, the fixes and the formatter, and messages instead of stack traces.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { DIAGNOSTIC_CODES, docsLink, type DiagnosticCode } from '../../server/src/service/diagnosticCodes';
import { expected, FIXTURES, projectCopy, runLint, runLintUnread } from './runLint';
import { sarifSchemaErrors, sarifSchemaTitle } from './sarifSchema';

void describe('search-requests-lint', () => {
  let project: { dir: string; dispose(): void };
  before(() => {
    project = projectCopy();
    // Never checked: node_modules, and what .gitignore leaves out (ignored/, *.tmp.search).
    mkdirSync(path.join(project.dir, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(path.join(project.dir, 'node_modules', 'dep', 'x.search'), 'GET /_search?sizee=1\n');
  });
  after(() => {
    project.dispose();
  });

  void it('prints every problem of the files under the current folder, for people (stylish), exit code 1', async () => {
    const run = await runLint([], project.dir);
    assert.equal(run.stdout, expected('stylish.txt', run.stdout));
    assert.equal(run.stderr, '');
    assert.equal(run.code, 1);
    assert.ok(!run.stdout.includes('ignored/'), 'ignored by .gitignore');
    assert.ok(!run.stdout.includes('skip.tmp'), 'ignored by a .gitignore pattern');
    assert.ok(!run.stdout.includes('node_modules'));
    assert.ok(!run.stdout.includes('\u001b['), 'no colours when the output is not a terminal');
  });

  void it('prints JSON with every file checked, clean ones too', async () => {
    const run = await runLint(['--format', 'json'], project.dir);
    assert.equal(run.stdout, expected('report.json', run.stdout));
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as { files: { path: string }[]; errorCount: number };
    assert.deepEqual(
      report.files.map((f) => f.path),
      [
        'requests/broken.search',
        'requests/clean.search',
        'requests/nested/deep.msearch',
        'requests/unformatted.search',
        'requests/versions.search',
      ],
    );
    assert.equal(report.errorCount, 8);
  });

  void it('prints GitHub Actions annotations, escaped as workflow commands require', async () => {
    const run = await runLint(['-f', 'github', 'requests/nested'], project.dir);
    assert.equal(run.stdout, expected('github.txt', run.stdout));
    assert.match(run.stdout, /^::error file=requests\/nested\/deep\.msearch,line=1,col=2,endLine=1,endColumn=10,/m);
    // The message's `\n` is the two characters backslash and n, left as they are; a real newline would be %0A.
    assert.ok(run.stdout.includes('terminated by a newline [\\n]'));
    assert.equal(run.code, 1);
  });

  void it('writes SARIF 2.1.0 that the SARIF JSON schema accepts, rule ids being the diagnostic codes', async () => {
    const run = await runLint(['--format', 'sarif', '--output-file', 'report.sarif'], project.dir);
    assert.equal(run.stdout, '');
    assert.equal(run.code, 1);
    const text = readFileSync(path.join(project.dir, 'report.sarif'), 'utf8');
    const root = pathToFileURL(project.dir).toString() + '/';
    // The expected file holds the rules the results use, without rule indexes: the whole table follows the registry,
    // checked below, and grows with it.
    const shown = JSON.parse(text.split(root).join('file:///PROJECT/')) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex?: number }[] }[];
    };
    const used = new Set(shown.runs[0]!.results.map((r) => r.ruleId));
    shown.runs[0]!.tool.driver.rules = shown.runs[0]!.tool.driver.rules.filter((r) => used.has(r.id));
    for (const result of shown.runs[0]!.results) delete result.ruleIndex;
    const actual = `${JSON.stringify(shown, null, 2)}\n`;
    assert.equal(actual, expected('report.sarif', actual));
    const log = JSON.parse(text) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string; help: { text: string }; defaultConfiguration: { level: string } }[] } };
        results: { ruleId: string; ruleIndex: number; level: string }[];
      }[];
    };
    assert.match(sarifSchemaTitle(), /SARIF\) Version 2\.1\.0/);
    assert.deepEqual(sarifSchemaErrors(log), []);
    assert.equal(log.version, '2.1.0');
    const run0 = log.runs[0]!;
    assert.equal(run0.results.length, 9);
    // The rules are the registry's codes, with its summaries and documentation links.
    const rules = run0.tool.driver.rules as unknown as {
      id: DiagnosticCode;
      shortDescription: { text: string };
      helpUri: string;
    }[];
    assert.deepEqual(
      rules.map((r) => r.id),
      Object.keys(DIAGNOSTIC_CODES),
    );
    for (const rule of rules) {
      assert.equal(rule.shortDescription.text, DIAGNOSTIC_CODES[rule.id].summary);
      assert.equal(rule.helpUri, docsLink(rule.id));
    }
    for (const result of run0.results) {
      const rule = run0.tool.driver.rules[result.ruleIndex]!;
      assert.equal(rule.id, result.ruleId);
      assert.ok(rule.help.text.length > 10, `help text of ${rule.id}`);
    }
    // The schema really is applied: a result without its message is refused.
    const broken = structuredClone(log) as { runs: { results: Record<string, unknown>[] }[] };
    delete broken.runs[0]!.results[0]!['message'];
    assert.ok(sarifSchemaErrors(broken).length > 0);
  });

  void it('checks only what the arguments name: files, folders and globs', async () => {
    const glob = await runLint(['-f', 'json', 'requests/**/*.msearch'], project.dir);
    assert.deepEqual(
      (JSON.parse(glob.stdout) as { files: { path: string }[] }).files.map((f) => f.path),
      ['requests/nested/deep.msearch'],
    );
    const everywhere = await runLint(['-f', 'json', '**/*.search'], project.dir);
    assert.deepEqual(
      (JSON.parse(everywhere.stdout) as { files: { path: string }[] }).files.map((f) => f.path),
      ['requests/broken.search', 'requests/clean.search', 'requests/unformatted.search', 'requests/versions.search'],
    );
    // A file named on the command line is checked even where .gitignore leaves it out.
    const named = await runLint(['ignored/bad.search', 'requests/clean.search'], project.dir);
    assert.match(
      named.stdout,
      /^ignored\/bad\.search\n {2}1:14 {2}error {4}request \[\/_search\] contains unrecognized parameter: \[sizee\]/,
    );
    assert.equal(named.code, 1);
    const clean = await runLint(['requests/clean.search'], project.dir);
    assert.deepEqual(clean, { code: 0, stdout: '', stderr: '' });
    // A file that several arguments name is checked once, in path order with the others.
    const overlapping = await runLint(
      ['-f', 'json', 'requests/clean.search', 'requests', 'requests/**/*.msearch', './requests/clean.search'],
      project.dir,
    );
    const paths = (JSON.parse(overlapping.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
    assert.deepEqual(paths, [...new Set(paths)].sort());
    assert.equal(paths.filter((p) => p === 'requests/clean.search').length, 1);
    assert.ok(paths.includes('requests/nested/deep.msearch'), paths.join(' '));
  });

  void it('exit codes: warnings pass unless over --max-warnings; --quiet reports errors only', async () => {
    const dir = path.join(project.dir, 'warnings');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'w.search'), 'GET /_nodes/master:false/stats\n');
    const passes = await runLint(['warnings'], project.dir);
    assert.equal(passes.code, 0);
    assert.match(passes.stdout, /1 problem \(0 errors, 1 warning\)/);
    const limited = await runLint(['--max-warnings', '0', 'warnings'], project.dir);
    assert.equal(limited.code, 1);
    assert.equal(limited.stderr, 'search-requests-lint: 1 warnings, more than the maximum of 0 (--max-warnings).\n');
    const quiet = await runLint(['--quiet', 'warnings'], project.dir);
    assert.deepEqual(quiet, { code: 0, stdout: '', stderr: '' });
  });

  void it('checks for the target version and distribution', async () => {
    const newest = await runLint(['requests/versions.search'], project.dir);
    assert.equal(newest.code, 0);
    assert.equal(newest.stderr, '');
    const beyond = await runLint(['--target-version', '29.1', 'requests/versions.search'], project.dir);
    assert.equal(beyond.code, 0);
    assert.match(
      beyond.stderr,
      /^search-requests-lint: note: OpenSearch 29\.1 is newer than the newest version these checks know \(\d+\.\d+(\.\d+)?\): they check for \d+\.\d+(\.\d+)?, and say where a newer version may differ\. Is --target-version right\?\n$/,
    );
    const elastic = await runLint(
      ['--distribution', 'elasticsearch', '--target-version', '8.15', 'requests/versions.search'],
      project.dir,
    );
    assert.doesNotMatch(elastic.stderr, /newer than/);
    const old = await runLint(['--target-version', '3.1', 'requests/versions.search'], project.dir);
    assert.equal(old.code, 1);
    assert.match(
      old.stdout,
      /unknown query \[combined_fields\] \(OpenSearch 3\.2 and later know \[combined_fields\]; the target is OpenSearch 3\.1\)/,
    );
  });

  void it('ends quietly with its exit code when its output is no longer read (| head)', async () => {
    for (const [args, code] of [
      [['--format', 'json'], 1],
      [['--help'], 0],
    ] as const) {
      const run = await runLintUnread(args, project.dir);
      assert.equal(run.stderr, '', args.join(' '));
      assert.equal(run.code, code, args.join(' '));
    }
  });

  void it('exit code 2, with a message and no stack trace, for usage mistakes and what cannot be read', async () => {
    const cases: [string[], RegExp][] = [
      [['--frmat', 'json'], /^search-requests-lint: Unknown option '--frmat'/],
      [['--format', 'xml'], /^search-requests-lint: --format must be one of stylish, json, sarif, github, not "xml"\./],
      [['--max-warnings', 'many'], /--max-warnings must be a whole number, not "many"/],
      [['--target-version', 'latest'], /--target-version must be a version such as 2\.19/],
      [['--distribution', 'solr'], /--distribution must be one of opensearch, elasticsearch/],
      [['--check-format', '--format-write'], /cannot be used together/],
      [['--user', 'me'], /--user needs --cluster URL/],
      [['missing.search'], /^search-requests-lint: missing\.search: no such file or folder\.\n$/],
      [
        ['nothing/**/*.search'],
        /^search-requests-lint: No \.search or \.msearch file matches nothing\/\*\*\/\*\.search\.\n$/,
      ],
      [['notes.txt'], /^search-requests-lint: notes\.txt is not a \.search or \.msearch file\.\n$/],
      [['--variables', 'none.json'], /^search-requests-lint: --variables: cannot read .*none\.json \(ENOENT\)\.\n$/],
      [['--variables', 'notes.txt'], /^search-requests-lint: --variables: .*notes\.txt is not JSON/],
      [['--cluster', 'ftp://host'], /--cluster: the URL must start with http:\/\/ or https:\/\//],
    ];
    for (const [args, message] of cases) {
      const run = await runLint(args, project.dir);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    }
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [path.join(project.dir, 'pipe.msearch')]);
      const pipe = await runLint(['pipe.msearch'], project.dir);
      assert.equal(pipe.code, 2);
      assert.match(pipe.stderr, /^search-requests-lint: pipe\.msearch is neither a file nor a folder\.\n$/);
      const walked = await runLint(['-f', 'json', '.'], project.dir);
      const report = JSON.parse(walked.stdout) as { files: { path: string }[] };
      assert.ok(report.files.length > 0, 'the folder is still checked');
      assert.ok(!report.files.some((f) => f.path.endsWith('pipe.msearch')), 'a FIFO met by the walk is left out');
      unlinkSync(path.join(project.dir, 'pipe.msearch'));
    }
    symlinkSync('loop.search', path.join(project.dir, 'loop.search'));
    const loop = await runLint(['loop.search'], project.dir);
    assert.equal(loop.code, 2);
    assert.match(loop.stderr, /^search-requests-lint: cannot read loop\.search \(ELOOP\)\.\n$/);
  });

  void it('reads --variables files: the files are checked with the values in, ${env:NAME} from the environment', async () => {
    const run = await runLint(
      ['--variables', path.join(FIXTURES, 'variables.json'), 'requests/clean.search'],
      project.dir,
    );
    assert.equal(run.code, 0);
    assert.match(run.stderr, /--variables: 2 values read/);
    const dir = path.join(project.dir, 'vars');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'v.search'), 'GET /${index}/_search?size=${size}&q=${env:HOME}\n');
    const env = { HOME: '/home/me' };
    const without = await runLint(['-f', 'json', 'vars'], project.dir, env);
    // Warnings: a variable with no value is sent as written.
    assert.equal(without.code, 0);
    const report = JSON.parse(without.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
    assert.deepEqual(
      report.files.flatMap((f) => f.diagnostics.map((d) => d.message)),
      [
        'The variable [index] has no value: ${index} is sent as written.',
        'The variable [size] has no value: ${size} is sent as written.',
      ],
    );
    const withValues = await runLint(['--variables', path.join(FIXTURES, 'variables.json'), 'vars'], project.dir, env);
    assert.equal(withValues.code, 0, withValues.stdout);
    // Checked with the values in: a value the server would refuse is an Error, placed on the variable.
    writeFileSync(path.join(dir, 'v.search'), 'GET /_search?size=${index}\n');
    const refused = await runLint(
      ['--variables', path.join(FIXTURES, 'variables.json'), '-f', 'json', 'vars'],
      project.dir,
    );
    assert.equal(refused.code, 1);
    assert.match(refused.stdout, /url\.invalid-integer/);
  });

  void it("reads the variables of the folder's .vscode/settings.json, as the editor does there; --variables wins", async () => {
    const folder = path.join(project.dir, 'workspace-vars');
    mkdirSync(path.join(folder, '.vscode'), { recursive: true });
    writeFileSync(path.join(folder, 'w.search'), 'GET /${index}/_search?size=${size}\n');
    writeFileSync(
      path.join(folder, '.vscode', 'settings.json'),
      '{\n  // what the editor reads in this workspace\n  "searchRequests.variables": { "index": "logs", "size": "ten" },\n}\n',
    );
    const fromSettings = await runLint(['-f', 'json'], folder);
    assert.equal(fromSettings.code, 1);
    assert.deepEqual(
      (JSON.parse(fromSettings.stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) =>
        f.diagnostics.map((d) => d.code),
      ),
      ['url.invalid-integer'],
    );
    const overridden = await runLint(['--variables', path.join(FIXTURES, 'variables.json')], folder);
    assert.equal(overridden.code, 0, overridden.stdout);
    writeFileSync(path.join(folder, '.vscode', 'settings.json'), '{ "searchRequests.variables": [1] }');
    const bad = await runLint([], folder);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /searchRequests\.variables in .*settings\.json must hold a JSON object/);
  });

  void it('does not crash on bytes that are no text', async () => {
    const dir = path.join(project.dir, 'binary');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'b.msearch'), Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x0a, 0x80, 0x81, 0x22]));
    const run = await runLint(['-f', 'json', 'binary'], project.dir);
    assert.equal(run.code, 1);
    assert.equal(run.stderr, '');
    assert.ok((JSON.parse(run.stdout) as { errorCount: number }).errorCount > 0);
  });

  void it("keeps its compiled code in Node.js's compile cache where Node.js has one (22.1 and later)", async (t) => {
    // No NODE_COMPILE_CACHE (with it, Node.js would turn the cache on by itself): the bin turns it on, and Node.js puts
    // it in the temporary folder, which TMPDIR names here.
    const temporary = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-cache-'));
    try {
      const env = { TMPDIR: temporary };
      const first = await runLint(['--format', 'json'], project.dir, env);
      const second = await runLint(['--format', 'json'], project.dir, env);
      assert.equal(second.stdout, first.stdout);
      assert.equal(second.code, first.code);
      assert.equal(second.stderr, '');
      const cache = path.join(temporary, 'node-compile-cache');
      // A folder per Node.js version, with an entry per module compiled after the cache was turned on: the bundle's.
      const kept = existsSync(cache)
        ? readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length
        : 0;
      // The same Node.js as the linter's runs: it has the cache when its `module` exports enableCompileCache.
      if (typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function') {
        assert.ok(kept >= 1, `the bundle's compiled code kept in ${cache}`);
      } else {
        t.diagnostic(`Node.js ${process.version} has no compile cache: the bin runs without it`);
        assert.equal(kept, 0);
      }
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  });
});

void describe('search-requests-lint --fix and the formatter', () => {
  void it('applies the safe fixes: final newline, renames with one candidate, objects joined on one line', async () => {
    const project = projectCopy();
    try {
      const run = await runLint(['--fix', '-f', 'json', 'requests'], project.dir);
      const report = JSON.parse(run.stdout) as {
        files: { path: string; fixes?: number; diagnostics: { code: string }[] }[];
      };
      const broken = report.files.find((f) => f.path === 'requests/broken.search')!;
      const deep = report.files.find((f) => f.path === 'requests/nested/deep.msearch')!;
      assert.equal(broken.fixes, 2);
      assert.equal(deep.fixes, 3);
      // What needs a person stays: `yes` is no integer, the node filter selects nothing.
      assert.deepEqual(
        broken.diagnostics.map((d) => d.code),
        ['url.invalid-integer', 'nodes.filter-selects-nothing'],
      );
      assert.deepEqual(deep.diagnostics, []);
      assert.equal(run.code, 1);
      const brokenText = readFileSync(path.join(project.dir, 'requests/broken.search'), 'utf8');
      const deepText = readFileSync(path.join(project.dir, 'requests/nested/deep.msearch'), 'utf8');
      assert.equal(brokenText, expected('fixed-broken.search', brokenText));
      assert.equal(deepText, expected('fixed-deep.msearch', deepText));
      assert.equal(deepText, '{"index": "logs"}\n{"query": {"match_all": {}}}\n{"index":"products"}\n{"size": 1}\n');
      // Nothing else was touched.
      assert.equal(
        readFileSync(path.join(project.dir, 'requests/unformatted.search'), 'utf8'),
        readFileSync(path.join(FIXTURES, 'project/requests/unformatted.search'), 'utf8'),
      );
    } finally {
      project.dispose();
    }
  });

  void it('reads a file with a byte order mark as the editor does, and keeps the mark when it writes', async () => {
    const project = projectCopy();
    try {
      const file = path.join(project.dir, 'bom.msearch');
      writeFileSync(file, '\ufeff{"index":"logs"}\n{"query":{"match_all":{}}}');
      const run = await runLint(['-f', 'json', 'bom.msearch'], project.dir);
      const report = JSON.parse(run.stdout) as { files: { diagnostics: { code: string; line: number }[] }[] };
      // Only the missing final newline: the mark is not read as JSON.
      assert.deepEqual(
        report.files[0]!.diagnostics.map((d) => [d.code, d.line]),
        [['msearch.missing-final-newline', 2]],
      );
      const fixed = await runLint(['--fix', 'bom.msearch'], project.dir);
      assert.deepEqual(fixed, { code: 0, stdout: '', stderr: '' });
      assert.equal(readFileSync(file, 'utf8'), '\ufeff{"index":"logs"}\n{"query":{"match_all":{}}}\n');
    } finally {
      project.dispose();
    }
  });

  void it('--check-format lists the files the formatter would change; --format-write formats them', async () => {
    const project = projectCopy();
    try {
      const check = await runLint(
        ['--check-format', 'requests/clean.search', 'requests/unformatted.search'],
        project.dir,
      );
      assert.equal(check.code, 1);
      assert.equal(
        check.stdout,
        'requests/unformatted.search\n  not formatted (search-requests-lint --format-write formats it)\n\n✖ 1 file not formatted\n',
      );
      const write = await runLint(['--format-write', 'requests/unformatted.search'], project.dir);
      assert.equal(write.code, 0);
      assert.equal(
        readFileSync(path.join(project.dir, 'requests/unformatted.search'), 'utf8'),
        'GET /products/_search\n{\n  "query": {\n    "term": {\n      "tags": "sale"\n    }\n  },\n  "size": 3\n}\n',
      );
      const again = await runLint(['--check-format', 'requests/unformatted.search'], project.dir);
      assert.deepEqual(again, { code: 0, stdout: '', stderr: '' });
    } finally {
      project.dispose();
    }
  });
});
