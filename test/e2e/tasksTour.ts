// `node out/test/e2e/tasksTour.js` (or `npm run tour`): the Clusters and Tasks views and what the cluster tells the
// editor, as a person would use them in a real VS Code (code-server) in headless Chromium, against the local cluster
// with a slow index; a screenshot of each state in .test-results/screenshots/tasks-NN-name.png: the cluster and its
// nodes, a slow search running in the Tasks view marked as yours, its whole record, Cancel, a node filter explained
// on hover, index and field names completed, a node filter evaluated, the Tasks view filtered.
// Uses the development folder (build first: npm run build).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { startCluster } from '@search-requests/local-cluster';
import { editor, openFile, pane, runTour } from './tour';

const COMPLETION = 'GET /pro\n\nGET /products/_search\n{\n  "query": { "term": { "" } }\n}\n';

function hover(page: Page, text: string | RegExp): Locator {
  return page.locator('.monaco-hover, .workbench-hover').filter({ hasText: text }).first();
}

/** Puts the cursor on a line of the active editor (1-based), at a column (1-based), with Quick Open's `:line:column`. */
async function goTo(page: Page, line: number, column = 1): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Ctrl+Space, and the command itself if the browser kept the keys or the first answer came too late. */
async function triggerSuggest(page: Page, expected: string): Promise<void> {
  const row = page.locator('.suggest-widget .monaco-list-row', { hasText: expected }).first();
  await page.keyboard.press('Control+Space');
  try {
    await row.waitFor({ timeout: 5000 });
  } catch {
    await page.keyboard.press('Escape');
    await runCommand(page, 'Trigger Suggest');
    await row.waitFor();
  }
}

