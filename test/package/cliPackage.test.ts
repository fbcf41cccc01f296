// `npm pack` of packages/cli, installed into an empty folder as a user would, without the network: the tarball holds
// the bundle and nothing else, needs no dependency, and lints the samples with the output and exit codes the README
// shows. Run by `npm run test:cli` (after the build).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPOSITORY, runLint } from '../cli/runLint';
import { sarifSchemaErrors } from '../cli/sarifSchema';

function npm(args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', [...args], { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`npm ${args.join(' ')} failed: ${stderr}`));
      else resolve(stdout);
    });
  });
}

/** The text between the README's markers: the output it promises for `npx search-requests-lint` in samples/. */
function readmeBlock(name: string): string {
  const readme = readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- ${name}: begin -->\\n+\`\`\`text\\n([\\s\\S]*?)\`\`\`\\n+<!-- ${name}: end -->`).exec(
    readme,
  );
  assert.ok(match !== null, `README.md has the block ${name}`);
  return match[1]!;
}

void describe('the search-requests-lint package', () => {
  let work: string;
  let bin: string;
  let samples: string;
  let packed: { files: { path: string }[]; filename: string };
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-package-'));
    const out = await npm(
      ['pack', '--workspace', 'packages/cli', '--pack-destination', work, '--json', '--silent'],
      REPOSITORY,
    );
    packed = (JSON.parse(out) as (typeof packed)[])[0]!;
    cpSync(path.join(REPOSITORY, 'samples'), path.join(work, 'samples'), { recursive: true });
    samples = path.join(work, 'samples');
    // An empty project, and --offline: nothing may come from a registry. Its own package.json keeps npm from taking a
    // folder above it, one that holds a node_modules or a package.json, for the project to install into.
    const install = path.join(work, 'empty');
    mkdirSync(install);
    writeFileSync(path.join(install, 'package.json'), '{"private": true}\n');
    await npm(['install', '--offline', '--no-audit', '--no-fund', path.join(work, packed.filename)], install);
    bin = path.join(install, 'node_modules', '.bin', 'search-requests-lint');
  });
  after(() => {
    rmSync(work, { recursive: true, force: true });
  });

  void it('holds the bin, the bundle, the --cluster module, its README and licence, and no dependency', () => {
    assert.deepEqual(packed.files.map((f) => f.path).sort(), [
      'LICENSE',
      'README.md',
      'dist/bin.js',
      'dist/cluster.js',
      'dist/search-requests-lint.js',
      'package.json',
    ]);
    const manifest = JSON.parse(readFileSync(path.join(REPOSITORY, 'packages/cli/package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(manifest['dependencies'], undefined);
    assert.equal(manifest['peerDependencies'], undefined);
    assert.equal(manifest['optionalDependencies'], undefined);
  });

  void it('lints the samples as the README shows, exit code 1 for their errors', async () => {
    const run = await runLint([], samples, {}, bin);
    assert.equal(run.stdout, readmeBlock('samples output'));
    assert.equal(run.stderr, '');
    assert.equal(run.code, 1);
  });

  void it('writes SARIF the schema accepts, and annotations for GitHub Actions', async () => {
    const sarif = await runLint(['--format', 'sarif'], samples, {}, bin);
    assert.deepEqual(sarifSchemaErrors(JSON.parse(sarif.stdout)), []);
    assert.equal(sarif.code, 1);
    const github = await runLint(['--format', 'github', 'mistakes.msearch'], samples, {}, bin);
    assert.equal(github.stdout, readmeBlock('github output'));
  });

  void it('exit code 0 for a clean file, 2 for a usage mistake; --version and --help', async () => {
    assert.deepEqual(await runLint(['logs.search'], samples, {}, bin), { code: 0, stdout: '', stderr: '' });
    const usage = await runLint(['--format', 'xml'], samples, {}, bin);
    assert.equal(usage.code, 2);
    // The bin itself, as npx runs it (its #! line and mode).
    const version = await new Promise<{ stdout: string }>((resolve, reject) => {
      execFile(bin, ['--version'], { cwd: samples }, (error, stdout) => {
        if (error === null) resolve({ stdout });
        else reject(new Error(`${bin} --version failed: ${error.message}`));
      });
    });
    const manifest = JSON.parse(readFileSync(path.join(REPOSITORY, 'packages/cli/package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(version.stdout, `${manifest.version}\n`);
    const help = await runLint(['--help'], samples, {}, bin);
    assert.match(help.stdout, /^Usage: search-requests-lint \[options\]/);
  });

  void it('loads the --cluster module from the installed package: a cluster that cannot be reached is exit code 2', async () => {
    // Port 1 on loopback: nothing listens there, and nothing leaves the machine.
    const run = await runLint(['--cluster', 'http://127.0.0.1:1', 'logs.search'], samples, {}, bin);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^search-requests-lint: The cluster 127\.0\.0\.1:1 cannot be read: .+\n$/);
  });
});
