// The texts OpenSearch's builders read with rules of their own (docs/opensearch/query-dsl.md#option-texts,
// docs/opensearch/search.md#section-options): the pure readers, each outcome as real 3.8.0 and 2.19.1 answered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flagsError, fuzzinessError, rewriteMethodError } from '../../../server/src/service/validate/queryMessages';
import { minimumShouldMatchError } from '../../../server/src/service/validate/sectionOptions';

void describe('option texts', () => {
  void it('reads fuzziness as Fuzziness.build does', () => {
    for (const good of ['AUTO', 'auto', 'AUTO:3,6', 'AUTO:0,0', '2', ' 2', '1.5', '1e2']) {
      assert.equal(fuzzinessError(good), undefined, good);
    }
    assert.equal(fuzzinessError('AUTO:x'), 'failed to find low and high distance values');
    assert.equal(fuzzinessError('AUTO:3,'), 'failed to find low and high distance values');
    assert.equal(fuzzinessError('AUTO: 1,2'), 'failed to parse [AUTO: 1,2] as a "auto:int,int"');
    assert.match(fuzzinessError('AUTO:6,3') ?? '', /^fuzziness wrongly configured/);
    assert.equal(fuzzinessError('-1'), 'Invalid fuzziness value: -1');
    assert.equal(fuzzinessError(''), 'Invalid fuzziness value: ');
    assert.equal(fuzzinessError('bogus'), 'Invalid fuzziness value: bogus');
  });

  void it('reads flags up to ALL, untrimmed, in any case', () => {
    assert.equal(flagsError('regexp', 'ALL|bogus'), undefined);
    assert.equal(flagsError('regexp', 'complement|interval'), undefined);
    assert.equal(flagsError('regexp', '|'), undefined);
    assert.equal(flagsError('regexp', ' ALL'), 'Unknown regexp flag [ ALL]');
    assert.equal(flagsError('regexp', 'NONE|bogus'), 'Unknown regexp flag [bogus]');
    assert.equal(flagsError('simple_query_string', 'complement'), 'Unknown simple_query_string flag [complement]');
  });

  void it('knows the rewrite methods by their snake_case names, and reads a size from the first digit', () => {
    for (const good of ['constant_score', 'scoring_boolean', 'top_terms_10', 'top_terms_boost_5']) {
      assert.equal(rewriteMethodError(good), undefined, good);
    }
    for (const bad of ['constantScore', 'topTerms10', 'top_terms_x', 'top_terms_', 'bogus', '1', 'top_terms_-5']) {
      assert.equal(rewriteMethodError(bad), `Failed to parse rewrite_method [${bad}]`, bad);
    }
    assert.equal(rewriteMethodError('1.5'), 'For input string: "1.5"');
    assert.equal(rewriteMethodError('10s'), 'For input string: "10s"');
    assert.equal(rewriteMethodError('top_terms_2147483648'), 'For input string: "2147483648"');
  });

  void it('reads minimum_should_match as each shard does, for a count of optional clauses', () => {
    for (const good of ['1', '-1', '50%', '150%', '1<50%', '2 < 50%', '3<-1 5<75%']) {
      assert.equal(minimumShouldMatchError(good, 4), undefined, good);
    }
    assert.equal(minimumShouldMatchError('x', 2), 'For input string: "x"');
    assert.equal(minimumShouldMatchError('x<50%', 2), 'For input string: "x"');
    assert.equal(minimumShouldMatchError('', 2), 'For input string: ""');
    assert.equal(minimumShouldMatchError('50.5%', 2), 'For input string: "50.5"');
    // A percentage loses its last character, whatever it is.
    assert.equal(minimumShouldMatchError('50%x', 2), 'For input string: "50%"');
    // Beyond an int, as Integer.parseInt reads it.
    assert.equal(minimumShouldMatchError('2147483647', 2), undefined);
    assert.equal(minimumShouldMatchError('3000000000', 2), 'For input string: "3000000000"');
    assert.equal(minimumShouldMatchError('2147483648%', 2), 'For input string: "2147483648"');
    // A condition's value is read only when there are more clauses than its bound.
    assert.equal(minimumShouldMatchError('3<2147483648', 1), undefined);
    assert.equal(minimumShouldMatchError('3<2147483648', 4), 'For input string: "2147483648"');
    assert.equal(minimumShouldMatchError('2<-25%x', 2), undefined);
    assert.equal(minimumShouldMatchError('2<-25%x', 3), 'For input string: "-25%"');
    assert.equal(minimumShouldMatchError('2<', 2), undefined);
    assert.equal(minimumShouldMatchError('2<', 3), 'Index 1 out of bounds for length 1');
    assert.equal(minimumShouldMatchError('<2', 0), 'For input string: ""');
    assert.equal(minimumShouldMatchError('<', 0), 'Index 0 out of bounds for length 0');
    // Conditions split on each space: two spaces make an empty one.
    assert.equal(minimumShouldMatchError('1<2  3<4', 5), 'For input string: ""');
  });

  void it('reads the distances of AUTO fuzziness as ints', () => {
    assert.equal(fuzzinessError('AUTO:1,2147483647'), undefined);
    assert.equal(fuzzinessError('AUTO:3000000000,5'), 'failed to parse [AUTO:3000000000,5] as a "auto:int,int"');
    assert.equal(fuzzinessError('AUTO:1,2147483648'), 'failed to parse [AUTO:1,2147483648] as a "auto:int,int"');
  });
});
