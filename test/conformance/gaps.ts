// The known gaps: cases of the conformance corpus where the language server does not yet agree with real OpenSearch
// (a rejection it misses, or its Error does not carry OpenSearch's words), by version. The replay test fails on any
// other disagreement and on a gap that closed, so the list only shrinks; `npm run conformance:gaps` rewrites it from
// what the language server says now.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, readCorpus } from './corpus';
import { judge } from './replay';

const GAPS_FILE = path.join(CORPUS_DIR, 'gaps.json');

export function readGaps(): Record<string, string[]> {
  return JSON.parse(readFileSync(GAPS_FILE, 'utf8')) as Record<string, string[]>;
}

/** Writes the gaps of the language server as it is; returns their number per version. */
export function writeGaps(): Record<string, number> {
  const gaps: Record<string, string[]> = {};
  for (const c of readCorpus()) {
    for (const [version, answer] of Object.entries(c.answers)) {
      if (!judge(c, version, answer).agrees) (gaps[version] ??= []).push(c.id);
    }
  }
  writeFileSync(GAPS_FILE, JSON.stringify(gaps, null, 1) + '\n');
  return Object.fromEntries(Object.entries(gaps).map(([v, ids]) => [v, ids.length]));
}
