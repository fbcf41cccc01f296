// The registry of diagnostic codes is the one place codes are declared: every code it holds is reported somewhere by
// the service and described in docs/diagnostics.md, and the service reports no other code (the compiler checks the
// literals; this also checks what documents really produce, here and in every test that uses the harness).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  anchorOf,
  DIAGNOSTIC_CODES,
  DIAGNOSTICS_PAGE,
  docsLink,
  Severity,
  type DiagnosticCode,
} from '../../../server/src/service/diagnosticCodes';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { CLUSTER_STATE } from './clusterFixture';
import { assertRegistered } from './harness';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CODES = Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[];
const SEVERITY_WORD: Record<number, string> = {
  [Severity.Error]: 'Error',
  [Severity.Warning]: 'Warning',
  [Severity.Information]: 'Information',
};

function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The sections of the docs page: heading text → the section's lines. */
function docSections(): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of readFileSync(path.join(ROOT, DIAGNOSTICS_PAGE), 'utf8').split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading !== null) {
      current = [];
      sections.set(heading[1]!, current);
    } else if (line.startsWith('#')) {
      current = undefined;
    } else {
      current?.push(line);
    }
  }
  return sections;
}

void describe('diagnostic codes', () => {
  void it('are each described in the docs page, with their severity and summary', () => {
    const sections = docSections();
    for (const code of CODES) {
      const section = sections.get(code);
      assert.ok(section !== undefined, `${DIAGNOSTICS_PAGE} has no section for ${code}`);
      const { severity, summary } = DIAGNOSTIC_CODES[code];
      const text = section.join('\n');
      assert.ok(
        text.includes(`**${SEVERITY_WORD[severity]!}**. ${summary}`),
        `the section of ${code} starts with its severity and summary`,
      );
      assert.ok(section.filter((l) => l.trim() !== '').length >= 2, `the section of ${code} describes it`);
    }
    const unknown = [...sections.keys()].filter((heading) => !CODES.includes(heading as DiagnosticCode));
    assert.deepEqual(unknown, [], 'sections of codes the registry does not hold');
  });

  void it('link to their section of the page in the repository', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      repository: { url: string };
    };
    for (const code of CODES) {
      // GitHub's anchor of a heading: lower case, without punctuation other than `-`.
      assert.equal(anchorOf(code), code.toLowerCase().replace(/[^a-z0-9 -]/g, ''));
      assert.equal(docsLink(code), `${manifest.repository.url}/blob/main/${DIAGNOSTICS_PAGE}#${anchorOf(code)}`);
    }
    assert.equal(new Set(CODES.map(anchorOf)).size, CODES.length, 'anchors are unique');
  });

  void it('are each reported somewhere in the language service (no stale entry)', () => {
    const service = path.join(ROOT, 'server', 'src', 'service');
    const sources = filesUnder(service, (name) => name.endsWith('.ts'))
      .filter((file) => path.basename(file) !== 'diagnosticCodes.ts')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const stale = CODES.filter((code) => !sources.includes(`'${code}'`));
    assert.deepEqual(stale, []);
  });

  void it('are the only codes reported for the samples and fixtures, with and without a connected cluster', () => {
    const documents = [
      ...filesUnder(path.join(ROOT, 'samples'), (name) => /\.m?search$/.test(name)),
      ...filesUnder(path.join(ROOT, 'test', 'fixtures'), (name) => /\.m?search$/.test(name)),
    ];
    assert.ok(documents.length > 20, `only ${documents.length} documents found`);
    const seen = new Set<string>();
    for (const connected of [false, true]) {
      const store = new DocumentStore();
      if (connected) store.cluster.update(CLUSTER_STATE);
      for (const file of documents) {
        const language: LanguageId = file.endsWith('.msearch') ? 'msearch' : 'search';
        const uri = `file://${file}`;
        store.open(uri, language, 1, readFileSync(file, 'utf8'));
        const diagnostics = store.diagnostics(uri);
        assertRegistered(diagnostics);
        for (const d of diagnostics) seen.add(String(d.code));
      }
    }
    // The documents exercise codes of every family, so that this check means something.
    for (const family of ['json', 'search', 'query', 'aggs', 'url', 'msearch', 'nodes', 'cluster']) {
      assert.ok(
        [...seen].some((code) => code.startsWith(`${family}.`)),
        `no ${family}.* code reported`,
      );
    }
  });
});
