import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { INITIAL, Registry, parseRawGrammar, type IGrammar, type StateStack } from 'vscode-textmate';
import { createOnigScanner, createOnigString, loadWASM } from 'vscode-oniguruma';

function repositoryRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'syntaxes'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

const root = repositoryRoot();
const grammarFiles: ReadonlyMap<string, string> = new Map([
  ['source.search', path.join(root, 'syntaxes', 'search.tmLanguage.json')],
  ['source.msearch', path.join(root, 'syntaxes', 'msearch.tmLanguage.json')],
]);

interface Token {
  readonly line: number;
  readonly text: string;
  readonly scopes: readonly string[];
}

async function loadGrammars(): Promise<{ search: IGrammar; msearch: IGrammar }> {
  const onigMain = require.resolve('vscode-oniguruma');
  await loadWASM(fs.readFileSync(path.join(path.dirname(onigMain), 'onig.wasm')));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner, createOnigString }),
    loadGrammar: (scopeName) => {
      const file = grammarFiles.get(scopeName);
      return Promise.resolve(file === undefined ? null : parseRawGrammar(fs.readFileSync(file, 'utf8'), file));
    },
  });
  const search = await registry.loadGrammar('source.search');
  const msearch = await registry.loadGrammar('source.msearch');
  assert.ok(search && msearch, 'grammars did not load');
  return { search, msearch };
}

