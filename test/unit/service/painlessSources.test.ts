// A Painless source with no statement cannot compile: what counts as none (blanks and comments), and where the
// search fails for it (each shard, or where a pipeline reduces the buckets), with the parameters of its context.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { holdsNoStatement } from '../../../server/src/service/validate/scripts';

function errors(body: unknown): string[] {
  const store = new DocumentStore();
  const uri = 'file:///painless.search';
  store.open(uri, 'search', 1, `POST /logs/_search\n${JSON.stringify(body)}\n`);
  return store
    .diagnostics(uri)
    .filter((d) => d.severity === 1)
    .map((d) => d.message);
}

void describe('Painless sources with no statement', () => {
  void it('knows blanks and comments from code', () => {
    for (const none of ['', ' ', '\n\t\r ', '// a', '// a\n', '/* a */', '/* a */ // b', '/**/\n/* x\n y */']) {
      assert.equal(holdsNoStatement(none), true, JSON.stringify(none));
    }
    // A line comment ends at a carriage return as at a line feed; an unclosed block comment, a form feed or any
    // code is for the compiler to judge.
    for (const some of ['1', ' x ', '// a\rx', '// a\nx', '/* a */x', '/* a', '\f', '/ /']) {
      assert.equal(holdsNoStatement(some), false, JSON.stringify(some));
    }
  });

  void it('reports them where the script is compiled, in the words of its context', () => {
    const shards = errors({ query: { script: { script: { source: ' // nothing' } } } });
    assert.equal(shards.length, 1);
    assert.match(shards[0]!, /fails every shard .*found no statements for function \[execute\] with \[0\] parameters/);
    const score = errors({ query: { script_score: { query: { match_all: {} }, script: { source: '' } } } });
    assert.match(score[0]!, /with \[1\] parameters/);
    const reduced = errors({
      size: 0,
      aggs: {
        h: {
          date_histogram: { field: 'date', calendar_interval: 'day' },
          aggs: { s: { sum: { field: 'n' } }, p: { bucket_selector: { buckets_path: { x: 's' }, script: '' } } },
        },
      },
    });
    assert.equal(reduced.length, 1);
    assert.match(reduced[0]!, /where it reduces the buckets/);
    const window = errors({
      size: 0,
      aggs: {
        h: {
          date_histogram: { field: 'date', calendar_interval: 'day' },
          aggs: { s: { sum: { field: 'n' } }, m: { moving_fn: { buckets_path: 's', window: 3, script: ' ' } } },
        },
      },
    });
    assert.equal(window.length, 1);
    assert.match(window[0]!, /where it reduces the buckets.*with \[2\] parameters/);
    const metric = (key: string): string[] =>
      errors({
        size: 0,
        aggs: {
          m: {
            scripted_metric: {
              map_script: 'state.n = 1',
              combine_script: 'return state.n',
              reduce_script: 'return states',
              [key]: { source: '/* none */' },
            },
          },
        },
      });
    assert.match(metric('map_script')[0]!, /fails every shard/);
    assert.match(metric('reduce_script')[0]!, /where it reduces the buckets/);
  });

  void it('leaves alone what is not compiled, and sources with code', () => {
    assert.deepEqual(errors({ size: 0, script_fields: { f: { script: '' } } }), []);
    assert.deepEqual(errors({ query: { script: { script: '// note\rdoc.size() > 0' } } }), []);
    assert.deepEqual(errors({ query: { script: { script: { source: '', lang: 'expression' } } } }), []);
    assert.equal(errors({ script_fields: { f: { script: '' } } }).length, 1);
  });
});
