// The console syntax of `.search` files at the text level: `"""` strings, `${name}` variables, request lines with a
// full URL or `kbn:`, as the checks read them, what is sent, and what completion, hover, quick fixes, formatting and
// code lenses do with them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CodeAction, Diagnostic, MarkupContent, TextEdit } from 'vscode-languageserver-types';
import { codeActions } from '../../../server/src/service/codeActions';
import { codeLenses } from '../../../server/src/service/codeLenses';
import { completion } from '../../../server/src/service/completion/index';
import type { KnownCluster } from '../../../server/src/service/console/consoleContext';
import { Variables, type VariableValue } from '../../../server/src/service/console/variables';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { formatDocument } from '../../../server/src/service/formatting';
import { hover } from '../../../server/src/service/hover/index';
import { resolveRequest, resolveRequests } from '../../../server/src/service/resolve';
import type { ResolvedRequest } from '../../../server/src/protocol/protocol';
import { LineMap } from '../../../server/src/service/text/lineMap';
import { assertRegistered, marked } from './harness';
import { positionAt, withCursor } from './cursorText';

const VARIABLES: Readonly<Record<string, VariableValue>> = {
  index: { value: 'logs', source: 'workspace settings' },
  size: '5',
  negative: '-1',
  word: 'abc',
  query: '{"match_all": {}}',
  quote: 'say "hi"\\now',
  'env:HOME': { value: '/home/me', source: 'the environment variable HOME' },
  token: { secret: true, source: 'the secret storage' },
};

function storeWith(variables = VARIABLES, clusters: readonly KnownCluster[] = []): DocumentStore {
  const store = new DocumentStore();
  store.setVariables(variables);
  store.setClusters(clusters);
  return store;
}

function diagnose(
  language: LanguageId,
  text: string,
  variables = VARIABLES,
  clusters: readonly KnownCluster[] = [],
): Diagnostic[] {
  const store = storeWith(variables, clusters);
  const uri = `file:///console.${language}`;
  store.open(uri, language, 1, text);
  const diagnostics = store.diagnostics(uri);
  assertRegistered(diagnostics);
  return diagnostics;
}

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}

/** The one diagnostic of `code` must cover exactly the range marked with « ». */
function expectAt(
  language: LanguageId,
  markedText: string,
  code: string,
  clusters: readonly KnownCluster[] = [],
): Diagnostic {
  const { text, start, end } = marked(markedText);
  const found = diagnose(language, text, VARIABLES, clusters).filter((d) => d.code === code);
  assert.equal(
    found.length,
    1,
    `one ${code}: ${JSON.stringify(diagnose(language, text).map((d) => [d.code, d.message]))}`,
  );
  assert.deepEqual(found[0]!.range, { start, end }, found[0]!.message);
  return found[0]!;
}

function resolve(
  language: LanguageId,
  text: string,
  line = 0,
  clusters: readonly KnownCluster[] = [],
  all = false,
  variables = VARIABLES,
): { request?: ResolvedRequest; reason?: string } {
  const store = storeWith(variables, clusters);
  const uri = `file:///console.${language}`;
  const document = store.open(uri, language, 1, text);
  return resolveRequest(document, all ? { uri, all: true } : { uri, line }, store.target, store.console);
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const map = new LineMap(text);
  let out = text;
  for (const edit of [...edits].sort((a, b) => map.offsetAt(b.range.start) - map.offsetAt(a.range.start))) {
    out = out.slice(0, map.offsetAt(edit.range.start)) + edit.newText + out.slice(map.offsetAt(edit.range.end));
  }
  return out;
}

