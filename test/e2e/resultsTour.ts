// `node out/test/e2e/resultsTour.js`: running requests as a person would, in a real VS Code (code-server) in
// headless Chromium, against the local cluster, with a screenshot of each state in
// .test-results/screenshots/results-NN-name.png: run a .msearch file from its lens, read the responses in the
// Results view, open a hit as JSON, run a slow search with Ctrl+Enter and cancel it from the notification.
// Uses the development folder (build first: npm run build).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { startCluster } from '@search-requests/local-cluster';
import { editor, openFile, pane, runTour } from './tour';

const MSEARCH = [
  '{"index": "logs"}',
  '{"size": 3, "query": {"match": {"message": "timeout"}}, "aggs": {"levels": {"terms": {"field": "level"}}}}',
  '{"index": "logs-*", "preference": "_local"}',
  '{"size": 0, "aggs": {"per_service": {"terms": {"field": "service"}}}}',
  '{"index": "no-such-index"}',
  '{}',
  '',
].join('\n');
const DEPRECATED = 'GET _cat/cluster_manager?v\n\nGET _cat/master?v\n';
const SLOW = 'GET /products/_search\n{\n  "query": { "match": { "description": "noise cancelling" } }\n}\n';

async function main(): Promise<number> {
  const cluster = await startCluster({ port: 0, latency: [{ pattern: 'products', ms: 120_000 }] });
  try {
    return await runTour({
      name: 'results',
      prepare: async (workspace) => {
        // A new user: no cluster configured yet; the tour adds it.
        await fs.writeFile(path.join(workspace, '.vscode', 'settings.json'), '{}\n');
        await fs.writeFile(path.join(workspace, 'slow.search'), SLOW);
        await fs.writeFile(path.join(workspace, 'deprecated.search'), DEPRECATED);
        await fs.writeFile(path.join(workspace, 'overview.msearch'), MSEARCH);
      },
      steps: (page) => {
        const quickInput = page.locator('.quick-input-widget');
        const answer = async (text: string): Promise<void> => {
          const input = quickInput.locator('input');
          await input.waitFor({ state: 'visible' });
          await input.fill(text);
          await page.keyboard.press('Enter');
        };
        return [
          [
            'add-cluster',
            'a new user clicks "Add cluster" in the status bar and answers: URL, name, no authentication, workspace settings',
            async () => {
              await openFile(page, 'overview.msearch');
              // The lenses come once the language server answers; on a busy machine that can take a while.
              await editor(page)
                .locator('.codelens-decoration a', { hasText: '▶ Run all' })
                .first()
                .waitFor({ timeout: 90_000 });
              await page.locator('.statusbar-item', { hasText: 'Add cluster' }).first().click();
              await quickInput.locator('.quick-input-title', { hasText: 'URL' }).waitFor();
              await answer(cluster.url);
              await quickInput.locator('.quick-input-title', { hasText: 'name' }).waitFor();
              await answer('local');
              await quickInput.locator('.quick-input-title', { hasText: 'authentication' }).waitFor();
              await answer('No authentication');
              await quickInput.locator('.quick-input-title', { hasText: 'where to save' }).waitFor();
              await answer('Workspace settings');
              await page.locator('.notification-toast', { hasText: 'Connected to "local": OpenSearch' }).waitFor();
              await page.locator('.statusbar-item', { hasText: 'local · OpenSearch' }).first().waitFor();
              await page.waitForTimeout(600);
            },
          ],
          [
            'run-all',
            'overview.msearch run with ▶ Run all: the Results view lists each response with status, took and total, or its error',
            async () => {
              await page.keyboard.press('Escape');
              await editor(page).locator('.codelens-decoration a', { hasText: '▶ Run all' }).first().click();
              await pane(page, 'Results').getByRole('treeitem', { name: /#1/ }).first().waitFor();
              // Clusters and Tasks have their own tour: give the Results view the room.
              for (const pane of ['Clusters', 'Tasks']) {
                const header = page.locator('.pane-header', { hasText: pane }).first();
                if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
              }
              await pane(page, 'Results').getByRole('treeitem', { name: /#3/ }).first().waitFor();
              await page.locator('.statusbar-item', { hasText: 'local' }).first().waitFor();
              await page.mouse.move(700, 600);
            },
          ],
          [
            'hit-fields',
            'a hit of the first response expanded: its _source fields as key/value items',
            async () => {
              const hit = pane(page, 'Results')
                .getByRole('treeitem', { name: /^logs-/ })
                .first();
              await hit.click();
              await pane(page, 'Results')
                .getByRole('treeitem', { name: /^message/ })
                .first()
                .waitFor();
            },
          ],
          [
            'hit-as-json',
            'the hit opened as pretty JSON in a read-only editor',
            async () => {
              const hit = pane(page, 'Results')
                .getByRole('treeitem', { name: /^logs-/ })
                .first();
              await hit.hover();
              await hit.locator('.action-label[aria-label="Open Result as JSON"]').click();
              await page.locator('.tabs-container .tab', { hasText: '.json' }).first().waitFor();
              await editor(page).locator('.view-line', { hasText: '"_source"' }).first().waitFor();
            },
          ],
          [
            'deprecation',
            "GET _cat/master run: the cluster's deprecation Warning on the run in the Results view and on the request's line",
            async () => {
              await openFile(page, 'deprecated.search');
              await editor(page).locator('.codelens-decoration a', { hasText: '▶ Run' }).nth(1).click();
              await pane(page, 'Results')
                .getByRole('treeitem', { name: /^Warning: \[GET \/_cat\/master\] is deprecated/ })
                .first()
                .waitFor();
              await editor(page).locator('.squiggly-info').first().waitFor();
              await editor(page)
                .locator('.view-line span', { hasText: /master/ })
                .last()
                .hover();
              await page.locator('.monaco-hover', { hasText: 'The cluster warned on the last run' }).first().waitFor();
            },
          ],
          [
            'slow-running',
            'a slow search run with Ctrl+Enter: a progress notification with Cancel',
            async () => {
              await openFile(page, 'slow.search');
              await editor(page).locator('.view-line').first().click();
              await page.keyboard.press('Control+Enter');
              await page.locator('.notification-toast', { hasText: 'products/_search on local' }).waitFor();
              await page.waitForTimeout(600);
            },
          ],
          [
            'slow-cancelled',
            'Cancel pressed: the search is cancelled on the cluster and the notification says which task',
            async () => {
              const toast = page.locator('.notification-toast', { hasText: 'products/_search on local' });
              await toast.hover();
              await toast.getByRole('button', { name: 'Cancel' }).click();
              await page
                .locator('.notification-toast', { hasText: /Cancelled \d+ task\(s\) on the cluster/ })
                .waitFor();
              await pane(page, 'Results')
                .getByRole('treeitem', { name: /products\/_search/ })
                .filter({ hasText: 'cancelled' })
                .first()
                .waitFor();
              // The toast slides in: let it settle for the picture.
              await page.waitForTimeout(600);
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
