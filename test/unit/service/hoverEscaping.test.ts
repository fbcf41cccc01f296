import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../../../server/src/service/cluster/clusterKnowledge';
import { hover } from '../../../server/src/service/hover/index';
import { CLUSTER_STATE, connected } from './clusterFixture';
import { open, positionAt, withCursor } from './cursorText';

/** A cluster whose name, node names and addresses and task actions carry Markdown. */
const hostile: ClusterKnowledge = connected({
  ...CLUSTER_STATE,
  clusterName: 'x`[c](http://evil)',
  nodes: (CLUSTER_STATE.nodes ?? []).map((node, i) => ({
    ...node,
    name: i === 0 ? '![](http://evil/pixel.png)' : `[n${i}](http://evil)\n# big`,
    ip: '<img src=x>',
  })),
  tasks: [{ id: 'n2:101', action: '`[a](http://evil)`' }],
});

function hoverText(marked: string): string {
  const { text, offset } = withCursor(marked);
  const result = hover(open(text, 'search'), positionAt(text, offset), hostile);
  assert.ok(result !== null, 'a hover');
  return (result.contents as MarkupContent).value;
}

/** What Markdown reads as markup once code spans and backslash escapes are taken out. */
function markup(markdown: string): string {
  return markdown.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '').replace(/\\[!-/:-@[-`{-~]/g, '·');
}

void describe('hover with what a hostile cluster says', () => {
  for (const line of ['GET /_nodes/_all|/stats', 'GET /_tasks?nodes=zone:|a,_local', 'GET /_tasks/n2:1|01']) {
    void it(`shows it inert: ${line}`, () => {
      const value = hoverText(line);
      const left = markup(value);
      for (const token of ['](', '![', '<img', 'http://', '\n#']) {
        assert.ok(!left.includes(token), `"${token}" is markup in:\n${value}`);
      }
    });
  }

  void it('still names the nodes and the cluster', () => {
    const value = hoverText('GET /_nodes/_all|/stats');
    assert.match(value, /On cluster ``x`\[c\]\(http:\/\/evil\)``: selects 3 of 3 nodes: \\!\\\[\\\]\\\(http\\:/);
  });
});
