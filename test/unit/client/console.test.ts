// The client core's part of the console features, with node alone: variables worked out from their layers, secrets
// put into a request only to send it (and never into what is shown, kept or exported), cURL both ways, the hits
// exported as CSV and NDJSON, runs kept across reloads.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { SecretSlot } from '../../../server/src/protocol/protocol';
import { toCurl } from '../../../client/src/core/curl';
import { curlToConsole, parseCurl, shellWords } from '../../../client/src/core/curlParse';
import { flattenSource, sourcesOf, toCsv, toNdjson } from '../../../client/src/core/exportHits';
import { formatAge } from '../../../client/src/core/format';
import { HistoryStore, restoreRun } from '../../../client/src/core/historyStore';
import { redactAnswer } from '../../../client/src/core/redact';
import { LocalResponseDocument } from '../../../client/src/core/responseDocument';
import type { RunRecord } from '../../../client/src/core/runHistory';
import { fillSecrets, secretNames, shellVariable } from '../../../client/src/core/secretSlots';
import { resolveVariables } from '../../../client/src/core/variables';
import { parseClusters } from '../../../client/src/core/clusterConfig';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { executeRun } from '../../../client/src/core/runner';
import { startCluster } from '@search-requests/local-cluster';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { resolveRequest } from '../../../server/src/service/resolve';

void describe('variables from their layers', () => {
  void it('later layers win: user, workspace, folder, the active cluster; the environment as env:NAME; secrets by name', () => {
    const { variables, problems } = resolveVariables({
      user: { index: 'user-index', size: 10, fast: true },
      workspace: { index: 'ws-index', bad: { nested: 1 } },
      folder: { 'not a name': 'x' },
      cluster: { name: 'prod', variables: { index: 'prod-index' } },
      env: { HOME: '/home/me', 'NOT-A-NAME': 'x' },
      secretNames: ['token', 'env:HOME', 'no way'],
    });
    assert.deepEqual(variables['index'], { value: 'prod-index', source: 'cluster "prod"' });
    assert.deepEqual(variables['size'], { value: '10', source: 'user settings' });
    assert.deepEqual(variables['fast'], { value: 'true', source: 'user settings' });
    assert.deepEqual(variables['token'], { secret: true, source: 'the secret storage' });
    assert.deepEqual(variables['env:HOME'], { secret: true, source: 'the environment (secret)' });
    assert.equal(variables['env:NOT-A-NAME'], undefined);
    assert.equal(variables['bad'], undefined);
    assert.equal(problems.length, 3, problems.join('\n'));
  });

  void it('a cluster entry takes variables, numbers and booleans as their text', () => {
    const parsed = parseClusters([
      { name: 'a', url: 'http://h:9200', variables: { index: 'logs', size: 5, on: false } },
    ]);
    assert.deepEqual(parsed.clusters[0]!.variables, { index: 'logs', size: '5', on: 'false' });
    assert.match(
      parseClusters([{ name: 'a', url: 'http://h', variables: { x: [1] } }]).problems[0]!.message,
      /must be a string/,
    );
  });
});

/** A request resolved by the language service, with `token` a secret. */
function resolvedWithSecret(text: string): ReturnType<typeof resolveRequest>['request'] & object {
  const store = new DocumentStore();
  store.setVariables({ token: { secret: true }, index: 'logs' });
  const document = store.open('file:///s.search', 'search', 1, text);
  return resolveRequest(document, { uri: 'file:///s.search', line: 0 }, store.target, store.console).request!;
}

const SECRET = `p"a\\ss w0rd`;

