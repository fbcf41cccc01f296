// The conformance corpus replayed through the language server, with the conformance index's cluster active (its
// mappings as the extension reads them, test/conformance/replay.ts): for every case and every version
// recorded, an Error exactly when real OpenSearch refused the request, and then an Error that carries one of its
// reasons. Also: the corpus is the one the generator makes (re-record after changing the tables), and every
// Error-level code that can be proven on the search endpoints is, by a case real OpenSearch refused with its words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conformanceCases } from '../conformance/cases';
import { readCorpus, rejected } from '../conformance/corpus';
import { judge } from '../conformance/replay';
import { DIAGNOSTIC_CODES, Severity, type DiagnosticCode } from '../../server/src/service/diagnosticCodes';
import { NOT_YET_PROVEN, UNPROVEN_ELSEWHERE } from '../conformance/proofs';
import { readGaps } from '../conformance/gaps';

const VERSIONS = ['3.9.0', '3.8.0', '2.19.6', '2.19.1'];

void describe('conformance corpus: the language server agrees with real OpenSearch', () => {
  const corpus = readCorpus();

  void it('holds at least 1,500 cases, each recorded from every real version', () => {
    assert.ok(corpus.length >= 1500, `${corpus.length} cases`);
    const missing = corpus.filter((c) => VERSIONS.some((v) => c.answers[v] === undefined)).map((c) => c.id);
    assert.deepEqual(missing, []);
  });

  void it('is the corpus the generator makes (run npm run conformance:record after changing the tables)', () => {
    const generated = conformanceCases();
    const recorded = new Map(corpus.map((c) => [c.id, c]));
    const stale: string[] = [];
    for (const c of generated) {
      const r = recorded.get(c.id);
      if (r === undefined || r.path !== c.path || r.body !== c.body || r.method !== c.method) stale.push(c.id);
    }
    assert.deepEqual(stale, []);
    assert.equal(recorded.size, generated.length);
  });

  const gaps = readGaps();
  for (const version of VERSIONS) {
    void it(`reports an Error exactly for what OpenSearch ${version} refuses, with its reason (outside the known gaps)`, () => {
      const known = new Set(gaps[version] ?? []);
      const closed: string[] = [];
      const disagreements: string[] = [];
      const counts = new Map<string, { accepted: number; rejected: number; agreed: number }>();
      for (const c of corpus) {
        const answer = c.answers[version];
        if (answer === undefined) continue;
        const verdict = judge(c, version, answer);
        const count = counts.get(c.class) ?? { accepted: 0, rejected: 0, agreed: 0 };
        if (rejected(answer)) count.rejected++;
        else count.accepted++;
        if (verdict.agrees) {
          count.agreed++;
          if (known.has(c.id)) closed.push(c.id);
        } else if (!known.has(c.id)) disagreements.push(`${c.id}: ${verdict.why ?? ''}`);
        counts.set(c.class, count);
      }
      for (const [cls, n] of counts) {
        console.log(`${version} ${cls}: ${n.accepted} accepted, ${n.rejected} rejected, ${n.agreed} agreed`);
      }
      assert.deepEqual(disagreements, []);
      // A gap that closed leaves the list (npm run conformance:gaps), so that it only shrinks.
      assert.deepEqual(closed, []);
    });
  }

  void it('proves every Error-level code with a case real OpenSearch refused with its reason', () => {
    const proven = new Set<DiagnosticCode>();
    for (const c of corpus) {
      for (const version of VERSIONS) {
        const answer = c.answers[version];
        if (answer === undefined || !rejected(answer)) continue;
        for (const code of judge(c, version, answer).provenCodes) proven.add(code);
      }
    }
    const unproven = (Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[]).filter(
      (code) =>
        DIAGNOSTIC_CODES[code].severity === Severity.Error &&
        !proven.has(code) &&
        !(code in UNPROVEN_ELSEWHERE) &&
        !NOT_YET_PROVEN.includes(code),
    );
    assert.deepEqual(unproven, []);
    // A code proven since leaves NOT_YET_PROVEN.
    assert.deepEqual(
      NOT_YET_PROVEN.filter((code) => proven.has(code)),
      [],
    );
    // What is proven elsewhere is not also proven here (the list stays honest).
    const twice = Object.keys(UNPROVEN_ELSEWHERE).filter((code) => proven.has(code as DiagnosticCode));
    assert.deepEqual(twice, []);
  });
});
