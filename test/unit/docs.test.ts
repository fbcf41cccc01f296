// The repository holds the knowledge its code relies on: every link between its documents, and every docs/ page a
// comment points to, leads to a file (and a heading) that exists; nothing points to notes kept outside it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SKIP = new Set(['node_modules', 'out', 'dist', '.git', '.vscode-test', '.test-results']);

function files(dir: string, accept: (name: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files(full, accept, out);
    else if (entry.isFile() && accept(entry.name)) out.push(full);
  }
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation other than `-` and `_` dropped, blanks as `-`. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const headings = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let found = headings.get(file);
  if (found === undefined) {
    found = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const match = fenced ? null : /^#{1,6} (.+)$/.exec(line);
      if (match !== null) found.add(anchor(match[1]!));
    }
    headings.set(file, found);
  }
  return found;
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Problems with a link to `target` (a path relative to `base`, maybe with `#anchor`), or undefined. */
function checkLink(base: string, target: string): string | undefined {
  const [file = '', hash] = target.split('#');
  const resolved = file === '' ? base : path.resolve(path.dirname(base), file);
  if (!exists(resolved)) return `${target}: no such file`;
  if (hash !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(hash)) {
    return `${target}: no heading #${hash}`;
  }
  return undefined;
}

const MARKDOWN = files(ROOT, (name) => name.endsWith('.md'));
const SOURCES = files(ROOT, (name) => /\.(ts|mjs|json|md|sh)$/.test(name) && name !== 'package-lock.json');

void describe('the knowledge in the repository', () => {
  void it('links between its documents lead to files and headings that exist', () => {
    assert.ok(MARKDOWN.length > 10);
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const problem = checkLink(file, target!);
        if (problem !== undefined) broken.push(`${path.relative(ROOT, file)}: ${problem}`);
      }
    }
    assert.deepEqual(broken, []);
  });

  void it('the docs/ pages the code refers to exist, with the headings named', () => {
    const broken: string[] = [];
    let references = 0;
    for (const file of SOURCES.filter((f) => !f.endsWith('.md'))) {
      for (const [reference] of readFileSync(file, 'utf8').matchAll(/docs\/[\w/.-]+\.md(#[\w-]+)?/g)) {
        references++;
        const problem = checkLink(path.join(ROOT, 'README.md'), reference);
        if (problem !== undefined) broken.push(`${path.relative(ROOT, file)}: ${problem}`);
      }
    }
    assert.ok(references > 20, `only ${references} references to docs/ found`);
    assert.deepEqual(broken, []);
  });

  void it('nothing refers to notes kept outside the repository', () => {
    // Spelled in pieces so that this test does not find itself.
    const outside = [
      ['OPENSEARCH', 'md'],
      ['PRODUCT', 'md'],
      ['DESIGN', 'md'],
      ['REAL-VSCODE', 'md'],
    ].map((p) => p.join('.'));
    const found: string[] = [];
    for (const file of SOURCES) {
      const text = readFileSync(file, 'utf8');
      for (const name of [...outside, ['', 'work', 'shared', ''].join('/'), '\u00a7']) {
        if (text.includes(name)) found.push(`${path.relative(ROOT, file)}: ${name}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