void describe('secret variables', () => {
  const request = resolvedWithSecret(
    'POST /${index}/_search?routing=${token}\n{ "query": { "term": { "user": "${token}" } }, "size": 1 }\n',
  );

  void it('are put in only to send the request, escaped where they go', () => {
    assert.deepEqual(secretNames(request), ['token']);
    const sent = fillSecrets(request, new Map([['token', SECRET]]));
    assert.equal(sent.path, '/logs/_search');
    assert.deepEqual(sent.query, [{ name: 'routing', value: SECRET, hasValue: true }]);
    assert.deepEqual(JSON.parse(sent.body!), { query: { term: { user: SECRET } }, size: 1 });
    // What is shown and kept is the request as resolved.
    assert.ok(!JSON.stringify(request).includes('w0rd'));
    assert.throws(() => fillSecrets(request, new Map()), /no value for the secret variable token/);
  });

  void it('are shell variables in a cURL export, which runs and holds no secret', () => {
    const curl = toCurl({ name: 'local', url: 'http://localhost:9200', auth: 'none' }, request);
    assert.ok(curl.includes(`'"$TOKEN"'`), curl);
    assert.ok(!curl.includes('${token}'), curl);
    // The shell puts the value back where it goes (a value without JSON specials, as environment values usually are).
    const echoed = execFileSync(
      'sh',
      [
        '-c',
        `printf '%s' ${curl
          .split('\\\n')
          .pop()!
          .trim()
          .replace(/^--data-raw /, '')}`,
      ],
      {
        env: { ...process.env, TOKEN: 'abc123' },
        encoding: 'utf8',
      },
    );
    assert.deepEqual(JSON.parse(echoed), { query: { term: { user: 'abc123' } }, size: 1 });
    assert.equal(shellVariable('env:API_KEY'), 'API_KEY');
    assert.equal(shellVariable('db.password-1'), 'DB_PASSWORD_1');
  });

  void it('are sent, and the log line shows the request as written, never the value', async () => {
    const local = await startCluster({ port: 0, sampleData: false, recordRequests: true });
    try {
      const lines: string[] = [];
      const client = await ClusterClient.create(
        { name: 'local', url: local.url, auth: 'none' },
        { log: (line) => lines.push(line) },
      );
      const inPath = resolvedWithSecret('GET /${token}/_search?q=${token}\n');
      const value = 'no-such-Vq7Zx';
      const outcome = await executeRun(client, fillSecrets(inPath, new Map([['token', value]])), {
        opaqueId: 'p/1',
        logAs: `GET ${inPath.path}?q=${inPath.query[0]!.value}`,
        hidden: [value],
      });
      await client.close();
      assert.equal(outcome.response?.status, 404);
      assert.equal(local.requests.at(-1)!.url, `/${value}/_search?q=${value}`);
      assert.equal(lines.length, 1);
      assert.match(lines[0]!, /GET \/\$\{token\}\/_search\?q=\$\{token\} 404/);
      assert.ok(!lines.join('\n').includes('Vq7Zx'));
    } finally {
      await local.close();
    }
  });

  void it('echoed by an answer are masked in what the Results view shows', () => {
    const answer = Buffer.from(JSON.stringify({ error: { reason: `no such index [${SECRET}]` } }));
    const shown = Buffer.from(redactAnswer(answer, [SECRET])).toString('utf8');
    assert.ok(!shown.includes('w0rd'), shown);
    assert.deepEqual(JSON.parse(shown), { error: { reason: 'no such index [«hidden»]' } });
    assert.equal(redactAnswer(answer, []), answer);
  });

  void it('slots in an NDJSON body land where ${name} is after compaction', () => {
    const msearch = resolvedWithSecret('POST /_msearch\n{ }\n{\n  "query": { "term": { "a": "${token}" } }\n}\n');
    const slot: SecretSlot = msearch.secrets![0]!;
    assert.equal(msearch.body!.slice(slot.offset, slot.offset + slot.length), '${token}');
    assert.equal(fillSecrets(msearch, new Map([['token', 'x"y']])).body, '{}\n{"query":{"term":{"a":"x\\"y"}}}\n');
  });
});

