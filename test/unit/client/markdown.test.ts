import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clusterTooltip,
  nodeTooltip,
  statusTooltip,
  clusterInfoMarkdown,
} from '../../../client/src/core/clusterTooltips';
import { escapeMarkdown, fencedBlock, inlineCode } from '../../../client/src/core/markdown';
import { runTooltip } from '../../../client/src/core/runTooltip';
import { taskNodeTooltip, taskTooltip } from '../../../client/src/core/taskItems';
import type { TaskRecord } from '../../../client/src/core/taskList';

/** What a cluster could put in its name, a node's name, a failure reason or a task's description. */
const HOSTILE = [
  '[x](http://evil)',
  '![](http://evil/pixel.png)',
  '<img src=x onerror=alert(1)>',
  '[link][ref]\n\n[ref]: http://evil',
  'a`b` [y](javascript:alert(1))',
  '$(alert) <https://evil>',
  '\n# Heading\n- item',
];

/**
 * The text Markdown reads as markup: code blocks and code spans taken out (their contents are shown as is), then
 * backslash escapes (shown as the character). What is left must hold no link, image, HTML, autolink or icon.
 */
function markup(markdown: string): string {
  return markdown
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '')
    .replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '')
    .replace(/\\[!-/:-@[-`{-~]/g, '·');
}

function assertInert(markdown: string): void {
  const left = markup(markdown);
  for (const token of [
    '](',
    '][',
    '![',
    '<img',
    '<http',
    'http://',
    'https://',
    'javascript:',
    '$(alert)',
    '\n#',
    '\n- item',
  ]) {
    assert.ok(!left.includes(token), `"${token}" is markup in:\n${markdown}`);
  }
}

const task: TaskRecord = {
  id: 'n`1:5',
  node: 'n`1',
  type: '[t](http://evil)',
  action: '![](http://evil/a.png)',
  description:
    'indices[logs], search_type[QUERY_THEN_FETCH], source[{"query":"[x](http://evil)"}]\n```\n[y](http://evil)\n```',
  startTimeMillis: 1_700_000_000_000,
  runningTimeNanos: 1e9,
  cancellable: true,
  cancelled: false,
  parentTaskId: '`[p](http://evil)`:1',
  headers: { 'X-Opaque-Id': 'v`[o](http://evil)', '[h](http://evil)': '<img src=x>' },
  opaqueId: 'v`[o](http://evil)',
};

void describe('cluster text in Markdown', () => {
  void it('escapes every punctuation character and line break', () => {
    assert.equal(escapeMarkdown('[x](http://evil)'), '\\[x\\]\\(http\\:\\/\\/evil\\)');
    assert.equal(escapeMarkdown('![](a)'), '\\!\\[\\]\\(a\\)');
    assert.equal(escapeMarkdown('a\n# b\r\nc'), 'a \\# b c');
    assert.equal(escapeMarkdown('&amp; <b>'), '\\&amp\\; \\<b\\>');
    for (const text of HOSTILE) assertInert(escapeMarkdown(text));
  });

  void it('keeps code spans and blocks closed whatever backticks the text holds', () => {
    assert.equal(inlineCode('plain'), '`plain`');
    assert.equal(inlineCode('a`b'), '``a`b``');
    assert.equal(inlineCode('`a`'), '`` `a` ``');
    assert.equal(fencedBlock('x\n```\ny'), '````text\nx\n```\ny\n````');
    for (const text of HOSTILE) {
      assertInert(inlineCode(text));
      assertInert(fencedBlock(text));
    }
  });

  void it('leaves the Clusters view and status bar tooltips inert', () => {
    for (const text of HOSTILE) {
      const info = { distribution: 'opensearch', version: text, clusterName: text, health: text };
      assertInert(clusterTooltip({ name: 'prod', url: 'https://h:9200', active: true, info, verificationOff: false }));
      assertInert(
        clusterTooltip({ name: 'prod', url: 'https://h', active: false, infoError: text, verificationOff: true }),
      );
      assertInert(
        nodeTooltip({
          id: text,
          name: text,
          host: text,
          ip: text,
          transportAddress: text,
          version: text,
          roles: [text],
          attributes: { [text]: text },
          local: true,
          clusterManager: false,
        }),
      );
      assertInert(statusTooltip('prod', 'https://h', clusterInfoMarkdown(info, ', '), true));
      assertInert(statusTooltip('prod', 'https://h', escapeMarkdown(`Not reachable: ${text}`), false));
    }
    // Our own icon stays an icon.
    assert.ok(
      clusterTooltip({ name: 'p', url: 'https://h', active: false, verificationOff: true }).includes('$(warning)'),
    );
  });

  void it('leaves the Tasks view tooltips inert', () => {
    assertInert(
      taskTooltip(task, { id: 'n`1', name: '[n](http://evil)', roles: ['<b>'], attributes: {} }, 'cancellable', false),
    );
    for (const text of HOSTILE) {
      assertInert(taskNodeTooltip(text, { id: text, name: text, host: text, ip: text, roles: [text], attributes: {} }));
    }
  });

  void it('leaves a failed run tooltip inert', () => {
    for (const text of HOSTILE) {
      assertInert(
        runTooltip({
          label: 'GET /_search',
          request: { method: 'GET', path: '/_search', query: [] },
          cluster: { name: 'c', url: 'https://h', auth: 'none' },
          startedAt: 0,
          opaqueId: 'vscode-search-requests/1',
          failure: { kind: 'network', message: `The request failed: ${text}` },
        }),
      );
    }
  });
});
