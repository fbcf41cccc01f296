// The local cluster held to real OpenSearch: the same requests (the differential corpus and the local-vs-real
// corpus) go to the real cluster and to a local twin of it (same nodes, same release, same sample data: twin.ts), and
// their answers must agree (compareAnswers.ts says what is compared and what is set aside). Where the local cluster
// does not implement something it answers 501 with a reason naming the feature; that is accepted only for the
// features its README lists as not implemented.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { KNOWN_VERSIONS, type RunningCluster } from '@search-requests/local-cluster';
import { CORPUS_DIR, readCorpus, send, type CorpusRequest } from '../unit/corpus';
import { compareAnswers, type Verdict } from './compareAnswers';
import { LOCAL_VS_REAL_DIR } from './localVsRealCorpus';
import { realCluster } from './realEnv';
import { indexesNotInTwin, startTwin } from './twin';

const ROOT = path.resolve(__dirname, '../../..');

/** A feature the local cluster's README lists as not implemented; `<...>` in it stands for any name. */
interface DocumentedRefusal {
  readonly text: string;
  readonly pattern: RegExp;
}

/** The features the local cluster's README lists as not implemented (the code spans of its "refuses" section). */
export function documentedRefusals(): DocumentedRefusal[] {
  const readme = readFileSync(path.join(ROOT, 'packages', 'local-cluster', 'README.md'), 'utf8');
  const start = readme.indexOf('## What it refuses');
  assert.ok(start >= 0, 'the local cluster README has a "What it refuses" section');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/`([^`]+)`/g)].map((m) => {
    const text = m[1]!.replace(/\s+/g, ' ');
    const source = text
      .split(/<[^>]+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^\\]]+');
    return { text, pattern: new RegExp(`^${source}$`) };
  });
}

interface Outcome {
  readonly request: CorpusRequest;
  readonly verdict: Verdict;
}

function label(r: CorpusRequest): string {
  return `${r.file}:${r.line} ${r.method} ${r.path}`;
}

/**
 * Sends requests to one cluster in order. `{{scroll_id}}` in a path or body stands for the scroll id of that cluster's
 * latest answer that had one (scroll ids are opaque handles of each cluster).
 */
class Session {
  private scrollId = '';

  constructor(private readonly url: string) {}

  async send(request: CorpusRequest): Promise<{ status: number; body: unknown }> {
    const fill = (text: string): string => text.replaceAll('{{scroll_id}}', this.scrollId);
    const answer = await send(this.url, {
      method: request.method,
      path: fill(request.path),
      ...(request.body === undefined ? {} : { body: fill(request.body) }),
      ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
    });
    const body = answer.body as { _scroll_id?: unknown } | undefined;
    if (typeof body?._scroll_id === 'string') this.scrollId = body._scroll_id;
    return answer;
  }
}

async function replay(realUrl: string, localUrl: string, requests: readonly CorpusRequest[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const realSession = new Session(realUrl);
  const localSession = new Session(localUrl);
  for (const request of requests) {
    const real = await realSession.send(request);
    const local = await localSession.send(request);
    out.push({
      request,
      verdict: compareAnswers(
        { method: request.method, path: request.path, ...(request.body === undefined ? {} : { body: request.body }) },
        real,
        local,
      ),
    });
  }
  return out;
}

function report(
  name: string,
  outcomes: readonly Outcome[],
  documented: readonly DocumentedRefusal[],
  reached: Set<string>,
): string[] {
  const problems: string[] = [];
  let same = 0;
  let refused = 0;
  for (const { request, verdict } of outcomes) {
    if (verdict.kind === 'same') {
      same++;
      continue;
    }
    if (verdict.kind === 'refused') {
      refused++;
      for (const feature of verdict.features) {
        const listed = documented.find((d) => d.pattern.test(feature));
        if (listed === undefined) {
          problems.push(`${label(request)}: refuses ${feature}, which the README does not list as not implemented`);
        } else {
          reached.add(listed.text);
        }
      }
    }
    for (const d of verdict.differences) problems.push(`${label(request)}: ${d}`);
  }
  for (const p of problems) console.log(`[local-vs-real] ${p}`);
  console.log(
    `[local-vs-real] ${name}: ${outcomes.length} requests, ${same} answered alike, ${refused} refused as not implemented, ${outcomes.length - same - refused} different`,
  );
  return problems;
}

void describe('the local cluster answers as real OpenSearch does', () => {
  const real = realCluster();
  const version = KNOWN_VERSIONS.includes(real.version) ? real.version : String(real.major);
  let local: RunningCluster;
  const documented = documentedRefusals();
  const reached = new Set<string>();

  before(async () => {
    local = await startTwin(real.url, version);
    const extra = await indexesNotInTwin(real.url, local.url);
    assert.deepEqual(extra, [], `${real.url} holds indexes besides the sample data; the comparison needs it alone`);
  });
  after(() => local.close());

  void it(`answers the differential corpus as OpenSearch ${real.version} does`, async () => {
    const requests = readCorpus(CORPUS_DIR);
    assert.ok(requests.length > 100, `the differential corpus holds ${requests.length} requests`);
    const problems = report('differential corpus', await replay(real.url, local.url, requests), documented, reached);
    assert.deepEqual(problems, []);
  });

  void it(`answers the local-vs-real corpus as OpenSearch ${real.version} does`, async () => {
    const requests = readCorpus(LOCAL_VS_REAL_DIR);
    assert.ok(requests.length > 100, `the local-vs-real corpus holds ${requests.length} requests`);
    const problems = report('local-vs-real corpus', await replay(real.url, local.url, requests), documented, reached);
    assert.deepEqual(problems, []);
  });

  void it('is refused by the local cluster for every feature its README lists as not implemented', () => {
    assert.ok(documented.length > 100, `the README lists ${documented.length} features`);
    const unreached = documented.map((d) => d.text).filter((text) => !reached.has(text));
    assert.deepEqual(unreached, [], 'each feature the README lists is refused by some request of the corpora');
  });
});