void describe('cURL commands pasted', () => {
  void it('split like a shell: quotes, $-strings, escapes and line continuations', () => {
    assert.deepEqual(shellWords(`curl -X POST 'a b' "c \\"d\\" \\$e" $'f\\ng' h\\ i \\\n  -s`), [
      'curl',
      '-X',
      'POST',
      'a b',
      'c "d" $e',
      'f\ng',
      'h i',
      '-s',
    ]);
  });

  void it('become a console request: method, path, query, a pretty body, headers in a comment, no credentials', () => {
    const command = parseCurl(
      `curl -sS -u 'reader:s3cret' -XPOST "http://localhost:9200/logs-*/_search?size=5&pretty" \\\n` +
        `  -H 'Content-Type: application/json' -H 'Authorization: Basic cmVhZGVyOnMzY3JldA==' \\\n` +
        `  -d '{"query":{"match":{"message":"timeout"}}}'`,
    );
    assert.deepEqual(command.credentials, { username: 'reader', password: 's3cret' });
    const { text } = curlToConsole(command);
    assert.equal(
      text,
      [
        '# from cURL: http://localhost:9200',
        "# -H 'Content-Type: application/json'",
        "# -H 'Authorization: …' (not written: it holds credentials; set the cluster's authentication instead)",
        '# -u reader (the password is not written to the file)',
        'POST /logs-*/_search?size=5&pretty',
        '{',
        '  "query": {',
        '    "match": {',
        '      "message": "timeout"',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    assert.ok(!text.includes('s3cret') && !text.includes('cmVhZGVy'));
    // The console request is read back by the language service as the request the command sends.
    const store = new DocumentStore();
    const document = store.open('file:///p.search', 'search', 1, text);
    const resolved = resolveRequest(document, { uri: 'file:///p.search', line: 4 }).request!;
    assert.equal(resolved.method, 'POST');
    assert.equal(resolved.path, '/logs-*/_search');
    assert.deepEqual(JSON.parse(resolved.body!), { query: { match: { message: 'timeout' } } });
    assert.equal(resolved.errorCount, 0);
  });

  void it('read the method from the data, -G, -I, --json, NDJSON bodies, users in the URL, @files', () => {
    assert.equal(parseCurl('curl localhost:9200/_cat/indices').method, 'GET');
    assert.equal(parseCurl(`curl -d '{}' localhost:9200/_search`).method, 'POST');
    assert.equal(parseCurl('curl -I http://h/logs').method, 'HEAD');
    assert.equal(parseCurl(`curl -G -d q=a http://h/_search`).url, 'http://h/_search?q=a');
    assert.equal(parseCurl(`curl --json '{"a":1}' http://h/x`).headers[0]!.value, 'application/json');
    const user = parseCurl('curl https://admin:pw@search.example.com/_search');
    assert.deepEqual(user.credentials, { username: 'admin', password: 'pw' });
    assert.equal(user.url, 'https://search.example.com/_search');
    const ndjson = curlToConsole(
      parseCurl(
        `curl -H 'Content-Type: application/x-ndjson' --data-binary $'{"index":"a"}\\n{"size":1}\\n' http://h/_msearch`,
      ),
    ).text;
    assert.match(ndjson, /POST \/_msearch\n\{"index":"a"\}\n\{"size":1\}\n$/);
    assert.match(
      curlToConsole(parseCurl('curl -d @query.json http://h/_search')).text,
      /body is read from the file query\.json/,
    );
    assert.throws(() => parseCurl('curl -s'), /names no URL/);
    assert.throws(() => parseCurl(`curl 'http://h`), /not closed/);
  });
});

void describe('hits exported', () => {
  const hits = [
    { _id: '1', _source: { message: 'a, "quoted"\nline', user: { name: 'ann', id: 7 }, tags: ['x', 'y'] } },
    { _id: '2', _source: { message: 'b', level: null, user: { name: 'bob' }, extra: true } },
    { _id: '3' },
  ];

  void it('as CSV: columns from the fields present, nested fields with dots, RFC 4180 quoting', () => {
    assert.deepEqual([...flattenSource(hits[0]!._source).keys()], ['message', 'user.name', 'user.id', 'tags']);
    assert.equal(
      toCsv(sourcesOf(hits)),
      'message,user.name,user.id,tags,level,extra\r\n' +
        '"a, ""quoted""\nline",ann,7,"[""x"",""y""]",,\r\n' +
        'b,bob,,,,true\r\n' +
        ',,,,,\r\n',
    );
  });

  void it('as NDJSON: each _source on its line, as it came', () => {
    const lines = toNdjson(sourcesOf(hits)).split('\n');
    assert.equal(lines.length, 4);
    assert.deepEqual(JSON.parse(lines[1]!), hits[1]!._source);
    assert.equal(lines[2], '{}');
  });
});

function record(id: string, body: string, state: RunRecord['state'] = 'done'): RunRecord {
  return {
    id,
    opaqueId: `p/${id}`,
    label: `GET ${id}`,
    cluster: { name: 'local', url: 'http://localhost:9200', auth: 'none' },
    request: {
      method: 'GET',
      path: '/${index}/_search',
      query: [],
      secrets: [{ name: 'token', part: 'path', offset: 1, length: 8, escape: 'none' }],
    },
    source: { uri: 'file:///a.search', line: 3 },
    startedAt: 1_700_000_000_000,
    state,
    status: 200,
    durationMs: 12,
    bytes: Buffer.byteLength(body),
    contentType: 'application/json',
    document: LocalResponseDocument.open(Buffer.from(body), 'application/json'),
  };
}

void describe('runs kept across reloads', () => {
  void it('are written with their answers up to the limit, and read back as they were', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'history-'));
    try {
      const small =
        '{"took":3,"hits":{"total":{"value":1,"relation":"eq"},"hits":[{"_index":"logs","_id":"1","_source":{"a":1}}]}}';
      const large = `{"took":1,"hits":{"hits":[${`{"_source":{"x":"${'y'.repeat(200)}"}},`.repeat(20)}{}]}}`;
      const store = new HistoryStore(dir, () => 2000);
      await store.save([record('running', small, 'running'), record('small', small), record('large', large)]);
      const files = readdirSync(dir).sort();
      assert.deepEqual(files, ['runs.json', 'small.answer']);
      assert.ok(!readFileSync(path.join(dir, 'runs.json'), 'utf8').includes('running'));

      const again = new HistoryStore(dir, () => 2000);
      const saved = await again.load();
      assert.deepEqual(
        saved.map((s) => [s.id, s.answer]),
        [
          ['small', 'kept'],
          ['large', 'too-large'],
        ],
      );
      const runs = saved.map((s) =>
        restoreRun(s, undefined, again, (body, type) => Promise.resolve(LocalResponseDocument.open(body, type))),
      );
      const restored = runs[0]!;
      assert.equal(restored.restored, true);
      assert.equal(restored.document?.summary.shape, 'search');
      assert.deepEqual(await restored.document.value(['hits', 'hits', 0, '_source']), { a: 1 });
      assert.deepEqual(restored.request.secrets, record('x', '{}').request.secrets);
      assert.equal(restored.source?.line, 3);
      assert.equal(runs[1]!.document, undefined);
      assert.match(runs[1]!.answerNote!, /not kept across the reload/);

      // A run deleted from the view is deleted from the folder.
      await again.save([runs[1]!]);
      assert.deepEqual(readdirSync(dir).sort(), ['runs.json']);
      assert.deepEqual(
        (await new HistoryStore(dir, () => 2000).load()).map((s) => s.id),
        ['large'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('a damaged index is read as no runs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'history-'));
    try {
      writeFileSync(path.join(dir, 'runs.json'), '{"format":1,"runs":[{"id":"../x"},');
      assert.deepEqual(await new HistoryStore(dir, () => 0).load(), []);
      writeFileSync(path.join(dir, 'runs.json'), '{"format":1,"runs":[{"id":"../x","label":"a"}]}');
      assert.deepEqual(await new HistoryStore(dir, () => 0).load(), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  void it('show their age in words', () => {
    const now = 1_700_000_000_000;
    assert.equal(formatAge(now - 10_000, now), 'just now');
    assert.equal(formatAge(now - 5 * 60_000, now), '5 min ago');
    assert.equal(formatAge(now - 3 * 3_600_000, now), '3 h ago');
    assert.equal(formatAge(now - 26 * 3_600_000, now), 'yesterday');
    assert.equal(formatAge(now - 4 * 86_400_000, now), '4 days ago');
    assert.equal(formatAge(now - 90 * 86_400_000, now), '2023-08-16');
  });
});
