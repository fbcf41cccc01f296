import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MESSAGE_CHARS, redact, redactAnswer } from '../../../client/src/core/redact';

const MASK = '«hidden»';

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

void describe('secret masking', () => {
  void it('masks the base64 of the secret alone and of user:secret', () => {
    const out = redact(`token ${b64('hunter22!')} basic ${b64('u:hunter22!')}`, ['hunter22!'], 'u');
    assert.equal(out, `token ${MASK} basic ${MASK}`);
  });

  void it('masks the secret inside a longer base64 text, at every alignment', () => {
    for (const before of ['', 'x', 'xy', 'xyz', '{"password":"']) {
      const blob = b64(`${before}correct horse battery", "more": 1}`);
      const out = redact(`header ${blob}`, ['correct horse battery']);
      assert.ok(out.includes(MASK), `${before}: ${out}`);
      assert.ok(
        !Buffer.from(out.replace(/^header |«hidden»/g, ''), 'base64')
          .toString('latin1')
          .includes('horse'),
        before,
      );
    }
    // base64url, as JWTs and some tokens carry it.
    const url = b64('hunter22?>').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    assert.equal(redact(`t=${url}`, ['hunter22?>']), `t=${MASK}`);
  });

  void it('masks HTML-escaped forms', () => {
    const secret = `p&ss<w>rd"'`;
    for (const escaped of [
      'p&amp;ss&lt;w&gt;rd&quot;&#39;',
      'p&amp;ss&lt;w&gt;rd&#34;&#x27;',
      'p&amp;ss&lt;w&gt;rd&quot;&apos;',
      `p&amp;ss&lt;w&gt;rd"'`,
    ]) {
      assert.equal(redact(`<p>${escaped}</p>`, [secret]), `<p>${MASK}</p>`, escaped);
    }
  });

  void it('masks JSON-escaped and URL-encoded forms', () => {
    const secret = 'pä/ss w<rd"\\';
    for (const escaped of [
      JSON.stringify(secret).slice(1, -1),
      'pä\\/ss w<rd\\"\\\\',
      'p\\u00e4/ss w\\u003crd\\"\\\\',
      'p\\u00E4/ss w\\u003Crd\\"\\\\',
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%20/g, '+'),
      encodeURIComponent(secret)
        .toLowerCase()
        .replace(/ss/g, 'ss')
        .replace(/p%c3%a4/, 'p%c3%a4'),
    ]) {
      assert.equal(redact(`[${escaped}]`, [secret]), `[${MASK}]`, escaped);
    }
    const answer = new TextEncoder().encode(`{"error":"no index [${JSON.stringify(secret).slice(1, -1)}]"}`);
    assert.equal(new TextDecoder().decode(redactAnswer(answer, [secret])), `{"error":"no index [${MASK}]"}`);
  });

  void it('removes the credentials of URLs, also after dotted text', () => {
    assert.equal(redact('see https://user:pa:ss@host/x and ftp://a:b@c', []), 'see https://host/x and ftp://c');
    assert.equal(redact(`${'a.'.repeat(10_000)}x+y://u:p@h`, []), `${'a.'.repeat(10_000)}x+y://h`);
    assert.equal(redact('http://no-password@host/ http://a/b:c@d', []), 'http://no-password@host/ http://a/b:c@d');
  });

  void it('cuts long messages, and never leaves part of a secret at the cut', () => {
    const secret = 'abcdefghijklmnopqrstuvwxyz';
    const text = `${'a.'.repeat(MAX_MESSAGE_CHARS / 2 - 5)}${secret}${'x'.repeat(MAX_MESSAGE_CHARS)}`;
    const out = redact(text, [secret]);
    assert.ok(out.length < MAX_MESSAGE_CHARS + 100);
    assert.ok(out.endsWith(' more characters not shown)'));
    assert.ok(!out.includes('abcdefghij'), out.slice(MAX_MESSAGE_CHARS - 20, MAX_MESSAGE_CHARS + 20));
  });
});