const SCRIPT = [
  'POST /products/_search',
  '{',
  '  "script_fields": {',
  '    "discounted": {',
  '      "script": {',
  '        "source": """',
  '          # not a comment: content',
  '          GET is not a request line here',
  '          double p = doc[\'price\'].value; // "quoted" \\ backslash',
  '          return p * 0.9;',
  '        """',
  '      }',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

void describe('triple-quoted strings in .search bodies', () => {
  void it('are read as the JSON string they become: a painless script has no error, lines inside are content', () => {
    assert.deepEqual(codes(diagnose('search', SCRIPT)), []);
    const store = new DocumentStore();
    const document = store.open('file:///s.search', 'search', 1, SCRIPT);
    assert.equal(document.kind === 'search' ? document.model.requests.length : -1, 1);
  });

  void it('are sent as one escaped JSON string, content as written', () => {
    const sent = resolve('search', SCRIPT).request!;
    const body = JSON.parse(sent.body!) as { script_fields: { discounted: { script: { source: string } } } };
    assert.equal(
      body.script_fields.discounted.script.source,
      [
        '',
        '          # not a comment: content',
        '          GET is not a request line here',
        '          double p = doc[\'price\'].value; // "quoted" \\ backslash',
        '          return p * 0.9;',
        '        ',
      ].join('\n'),
    );
  });

  void it('are checked as the string value they become', () => {
    const { text, start, end } = marked('GET /_search\n{ "query": «"""{"match_all": {}}"""» }\n');
    const found = diagnose('search', text).find(
      (d) => d.code === 'search.wrong-type' || d.code === 'query.not-an-object',
    );
    assert.ok(found !== undefined, JSON.stringify(diagnose('search', text)));
    assert.deepEqual(found.range, { start, end });
    assert.match(found.message, /VALUE_STRING/);
  });

  void it('that are not closed are an Error at the opening quotes', () => {
    expectAt('search', 'GET /_search\n{ "query": { "match": { "a": «"""»oops } } }\n', 'search.unclosed-triple-quote');
  });

  void it('are kept by formatting, the JSON around them formatted', () => {
    const text =
      'POST /_search\n{"script_fields":{"x":{"script":{"source":"""\n  # keep\n  doc[\'a\']\n"""}}},"size":${size}}\n';
    const document = new DocumentStore().open('file:///f.search', 'search', 1, text);
    assert.equal(
      applyEdits(text, formatDocument(document)),
      [
        'POST /_search',
        '{',
        '  "script_fields": {',
        '    "x": {',
        '      "script": {',
        '        "source": """',
        '  # keep',
        "  doc['a']",
        '"""',
        '      }',
        '    }',
        '  },',
        '  "size": ${size}',
        '}',
        '',
      ].join('\n'),
    );
  });
});

void describe('triple-quoted strings in .msearch lines', () => {
  const line = `{"script_fields":{"s":{"script":{"source":"""doc["x"].value * 2 \\ 'y'"""}}}}`;

  void it('are an Error that quotes the JSON parser, with a fix that escapes them', () => {
    const text = `{}\n${line}\n`;
    const store = new DocumentStore();
    const uri = 'file:///t.msearch';
    const document = store.open(uri, 'msearch', 1, text);
    const diagnostics = store.diagnostics(uri);
    assert.deepEqual(codes(diagnostics), ['msearch.triple-quoted-string']);
    const diagnostic = diagnostics[0]!;
    assert.match(diagnostic.message, /Unexpected character \('"' \(code 34\)\): was expecting comma/);
    assert.equal(
      line.slice(diagnostic.range.start.character, diagnostic.range.end.character),
      `"""doc["x"].value * 2 \\ 'y'"""`,
    );
    const actions: CodeAction[] = codeActions(document, diagnostics);
    const fix = actions.find((a) => a.title === 'Convert to an escaped JSON string');
    assert.ok(fix !== undefined);
    const fixed = applyEdits(text, fix.edit!.changes![uri]!);
    assert.deepEqual(JSON.parse(fixed.split('\n')[1]!), {
      script_fields: { s: { script: { source: `doc["x"].value * 2 \\ 'y'` } } },
    });
    const after = new DocumentStore();
    after.open(uri, 'msearch', 2, fixed);
    assert.deepEqual(codes(after.diagnostics(uri)), []);
  });
});

void describe('variables', () => {
  void it('"${name}" becomes the value as JSON when it is JSON, checked as such, and mapped back with its quotes', () => {
    const d = expectAt('search', 'GET /_search\n{ "size": «"${negative}"» }\n', 'search.negative-size');
    assert.match(d.message, /\[size\] parameter cannot be negative, found \[-1\]|negative/);
    assert.deepEqual(codes(diagnose('search', 'GET /_search\n{ "size": "${size}", "query": "${query}" }\n')), []);
  });

  void it('outside strings go in as they are', () => {
    assert.deepEqual(codes(diagnose('search', 'GET /_search\n{ "size": ${size}, "query": ${query} }\n')), []);
    expectAt('search', 'GET /_search\n{ "size": «${negative}» }\n', 'search.negative-size');
  });

  void it('in request lines go in as they are, findings placed on the variable', () => {
    assert.deepEqual(codes(diagnose('search', 'GET /${index}/_search?size=${size}\n')), []);
    expectAt('search', 'GET /_search?size=«${word}»\n', 'url.invalid-integer');
  });

  void it('with no value are a Warning with a fix that defines them; what depends on them is not reported', () => {
    const d = expectAt(
      'search',
      'GET /_search\n{ "from": «${nothing}», "query": { "term": { "a": "x" } } }\n',
      'variable.undefined',
    );
    assert.equal(d.message, 'The variable [nothing] has no value: ${nothing} is sent as written.');
    assert.equal(d.severity, 2);
    const text = 'GET /${missing}/_search\n{ "size": "${missing}", "from": ${missing} }\n';
    assert.deepEqual(codes(diagnose('search', text)), [
      'variable.undefined',
      'variable.undefined',
      'variable.undefined',
    ]);
    const store = storeWith();
    const document = store.open('file:///u.search', 'search', 1, text);
    const actions = codeActions(document, store.diagnostics('file:///u.search').slice(0, 1));
    assert.deepEqual(
      actions.map((a) => [a.title, a.command?.command, a.command?.arguments]),
      [['Define the variable "missing" in the workspace settings…', 'searchRequests.defineVariable', ['missing']]],
    );
    expectAt('search', 'GET /_search?q=«${env:NOPE_NOT_SET}»\n', 'variable.undefined');
    // Checked in its place, a bare one stands as a JSON value: the rest of the body is still read and checked.
    assert.deepEqual(
      codes(diagnose('search', 'GET /_search\n{ "from": ${nothing}, "query": { "match_alll": {} } }\n')).sort(),
      ['query.unknown-clause', 'variable.undefined'],
    );
  });

  void it('in .msearch lines are checked with their values, and again when the values change', () => {
    const text = '{"index": "${index}", "request_cache": "${size}"}\n{"size": "${word}"}\n';
    const store = new DocumentStore();
    const uri = 'file:///v.msearch';
    store.open(uri, 'msearch', 1, text);
    assert.deepEqual(codes(store.diagnostics(uri)), ['variable.undefined', 'variable.undefined', 'variable.undefined']);
    assert.equal(store.setVariables(VARIABLES), true);
    assert.equal(store.setVariables({ ...VARIABLES }), false, 'the same values change nothing');
    const diagnostics = store.diagnostics(uri);
    // request_cache "5" is no boolean; size "abc" is no number: both found on the values, placed on the variables.
    assert.deepEqual(codes(diagnostics).sort(), ['msearch.invalid-boolean', 'value.not-a-number']);
    const boolean = diagnostics.find((d) => d.code === 'msearch.invalid-boolean')!;
    assert.equal(text.split('\n')[0]!.slice(boolean.range.start.character, boolean.range.end.character), '"${size}"');
  });

  void it('that are secret are not reported and never given a value by the service', () => {
    assert.deepEqual(codes(diagnose('search', 'GET /_search\n{ "query": { "term": { "token": "${token}" } } }\n')), []);
  });

  void it('are sent with their values: escaped in strings, as JSON in whole strings, as they are elsewhere', () => {
    const sent = resolve(
      'search',
      'GET /${index}/_search?size=${size}&q=${env:HOME}\n{ "size": "${size}", "query": ${query}, "_source": ["a-${quote}", "${quote}"] }\n',
    ).request!;
    assert.equal(sent.path, '/logs/_search');
    assert.deepEqual(sent.query, [
      { name: 'size', value: '5', hasValue: true },
      { name: 'q', value: '/home/me', hasValue: true },
    ]);
    assert.deepEqual(JSON.parse(sent.body!), {
      size: 5,
      query: { match_all: {} },
      _source: ['a-say "hi"\\now', 'say "hi"\\now'],
    });
    assert.equal(sent.label, 'GET ${index}/_search?size=${size}&q=${env:HOME}', 'the label is the request as written');
    assert.equal(sent.secrets, undefined);
  });

  void it('that are secret are sent as slots the client fills: the service never has the value', () => {
    const sent = resolve(
      'search',
      'POST /${token}/_msearch?routing=a${token}\n{}\n{ "query": { "term": { "t": "${token}" } }, "size": ${token} }\n',
    ).request!;
    const slots = sent.secrets!;
    assert.deepEqual(
      slots.map((s) => [s.part, s.index, s.escape]),
      [
        ['path', undefined, 'none'],
        ['query', 0, 'none'],
        ['body', undefined, 'json'],
        ['body', undefined, 'none'],
      ],
    );
    assert.equal(sent.path.slice(slots[0]!.offset, slots[0]!.offset + slots[0]!.length), '${token}');
    assert.equal(sent.query[0]!.value.slice(slots[1]!.offset, slots[1]!.offset + slots[1]!.length), '${token}');
    for (const slot of slots.slice(2))
      assert.equal(sent.body!.slice(slot.offset, slot.offset + slot.length), '${token}');
    // The body is compacted one object per line, with the slots where `${token}` is.
    assert.equal(sent.body, '{}\n{"query":{"term":{"t":"${token}"}},"size":${token}}\n');
  });

  void it('with no value are sent as written, as Kibana sends them', () => {
    const sent = resolve(
      'search',
      'GET /${nope}/_search?q=${nope}\n{ "query": { "term": { "a": "x-${nope}" } } }\n',
    ).request!;
    assert.equal(sent.path, '/${nope}/_search');
    assert.deepEqual(sent.query, [{ name: 'q', value: '${nope}', hasValue: true }]);
    assert.deepEqual(JSON.parse(sent.body!), { query: { term: { a: 'x-${nope}' } } });
    assert.equal(resolve('search', 'GET /_search\n{ "size": ${nope} }\n').request!.body, '{ "size": ${nope} }');
  });

  void it('with a dot in their name and no value are sent as written, as the ML connectors of OpenSearch need', () => {
    // OpenSearch's ML Commons fills ${parameters.<name>} and ${credential.<name>} itself, when the connector runs.
    const text = [
      'POST /_plugins/_ml/connectors/_create',
      '{ "name": "c", "credential": { "key": "k" }, "parameters": { "model": "m" },',
      '  "actions": [ { "action_type": "predict", "method": "POST", "url": "https://example.com/${parameters.model}",',
      '    "headers": { "Authorization": "Bearer ${credential.key}" },',
      '    "request_body": "{ \\"model\\": \\"${parameters.model}\\", \\"input\\": ${parameters.input} }" } ] }',
      '',
    ].join('\n');
    assert.deepEqual(codes(diagnose('search', text)), []);
    const sent = resolve('search', text).request!;
    const action = (JSON.parse(sent.body!) as { actions: { url: string; headers: object; request_body: string }[] })
      .actions[0]!;
    assert.equal(action.url, 'https://example.com/${parameters.model}');
    assert.deepEqual(action.headers, { Authorization: 'Bearer ${credential.key}' });
    assert.equal(action.request_body, '{ "model": "${parameters.model}", "input": ${parameters.input} }');
    assert.equal(sent.secrets, undefined);
    // A whole string stays the string it is; given a value, a dotted name is a variable like any other.
    assert.deepEqual(JSON.parse(resolve('search', 'GET /_search\n{ "_source": ["${a.b}"] }\n').request!.body!), {
      _source: ['${a.b}'],
    });
    assert.deepEqual(
      JSON.parse(
        resolve('search', 'GET /_search\n{ "_source": ["${a.b}"] }\n', 0, [], false, { ...VARIABLES, 'a.b': 'x' })
          .request!.body!,
      ),
      { _source: ['x'] },
    );
    // Outside strings it is no JSON, and is reported as OpenSearch would refuse it; an undotted name still has to
    // have a value.
    assert.deepEqual(codes(diagnose('search', 'GET /_search\n{ "size": ${a.b} }\n')), ['json.syntax']);
    assert.deepEqual(codes(diagnose('search', 'GET /_search\n{ "_source": ["${ab}"] }\n')), ['variable.undefined']);
  });

  void it('are offered after ${ and explained on hover (a secret only as a secret)', () => {
    const { text, offset } = withCursor('GET /_search\n{ "query": { "term": { "a": "${in|" } } }\n');
    const store = storeWith();
    const document = store.open('file:///c.search', 'search', 1, text);
    const list = completion(document, positionAt(text, offset), '{', undefined, undefined, store.variables);
    assert.deepEqual(list.items.map((i) => i.label).slice(0, 3), ['index', 'negative', 'query']);
    const index = list.items.find((i) => i.label === 'index')!;
    assert.equal(index.detail, 'workspace settings');
    assert.equal(applyEdits(text, [index.textEdit as TextEdit]), text.replace('${in"', '${index}"'));
    assert.equal(list.items.find((i) => i.label === 'token')!.documentation, undefined);
    const at = (marked: string): string => {
      const cursor = withCursor(marked);
      const doc = store.open('file:///h.search', 'search', 1, cursor.text);
      return (hover(doc, positionAt(cursor.text, cursor.offset), undefined, store.variables)!.contents as MarkupContent)
        .value;
    };
    assert.match(at('GET /${ind|ex}/_search\n'), /\*\*\$\{index\}\*\*[\s\S]*logs[\s\S]*From workspace settings/);
    assert.match(at('GET /_search\n{"a": "${tok|en}"}\n'), /secret[\s\S]*never shown/);
    assert.match(at('GET /_search?q=${nop|e}\n'), /No value/);
    assert.match(at('GET /_search\n{"a": "${parameters.q|uestion}"}\n'), /No value: sent as written/);
  });

  void it('leave completion and hover of the JSON around them where they are', () => {
    const { text, offset } = withCursor('GET /_search\n{ "size": ${size}, "track_total_h|" }\n');
    const store = storeWith();
    const document = store.open('file:///c.search', 'search', 1, text);
    const list = completion(document, positionAt(text, offset), undefined, undefined, undefined, store.variables);
    const item = list.items.find((i) => i.label === 'track_total_hits');
    assert.ok(item !== undefined, JSON.stringify(list.items.map((i) => i.label)));
    assert.equal(
      applyEdits(text, [item.textEdit as TextEdit])
        .split('\n')[1]!
        .startsWith('{ "size": ${size}, "track_total_hits"'),
      true,
    );
  });
});

void describe('request lines as users paste them', () => {
  const clusters: KnownCluster[] = [
    { name: 'local', url: 'http://localhost:9200' },
    { name: 'prefixed', url: 'https://search.example.com/opensearch' },
  ];

  void it('a full URL runs on the configured cluster at that address, its path prefix taken off', () => {
    assert.deepEqual(
      codes(diagnose('search', 'GET http://LOCALHOST:9200/logs/_search?size=1\n', VARIABLES, clusters)),
      [],
    );
    const sent = resolve('search', 'GET https://search.example.com:443/opensearch/logs/_search?sizee=1\n', 0, clusters);
    assert.equal(sent.request!.cluster, 'prefixed');
    assert.equal(sent.request!.path, '/logs/_search');
    // The path is checked as it runs on that cluster.
    expectAt(
      'search',
      'GET https://search.example.com/opensearch/logs/_search?«sizee»=1\n',
      'url.unknown-parameter',
      clusters,
    );
  });

  void it("a full URL that is no configured cluster's is an Error, and is not sent", () => {
    const d = expectAt('search', 'GET «http://elsewhere:9200»/logs/_search\n', 'url.not-a-cluster', clusters);
    assert.match(d.message, /configured clusters are local \(http:\/\/localhost:9200\), prefixed/);
    assert.match(
      resolve('search', 'GET http://elsewhere:9200/_search\n', 0, clusters).reason!,
      /not the address of a configured cluster/,
    );
  });

  void it('the target comment of a .msearch file takes a full URL and variables too', () => {
    const text = '# POST http://localhost:9200/${index}/_msearch?max_concurrent_searches=${size}\n{}\n{}\n';
    assert.deepEqual(codes(diagnose('msearch', text, VARIABLES, clusters)), []);
    const sent = resolve('msearch', text, 0, clusters, true).request!;
    assert.equal(sent.cluster, 'local');
    assert.equal(sent.path, '/logs/_msearch');
    assert.deepEqual(sent.query, [{ name: 'max_concurrent_searches', value: '5', hasValue: true }]);
    expectAt('msearch', '# POST «http://nowhere:9200»/_msearch\n{}\n{}\n', 'url.not-a-cluster', clusters);
    expectAt('msearch', '# POST /«${nope}»/_msearch\n{}\n{}\n', 'variable.undefined', clusters);
  });

  void it('kbn: requests are a Warning', () => {
    expectAt('search', 'GET «kbn:»/api/spaces/space\n', 'url.kibana-api');
  });

  void it('lower-case methods and a missing leading slash keep working', () => {
    assert.deepEqual(codes(diagnose('search', 'get logs/_search?size=1\npost _search\n{}\n')), []);
    const sent = resolve('search', 'get logs/_search?size=1\n').request!;
    assert.equal(sent.method, 'GET');
    assert.equal(sent.path, '/logs/_search');
  });
});

void describe('running more than one request', () => {
  const FILE =
    'GET /logs/_search\n{}\n\n# a comment\nGET https://nowhere.example.com/_search\n\nPOST /_search\n{"size": 1}\n';

  void it('resolves every request of a .search file, in order, saying which cannot be sent', () => {
    const store = storeWith();
    const uri = 'file:///all.search';
    const document = store.open(uri, 'search', 1, FILE);
    const all = resolveRequests(document, { uri }, store.target, store.console);
    assert.deepEqual(
      all.requests.map((r) => r.label),
      ['GET logs/_search', 'POST _search'],
    );
    assert.deepEqual(
      all.skipped.map((s) => s.line),
      [4],
    );
    const selected = resolveRequests(document, { uri, lines: { start: 1, end: 4 } }, store.target, store.console);
    assert.deepEqual(
      selected.requests.map((r) => r.startLine),
      [0],
    );
    assert.deepEqual(
      selected.skipped.map((s) => s.line),
      [4],
    );
    assert.match(resolveRequests(document, { uri, lines: { start: 20, end: 30 } }).reason!, /touches no request/);
  });

  void it('resolves the pairs a selection touches in a .msearch file as one _msearch', () => {
    const text = '{"index": "a"}\n{}\n{"index": "b"}\n{"size": 1}\n{"index": "c"}\n{}\n';
    const store = new DocumentStore();
    const uri = 'file:///sel.msearch';
    const document = store.open(uri, 'msearch', 1, text);
    const result = resolveRequests(document, { uri, lines: { start: 1, end: 2 } });
    assert.equal(result.requests.length, 1);
    assert.equal(result.requests[0]!.body, '{"index": "a"}\n{}\n{"index": "b"}\n{"size": 1}\n');
    assert.equal(result.requests[0]!.searchCount, 2);
    assert.match(result.requests[0]!.label, /2 searches, lines 1-4/);
    const all = resolveRequests(document, { uri });
    assert.equal(all.requests[0]!.body, text);
    assert.equal(resolve('msearch', text, 0, [], true).request!.body, text);
  });

  void it('puts ▶ Run all at the top of a .search file with more than one request', () => {
    const store = new DocumentStore();
    const many = codeLenses(store.open('file:///m.search', 'search', 1, FILE));
    assert.deepEqual(
      many.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
      [
        [0, '▶ Run all', 'searchRequests.runAll'],
        [0, '▶ Run', 'searchRequests.run'],
        [4, '▶ Run', 'searchRequests.run'],
        [6, '▶ Run', 'searchRequests.run'],
      ],
    );
    const one = codeLenses(store.open('file:///o.search', 'search', 1, 'GET /_search\n'));
    assert.deepEqual(
      one.map((l) => l.command?.title),
      ['▶ Run'],
    );
  });
});

void describe('the service entry point for variables', () => {
  void it('takes a map or an object of names to strings, values with a source, or secrets; ignores what is no name', () => {
    const variables = Variables.from(
      new Map<string, VariableValue>([
        ['a', '1'],
        ['not a name', 'x'],
        ['s', { secret: true }],
      ]),
    );
    assert.deepEqual(variables.names(), ['a', 's']);
    assert.deepEqual(variables.get('a'), { kind: 'value', value: '1', source: undefined });
    assert.equal(variables.get('s')?.kind, 'secret');
    assert.equal(Variables.from({}), Variables.NONE);
  });
});