/** Makes the side bar wider by dragging its edge, so that the views' descriptions show. */
async function widenSideBar(page: Page, width: number): Promise<void> {
  const sideBar = await page.locator('.part.sidebar').boundingBox();
  if (sideBar === null) return;
  const edge = sideBar.x + sideBar.width;
  await page.mouse.move(edge, sideBar.y + sideBar.height / 2);
  await page.mouse.down();
  await page.mouse.move(sideBar.x + width, sideBar.y + sideBar.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function setExpanded(page: Page, title: string, expanded: boolean): Promise<void> {
  const header = page.locator('.pane-header', { hasText: title }).first();
  if (((await header.getAttribute('aria-expanded')) === 'true') !== expanded) await header.click();
}

async function main(): Promise<number> {
  const cluster = await startCluster({ port: 0, latency: [{ pattern: 'slow-*', ms: 120_000 }] });
  try {
    return await runTour({
      name: 'tasks',
      // A user who added the cluster to the user settings (as the README says) and opened the samples.
      userSettings: {
        'workbench.hover.delay': 300,
        'searchRequests.clusters': [{ name: 'local', url: cluster.url, auth: 'none' }],
      },
      prepare: async (workspace) => {
        // The samples' own cluster setting would override the user's.
        await fs.writeFile(path.join(workspace, '.vscode', 'settings.json'), '{}\n');
        await fs.writeFile(path.join(workspace, 'completion.search'), COMPLETION);
      },
      steps: (page) => {
        const tasks = (): Locator => pane(page, 'Tasks');
        const clusters = (): Locator => pane(page, 'Clusters');
        const ourSearch = (): Locator =>
          tasks()
            .getByRole('treeitem', { name: /^indices:data\/read\/search: .*yours/ })
            .first();
        return [
          [
            'clusters',
            'the Clusters view: the cluster with its version and health, its nodes with roles, address, the elected cluster manager and the local node',
            async () => {
              await openFile(page, 'tasks-and-nodes.search');
              await page.locator('.activitybar .action-item a[aria-label^="Search Requests"]').first().click();
              await setExpanded(page, 'Results', false);
              await widenSideBar(page, 560);
              await clusters()
                .getByRole('treeitem', { name: /^os-manager-1/ })
                .waitFor();
              await clusters()
                .getByRole('treeitem', { name: /^local/ })
                .filter({ hasText: 'OpenSearch' })
                .waitFor();
              await page.mouse.move(300, 270);
            },
          ],
          [
            'node-tooltip',
            'a node of the Clusters view hovered: id, host, roles, attributes to filter on',
            async () => {
              await clusters()
                .getByRole('treeitem', { name: /^os-data-warm-1/ })
                .hover();
              await hover(page, 'Attributes').waitFor();
            },
          ],
          [
            'search-running',
            'a slow search run with Ctrl+Enter: the Tasks view shows it on the coordinating node, marked as yours, cancellable',
            async () => {
              await page.mouse.move(300, 270);
              await editor(page).locator('.view-line').first().click();
              await goTo(page, 6);
              await page.keyboard.press('Control+Enter');
              await page.locator('.notification-toast', { hasText: 'PUT slow-orders' }).first().waitFor();
              await goTo(page, 12);
              await page.keyboard.press('Control+Enter');
              await page.locator('.notification-toast', { hasText: 'slow-orders/_search on local' }).first().waitFor();
              await ourSearch().waitFor();
              // Its shard tasks are under it.
              await ourSearch().click();
              await page.keyboard.press('ArrowRight');
              await tasks()
                .getByRole('treeitem', { name: /^indices:data\/read\/search\[phase\/query\]/ })
                .first()
                .waitFor();
              await page.mouse.move(300, 270);
            },
          ],
          [
            'task-tooltip',
            'the task hovered: its whole record (description, X-Opaque-Id, start time, resource stats)',
            async () => {
              await ourSearch().hover();
              await hover(page, 'X-Opaque-Id').waitFor();
              await hover(page, 'CPU time').waitFor();
            },
          ],
          [
            'task-cancelled',
            'Cancel clicked on the task: it is cancelled on the cluster and leaves the view; the run says it was cancelled',
            async () => {
              await page.mouse.move(300, 270);
              await ourSearch().hover();
              await ourSearch().locator('.action-label[aria-label="Cancel Task"]').click();
              await ourSearch().waitFor({ state: 'detached' });
              await pane(page, 'Tasks')
                .getByRole('treeitem', { name: /No task is running|os-/ })
                .first()
                .waitFor();
              await page.mouse.move(300, 270);
              await page.waitForTimeout(600);
            },
          ],
          [
            'node-filter-hover',
            'a node filter hovered in the editor: each step and the nodes it selects on the connected cluster',
            async () => {
              await page.keyboard.press('Escape');
              const line = editor(page).locator('.view-line', { hasText: '_all,cluster_manager:false' }).first();
              await line.locator('span', { hasText: 'cluster_manager:false' }).first().hover();
              await hover(page, 'selects').waitFor();
            },
          ],
          [
            'index-completion',
            'index names of the cluster completed in the request line',
            async () => {
              await page.mouse.move(300, 270);
              await openFile(page, 'completion.search');
              await goTo(page, 1, 9);
              await triggerSuggest(page, 'products');
            },
          ],
          [
            'field-completion',
            'field names of the index mapping completed in the body, with their types',
            async () => {
              await page.keyboard.press('Escape');
              await goTo(page, 5, 25);
              await triggerSuggest(page, 'name.keyword');
            },
          ],
          [
            'evaluate-filter-typing',
            'Evaluate Node Filter: while typing, the filter is checked and what it selects is shown',
            async () => {
              await page.keyboard.press('Escape');
              await runCommand(page, 'Search Requests: Evaluate Node Filter');
              const input = page.locator('.quick-input-widget input');
              await page.locator('.quick-input-widget', { hasText: 'Evaluate Node Filter' }).waitFor();
              await input.fill('zone:zone-a,data:false');
              await page.locator('.quick-input-message', { hasText: 'Selects 2 of 5 nodes' }).waitFor();
            },
          ],
          [
            'evaluate-filter-result',
            'the selected nodes listed, with addresses and roles',
            async () => {
              await page.keyboard.press('Enter');
              await page.locator('.quick-input-widget', { hasText: 'selects 2 of 5 nodes' }).waitFor();
              await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'os-manager-1' }).first().waitFor();
            },
          ],
          [
            'tasks-filtered',
            'the Tasks view filtered by action: the filter shows in its title; an empty view says why',
            async () => {
              await page.keyboard.press('Escape');
              await runCommand(page, 'Search Requests: Filter Tasks by Action');
              const input = page.locator('.quick-input-widget input');
              await page.locator('.quick-input-widget', { hasText: 'filter tasks by action' }).waitFor();
              await input.fill('*search*');
              await page.keyboard.press('Enter');
              await page.locator('.pane-header', { hasText: 'actions: *search*' }).first().waitFor();
              await tasks()
                .getByRole('treeitem', { name: /No running task matches the filters/ })
                .waitFor();
              await page.mouse.move(300, 270);
            },
          ],
        ];
      },
    });
  } finally {
    await cluster.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
