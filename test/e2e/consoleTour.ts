// `node out/test/e2e/consoleTour.js`: the console features as a person uses them, in a real VS Code (code-server) in
// headless Chromium, against the local cluster, with a screenshot of each state in
// .test-results/screenshots/console-NN-name.png: a """ script in a .search file, a variable's hover, ▶ Run all, the
// runs still there after the window is reloaded, the hits exported as CSV, a cURL command pasted as a request.
// Uses the development folder (build first: npm run build).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { startCluster } from '@search-requests/local-cluster';
import { editor, openFile, pane, runTour, setPaneExpanded } from './tour';

const CONSOLE = [
  '# Requests pasted from a console: a """ script, variables from the settings',
  'POST /products/_search',
  '{',
  '  "size": 3,',
  '  "script_fields": {',
  '    "discounted": {',
  '      "script": {',
  '        "source": """',
  "          double p = doc['price'].value;",
  '          return p > 100 ? p * 0.9 : p;',
  '        """',
  '      }',
  '    }',
  '  }',
  '}',
  '',
  'GET /${index}/_search?size=${size}',
  '{',
  '  "query": { "match": { "message": "timeout" } }',
  '}',
  '',
  'GET /products/_search?size=20',
  '{',
  '  "query": { "match": { "description": "${feature}" } }',
  '}',
  '',
].join('\n');

