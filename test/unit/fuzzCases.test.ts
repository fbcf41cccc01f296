// The bodies of differential fuzzing (test/conformance/fuzz.ts): made the same way for a seed, and, without mutations,
// requests the language server finds no Error in (real OpenSearch accepts them: `npm run fuzz -- --mutations 0`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuzzCases } from '../conformance/fuzz';
import { diagnose } from './service/harness';

function documentOf(c: { path: string; body?: string }): { language: 'search' | 'msearch'; text: string } {
  return c.path === '/_msearch'
    ? { language: 'msearch', text: `# POST /_msearch\n${c.body ?? ''}` }
    : { language: 'search', text: `POST ${c.path}\n${c.body ?? ''}\n` };
}

void describe('fuzz cases', () => {
  void it('are the same for a seed, and others for another seed', () => {
    const bodies = (seed: number): string[] => fuzzCases(50, seed, 2).map((f) => f.case.body ?? '');
    assert.deepEqual(bodies(3), bodies(3));
    assert.notDeepEqual(bodies(3), bodies(4));
  });

  void it('say what each mutation changed', () => {
    const cases = fuzzCases(100, 7, 1);
    assert.ok(cases.every((f) => f.mutations.length >= 1));
    assert.ok(cases.some((f) => f.mutations.some((m) => m.before !== m.after)));
  });

  void it('are, unmutated, requests without an Error', () => {
    const cases = fuzzCases(400, 11, 0);
    assert.ok(cases.some((f) => f.case.path === '/_msearch') && cases.some((f) => f.case.path !== '/_msearch'));
    const flagged = cases.flatMap((f) => {
      const { language, text } = documentOf(f.case);
      const errors = diagnose(language, text).filter((d) => d.severity === 1);
      return errors.length === 0 ? [] : [`${f.case.id}: ${errors.map((e) => e.message).join(' | ')}`];
    });
    assert.deepEqual(flagged, []);
  });
});