function tokenize(grammar: IGrammar, text: string): Token[] {
  const tokens: Token[] = [];
  let state: StateStack = INITIAL;
  text.split('\n').forEach((lineText, line) => {
    const result = grammar.tokenizeLine(lineText, state);
    for (const t of result.tokens) {
      tokens.push({ line, text: lineText.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    }
    state = result.ruleStack;
  });
  return tokens;
}

/** The scopes of the token that is exactly `text`, the `nth` such token on `line` (or anywhere). */
function scopesOf(tokens: readonly Token[], text: string, line?: number, nth = 0): readonly string[] {
  const found = tokens.filter((t) => t.text === text && (line === undefined || t.line === line))[nth];
  assert.ok(
    found,
    `no token ${JSON.stringify(text)}${line === undefined ? '' : ` on line ${line}`}; tokens: ${JSON.stringify(
      tokens.filter((t) => line === undefined || t.line === line).map((t) => t.text),
    )}`,
  );
  return found.scopes;
}

function assertScope(scopes: readonly string[], expected: string): void {
  assert.ok(
    scopes.some((s) => s === expected || s.startsWith(`${expected}.`)),
    `expected ${expected} in ${JSON.stringify(scopes)}`,
  );
}

function assertNoScope(scopes: readonly string[], unexpected: string): void {
  assert.ok(
    !scopes.some((s) => s === unexpected || s.startsWith(`${unexpected}.`)),
    `did not expect ${unexpected} in ${JSON.stringify(scopes)}`,
  );
}

let search: IGrammar;
let msearch: IGrammar;

void describe('TextMate grammars', () => {
  before(async () => {
    ({ search, msearch } = await loadGrammars());
  });

  void it('are the files and scope names package.json contributes', () => {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    assert.ok(typeof manifest === 'object' && manifest !== null && 'contributes' in manifest);
    const grammars = (manifest.contributes as { grammars?: unknown }).grammars;
    assert.ok(Array.isArray(grammars));
    for (const entry of grammars as { language: string; scopeName: string; path: string }[]) {
      assert.equal(path.resolve(root, entry.path), grammarFiles.get(entry.scopeName), entry.language);
      const raw: unknown = JSON.parse(fs.readFileSync(path.resolve(root, entry.path), 'utf8'));
      assert.ok(typeof raw === 'object' && raw !== null && 'scopeName' in raw);
      assert.equal(raw.scopeName, entry.scopeName);
    }
  });

  void describe('.search', () => {
    void it('colours request lines: method, endpoints, index patterns, query parameters', () => {
      const tokens = tokenize(search, 'GET /logs-*,metrics/_search?size=5&track_total_hits=true&q=error');
      assertScope(scopesOf(tokens, 'GET'), 'keyword.other.http-method');
      assertScope(scopesOf(tokens, 'logs-'), 'entity.name.type.index');
      assertScope(scopesOf(tokens, '*'), 'keyword.operator.wildcard');
      assertScope(scopesOf(tokens, ','), 'punctuation.separator.comma');
      assertScope(scopesOf(tokens, 'metrics'), 'entity.name.type.index');
      assertScope(scopesOf(tokens, '_search'), 'support.function.endpoint');
      assertNoScope(scopesOf(tokens, '_search'), 'entity.name.type.index');
      assertScope(scopesOf(tokens, '?'), 'punctuation.separator.query');
      assertScope(scopesOf(tokens, 'size'), 'variable.parameter');
      assertScope(scopesOf(tokens, '=', 0, 0), 'keyword.operator.assignment');
      assertScope(scopesOf(tokens, '5'), 'constant.numeric');
      assertScope(scopesOf(tokens, '&', 0, 0), 'punctuation.separator.query-parameter');
      assertScope(scopesOf(tokens, 'track_total_hits'), 'variable.parameter');
      assertScope(scopesOf(tokens, 'true'), 'constant.language.boolean');
      assertScope(scopesOf(tokens, 'error'), 'string.unquoted');
    });

    void it('takes any case for the method and a path without a leading slash', () => {
      const tokens = tokenize(search, 'post _msearch\nGet _tasks?actions=*search&detailed');
      assertScope(scopesOf(tokens, 'post'), 'keyword.other.http-method');
      assertScope(scopesOf(tokens, '_msearch'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, 'Get'), 'keyword.other.http-method');
      assertScope(scopesOf(tokens, '_tasks'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, 'actions'), 'variable.parameter');
      assertScope(scopesOf(tokens, 'detailed'), 'variable.parameter');
    });

    void it('colours task ids, node filters and placeholders in paths', () => {
      const tokens = tokenize(
        search,
        [
          'POST _tasks/oTUltX4IQMOUUVeiohTt8A:12345/_cancel',
          'GET _nodes/_all,cluster_manager:false/stats',
          'GET /{index}/_doc/{id}',
        ].join('\n'),
      );
      assertScope(scopesOf(tokens, 'oTUltX4IQMOUUVeiohTt8A:12345'), 'constant.other.task-id');
      assertScope(scopesOf(tokens, '_cancel'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, '_nodes'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, '_all'), 'constant.language');
      assertScope(scopesOf(tokens, 'false', 1), 'constant.language.boolean');
      assertScope(scopesOf(tokens, 'stats'), 'variable.other.path-argument');
      assertScope(scopesOf(tokens, '{index}'), 'variable.other.placeholder');
      assertScope(scopesOf(tokens, '{id}'), 'variable.other.placeholder');
      assertScope(scopesOf(tokens, '_doc'), 'support.function.endpoint');
    });

    void it('colours comment lines between requests', () => {
      const tokens = tokenize(search, '# list the tasks\n// and the nodes\nGET _tasks');
      assertScope(scopesOf(tokens, '#'), 'comment.line.number-sign');
      assertScope(scopesOf(tokens, ' list the tasks'), 'comment.line.number-sign');
      assertScope(scopesOf(tokens, '//'), 'comment.line.double-slash');
      assertScope(scopesOf(tokens, 'GET'), 'keyword.other.http-method');
    });

    void it('colours JSON bodies, with comments', () => {
      const tokens = tokenize(
        search,
        [
          'GET logs/_search',
          '{',
          '  "query": { "match": { "message": "time\\"out" } },   // inline comment',
          '  /* block */ "size": 10, "explain": false, "x": null,',
          '  "sort": [ { "ts": "desc" } ]',
          '}',
        ].join('\n'),
      );
      assertScope(scopesOf(tokens, 'query'), 'support.type.property-name.json');
      assertScope(scopesOf(tokens, 'message'), 'support.type.property-name.json');
      assertScope(scopesOf(tokens, 'time'), 'string.quoted.double.json');
      assertScope(scopesOf(tokens, '\\"'), 'constant.character.escape.json');
      assertScope(scopesOf(tokens, ':', 2), 'punctuation.separator.dictionary.key-value.json');
      assertScope(scopesOf(tokens, ' inline comment'), 'comment.line.double-slash');
      assertScope(scopesOf(tokens, ' block '), 'comment.block');
      assertScope(scopesOf(tokens, '10'), 'constant.numeric.json');
      assertScope(scopesOf(tokens, 'false'), 'constant.language.json');
      assertScope(scopesOf(tokens, 'null'), 'constant.language.json');
      assertScope(scopesOf(tokens, 'desc'), 'string.quoted.double.json');
      assertNoScope(scopesOf(tokens, 'desc'), 'support.type.property-name');
      assertScope(scopesOf(tokens, '['), 'punctuation.definition.array.begin.json');
      assertScope(scopesOf(tokens, '{', 1), 'punctuation.definition.dictionary.begin.json');
      assertScope(scopesOf(tokens, '}', 5), 'punctuation.definition.dictionary.end.json');
    });

    void it('treats # lines inside a body as comments', () => {
      const tokens = tokenize(search, 'GET _search\n{\n# not sent\n  "size": 1\n}');
      assertScope(scopesOf(tokens, ' not sent'), 'comment.line.number-sign');
      assertScope(scopesOf(tokens, 'size'), 'support.type.property-name.json');
    });

    void it('starts a new request after an unclosed body', () => {
      const tokens = tokenize(search, 'GET _search\n{\n  "query": {\nGET _tasks?detailed');
      assertScope(scopesOf(tokens, 'GET', 3), 'keyword.other.http-method');
      assertNoScope(scopesOf(tokens, 'GET', 3), 'meta.structure.dictionary.json');
      assertScope(scopesOf(tokens, '_tasks'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, 'detailed'), 'variable.parameter');
    });

    void it('colours the objects of an _msearch body', () => {
      const tokens = tokenize(search, 'POST _msearch\n{"index": "logs"}\n{"query": {"match_all": {}}}');
      assertScope(scopesOf(tokens, 'index'), 'support.type.property-name.json');
      assertScope(scopesOf(tokens, 'logs'), 'string.quoted.double.json');
      assertScope(scopesOf(tokens, 'match_all'), 'support.type.property-name.json');
    });

    void it('colours triple-quoted strings over several lines, request words inside them included', () => {
      const tokens = tokenize(
        search,
        'POST _search\n{\n  "script": { "source": """\nGET doc["a"] # not a comment\n  ${factor}""" },\n  "size": 1\n}',
      );
      assertScope(scopesOf(tokens, '"""', 2), 'string.quoted.triple.search');
      assertScope(scopesOf(tokens, 'GET doc["a"] # not a comment'), 'string.quoted.triple.search');
      assertNoScope(scopesOf(tokens, 'GET doc["a"] # not a comment'), 'keyword.other.http-method');
      assertScope(scopesOf(tokens, 'factor'), 'variable.other.readwrite.search');
      assertScope(scopesOf(tokens, 'size'), 'support.type.property-name.json');
    });

    void it('colours ${variables} in strings, as values and in request lines', () => {
      const tokens = tokenize(search, 'GET /${index}/_search?size=${n}\n{ "from": ${from}, "q": "a-${env:USER}" }');
      assertScope(scopesOf(tokens, '${index}'), 'variable.other.placeholder');
      assertScope(scopesOf(tokens, 'from', 1, 1), 'variable.other.readwrite.search');
      assertScope(scopesOf(tokens, 'env:USER'), 'variable.other.readwrite.search');
      assertScope(scopesOf(tokens, 'env:USER'), 'string.quoted.double.json');
    });
  });

  void describe('.msearch', () => {
    const file = [
      '# POST /logs-*/_msearch?max_concurrent_searches=4',
      '// counts per level',
      '{"index": "logs"}',
      '{"query": {"match_all": {}}, "size": 0}',
      '',
      '{"query": {"term": {"level": "error"}}}',
      '# not a comment here',
    ].join('\n');

    void it('colours the target comment like a request line', () => {
      const tokens = tokenize(msearch, file);
      const method = scopesOf(tokens, 'POST');
      assertScope(method, 'comment.line.number-sign');
      assertScope(method, 'keyword.other.http-method');
      assertScope(scopesOf(tokens, 'logs-'), 'entity.name.type.index');
      assertScope(scopesOf(tokens, '_msearch'), 'support.function.endpoint');
      assertScope(scopesOf(tokens, 'max_concurrent_searches'), 'variable.parameter');
      assertScope(scopesOf(tokens, '4'), 'constant.numeric');
      assertScope(scopesOf(tokens, '#', 0), 'punctuation.definition.comment');
    });

    void it('colours other leading comments as comments only', () => {
      const tokens = tokenize(msearch, file);
      const comment = scopesOf(tokens, ' counts per level');
      assertScope(comment, 'comment.line.double-slash');
      assertNoScope(comment, 'keyword.other.http-method');
    });

    void it('colours each line as JSON and tells header lines from body lines', () => {
      const tokens = tokenize(msearch, file);
      const headerKey = scopesOf(tokens, 'index', 2);
      assertScope(headerKey, 'support.type.property-name.json');
      assertScope(headerKey, 'meta.header.msearch');
      assertScope(scopesOf(tokens, 'logs', 2), 'string.quoted.double.json');

      const bodyKey = scopesOf(tokens, 'query', 3);
      assertScope(bodyKey, 'support.type.property-name.json');
      assertScope(bodyKey, 'meta.body.msearch');
      assertScope(scopesOf(tokens, '0', 3), 'constant.numeric.json');

      // The blank line is an empty header, so the next line is a body.
      assertScope(scopesOf(tokens, 'query', 5), 'meta.body.msearch');
      assertScope(scopesOf(tokens, 'level', 5), 'support.type.property-name.json');
    });

    void it('does not take # lines after the first header for comments', () => {
      const tokens = tokenize(msearch, file);
      for (const t of tokens.filter((t) => t.line === 6)) {
        assertNoScope(t.scopes, 'comment');
        assertScope(t.scopes, 'meta.header.msearch');
      }
    });

    void it('keeps the alternation over many lines', () => {
      const lines: string[] = [];
      for (let i = 0; i < 50; i++) lines.push(`{"index": "i${i}"}`, `{"size": ${i}}`);
      const tokens = tokenize(msearch, lines.join('\n'));
      for (let i = 0; i < 50; i++) {
        assertScope(scopesOf(tokens, 'index', 2 * i), 'meta.header.msearch');
        assertScope(scopesOf(tokens, 'size', 2 * i + 1), 'meta.body.msearch');
      }
    });
  });
});