async function main(): Promise<number> {
  const cluster = await startCluster({ port: 0 });
  try {
    return await runTour({
      name: 'console',
      // The user's own cluster: one of the workspace's settings would be contacted only once chosen.
      userSettings: { 'searchRequests.clusters': [{ name: 'local', url: cluster.url }] },
      prepare: async (workspace) => {
        await fs.writeFile(
          path.join(workspace, '.vscode', 'settings.json'),
          JSON.stringify(
            {
              'searchRequests.variables': { index: 'logs-*', size: 5, feature: 'wireless' },
            },
            null,
            2,
          ),
        );
        await fs.writeFile(path.join(workspace, 'console.search'), CONSOLE);
        await fs.writeFile(path.join(workspace, 'pasted.search'), '');
      },
      steps: (page) => {
        const results = pane(page, 'Results');
        const quickInput = page.locator('.quick-input-widget');
        return [
          [
            'triple-quoted-script',
            'console.search: a painless script in a """ string, coloured as one string, no squiggle; ▶ Run all at the top',
            async () => {
              await openFile(page, 'console.search');
              await editor(page)
                .locator('.codelens-decoration a', { hasText: '▶ Run all' })
                .first()
                .waitFor({ timeout: 90_000 });
              await editor(page).locator('.view-line', { hasText: 'double p' }).waitFor();
              await page.waitForTimeout(1500);
              if ((await editor(page).locator('.squiggly-error').count()) > 0) {
                throw new Error('the """ script has an error squiggle');
              }
            },
          ],
          [
            'variable-hover',
            'hovering ${index}: its value from the workspace settings',
            async () => {
              const variable = editor(page)
                .locator('.view-line span', { hasText: /^index$/ })
                .first();
              const box = await variable.boundingBox();
              if (box === null) throw new Error('${index} is not on screen');
              await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
              await page.locator('.monaco-hover', { hasText: 'From workspace settings' }).first().waitFor();
            },
          ],
          [
            'run-all',
            '▶ Run all: each request of the file a run of its own in the Results view, in order',
            async () => {
              await page.mouse.move(5, 5);
              await page.keyboard.press('Escape');
              await editor(page).locator('.codelens-decoration a', { hasText: '▶ Run all' }).first().click();
              await page.locator('.activitybar .action-item a[aria-label^="Search Requests"]').click();
              for (const name of ['Clusters', 'Tasks']) await setPaneExpanded(page, name, false);
              await results
                .getByRole('treeitem', { name: /products\/_search\?size=20/ })
                .first()
                .waitFor();
              await results
                .getByRole('treeitem', { name: /\$\{index\}\/_search/ })
                .first()
                .waitFor();
              await results
                .getByRole('treeitem', { name: /POST products\/_search/ })
                .first()
                .waitFor();
              await page.waitForTimeout(800);
            },
          ],
          [
            'history-after-reload',
            'the window reloaded: the three runs are still in the Results view, with their answers',
            async () => {
              // The runs are written a moment after they end.
              await page.waitForTimeout(1500);
              await page.reload();
              await page.locator('.monaco-workbench').waitFor();
              // The Search Requests container was open before the reload and opens again by itself (a click on its
              // icon could close it): the command that shows the Results view opens it in any case.
              // It usually is open again already; the command palette lists the command only once the commands
              // of the restored window are known, so wait for the row and retry the search rather than click a
              // "similar command".
              const shown = await results
                .getByRole('treeitem')
                .first()
                .waitFor({ timeout: 15_000 })
                .then(() => true)
                .catch(() => false);
              if (!shown) {
                await page.keyboard.press('F1');
                const row = quickInput.locator('.monaco-list-row', {
                  hasText: 'Search Requests: Focus on Results View',
                });
                for (let attempt = 0; attempt < 5 && (await row.count()) === 0; attempt++) {
                  await quickInput.locator('input').fill('>Search Requests: Focus on Results View');
                  await row
                    .first()
                    .waitFor({ timeout: 10_000 })
                    .catch(() => quickInput.locator('input').fill('>'));
                }
                await row.first().click();
              }
              await results
                .getByRole('treeitem', { name: /products\/_search\?size=20/ })
                .first()
                .waitFor({ timeout: 60_000 });
              await results
                .getByRole('treeitem', { name: /\$\{index\}\/_search/ })
                .first()
                .waitFor();
              await results
                .getByRole('treeitem', { name: /POST products\/_search/ })
                .first()
                .waitFor();
              // The newest run's answer is read back: its hits show.
              await results.getByRole('treeitem', { name: /^hits/ }).first().waitFor();
              // Its tooltip says where it comes from.
              // A tree item's tooltip shows after the hover delay, and not at all when the pointer arrived while the
              // tree was still redrawing: move away and hover again until it shows.
              const tooltip = page.locator('.monaco-hover', { hasText: 'kept from an earlier session' }).first();
              for (let attempt = 0; ; attempt++) {
                await page.mouse.move(700, 700);
                await results
                  .getByRole('treeitem', { name: /\$\{index\}\/_search/ })
                  .first()
                  .hover();
                const shown = await tooltip
                  .waitFor({ timeout: 10_000 })
                  .then(() => true)
                  .catch(() => false);
                if (shown) break;
                if (attempt === 4) throw new Error('the tooltip of the kept run did not show');
              }
              await page.waitForTimeout(500);
            },
          ],
          [
            'csv-export',
            "Export Hits as CSV from the run's menu: the _source fields of the 20 hits, nested fields with dots, opened in an editor",
            async () => {
              const run = results.getByRole('treeitem', { name: /products\/_search\?size=20/ }).first();
              await run.click({ button: 'right' });
              // The menu item under the mouse is the selected one; Enter runs it.
              await page.getByRole('menuitem', { name: 'Export Hits as CSV or NDJSON…' }).hover();
              await page.keyboard.press('Enter');
              await quickInput.locator('.quick-input-title', { hasText: 'Export the hits of' }).waitFor();
              await quickInput.locator('.monaco-list-row', { hasText: 'a column per field' }).first().click();
              // The hits shown or all of them.
              const all = quickInput.locator('.monaco-list-row', { hasText: /^All 20 hits/ });
              if (await all.isVisible().catch(() => false)) await all.click();
              // VS Code's own save dialog: its path box, already filled in; Enter saves.
              const input = quickInput.locator('input');
              await page.waitForFunction(
                () => {
                  const box = (
                    globalThis as unknown as { document: { querySelector(s: string): { value?: string } | null } }
                  ).document.querySelector('.quick-input-widget input');
                  return box?.value?.endsWith('.csv') === true;
                },
                undefined,
                { timeout: 30_000 },
              );
              await input.fill((await input.inputValue()).replace(/[^/]*$/, 'wireless.csv'));
              await page.keyboard.press('Enter');
              const toast = page.locator('.notification-toast', { hasText: 'Exported 20 hits to wireless.csv' });
              await toast.getByRole('button', { name: 'Open' }).click();
              await page.locator('.tabs-container .tab.active', { hasText: 'wireless.csv' }).waitFor();
              await editor(page).locator('.view-line', { hasText: 'sku,name,description' }).first().waitFor();
              await page.waitForTimeout(600);
            },
          ],
          [
            'curl-pasted',
            'a cURL command pasted (Ctrl+V) into an empty .search file becomes a console request; its credentials are not written',
            async () => {
              await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
              await openFile(page, 'pasted.search');
              const command = `curl -u reader:s3cret -X POST '${cluster.url}/logs-*/_search?size=2' -H 'Content-Type: application/json' -d '{"query":{"match":{"level":"error"}}}'`;
              // The browser's clipboard, as a person's copy fills it.
              await page.evaluate(async (text) => {
                const clipboard = (
                  globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }
                ).navigator.clipboard;
                await clipboard.writeText(text);
              }, command);
              await editor(page).locator('.view-lines').click();
              await page.keyboard.press('Control+V');
              await editor(page).locator('.view-line', { hasText: 'POST /logs-*/_search?size=2' }).waitFor();
              await editor(page).locator('.view-line', { hasText: '"level": "error"' }).waitFor();
              const text = await editor(page).locator('.view-lines').innerText();
              if (text.includes('s3cret')) throw new Error('the password was written to the file');
              await page.waitForTimeout(800);
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
