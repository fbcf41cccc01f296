// `node out/test/e2e/webTour.js`: the extension's browser entry in the web worker extension host of a real VS Code
// (code-server's web workbench, in headless Chromium), as on vscode.dev: squiggles, completion, outline and the Run
// lens come from the language server in a web worker; a run goes through fetch, and a cluster that does not allow
// the page (CORS) gets the message and the lens that say so. Screenshots in .test-results/screenshots/web-NN-*.png.
// Uses the development folder (build first: npm run build).
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { startCluster } from '@search-requests/local-cluster';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { corsFront } from '../web/corsFront';
import { editor, openFile, runTour } from './tour';

/** Chooses a cluster in the quick pick that a run or Select Cluster opens. */
async function pick(page: Page, name: string): Promise<void> {
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  await page.locator('.quick-input-widget input').fill(name);
  await page.keyboard.press('Enter');
}

async function main(): Promise<number> {
  // The local cluster sends no CORS headers, as OpenSearch does by default.
  const cluster = await startCluster({ port: 0 });
  // The same cluster as one that allows every origin (http.cors.allow-origin: "*").
  const front = corsFront(cluster.url, '*');
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  try {
    return await runTour({
      name: 'web',
      // Where VS Code runs an extension installed on the server: here in the browser's web worker extension host, as
      // vscode.dev and github.dev run it.
      userSettings: { 'remote.extensionKind': { 'search-requests.search-requests': ['web'] } },
      prepare: async (workspace) => {
        await fs.writeFile(
          path.join(workspace, '.vscode', 'settings.json'),
          JSON.stringify(
            {
              'searchRequests.clusters': [
                { name: 'local', url: cluster.url, auth: 'none' },
                { name: 'with-cors', url: frontUrl, auth: 'none' },
              ],
            },
            null,
            2,
          ),
        );
        await fs.writeFile(path.join(workspace, 'typing.search'), 'GET /logs-*/_search?siz\n');
      },
      steps: (page) => [
        [
          'squiggles',
          'a .msearch file with mistakes: squiggles and the Run lenses from the language server in a web worker',
          async () => {
            await openFile(page, 'mistakes.msearch');
            await editor(page)
              .locator('.codelens-decoration a', { hasText: '▶ Run all' })
              .first()
              .waitFor({ timeout: 90_000 });
            await editor(page).locator('.squiggly-error').first().waitFor({ timeout: 30_000 });
          },
        ],
        [
          'running-extensions',
          'the extension runs in the web worker extension host (Developer: Show Running Extensions)',
          async () => {
            await page.keyboard.press('Control+Shift+P');
            const input = page.locator('.quick-input-widget input');
            await input.waitFor({ state: 'visible' });
            await input.fill('>Developer: Show Running Extensions');
            await page
              .locator('.quick-input-widget .monaco-list-row', { hasText: 'Show Running Extensions' })
              .first()
              .waitFor();
            await page.keyboard.press('Enter');
            const row = page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: 'search-requests' });
            await row.first().waitFor({ timeout: 90_000 });
            // Not in the server's (Node) extension host, whose extensions carry the server's address.
            const text = await row.first().innerText();
            if (text.includes(new URL(page.url()).host)) throw new Error(`it runs on the server: ${text}`);
          },
        ],
        [
          'completion',
          'completion of a URL parameter in a .search file',
          async () => {
            await openFile(page, 'typing.search');
            await editor(page).locator('.view-line', { hasText: '_search?siz' }).first().click();
            await page.keyboard.press('End');
            await page.keyboard.press('Control+Space');
            await page.locator('.suggest-widget .monaco-list-row', { hasText: 'size' }).first().waitFor();
          },
        ],
        [
          'run-blocked',
          'Run on a cluster that does not allow the page (CORS): the message says what the cluster must allow',
          async () => {
            await page.keyboard.press('Escape');
            await openFile(page, 'logs.search');
            const lens = editor(page)
              .locator('.codelens-decoration a', { hasText: /^▶ Run$/ })
              .first();
            await lens.waitFor({ timeout: 90_000 });
            await lens.click();
            await pick(page, 'local');
            await page
              .locator('.notifications-toasts .notification-toast', { hasText: 'http.cors.allow-origin' })
              .first()
              .waitFor();
          },
        ],
        [
          'lens-blocked',
          'the Run lenses now say that the cluster does not allow runs from the web',
          async () => {
            await editor(page)
              .locator('.codelens-decoration a', { hasText: 'not allowed from the web' })
              .first()
              .waitFor();
          },
        ],
        [
          'run-allowed',
          'Select Cluster, one that allows the page: Run sends the request with fetch and opens the answer as JSON',
          async () => {
            await page.keyboard.press('Control+Shift+P');
            await page.locator('.quick-input-widget input').fill('>Search Requests: Select Cluster');
            await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Select Cluster' }).first().waitFor();
            await page.keyboard.press('Enter');
            await pick(page, 'with-cors');
            const lens = editor(page)
              .locator('.codelens-decoration a', { hasText: /^▶ Run$/ })
              .first();
            await lens.waitFor();
            await lens.click();
            await page.locator('.tabs-container .tab.active', { hasText: 'Untitled' }).waitFor();
            await editor(page).locator('.view-line', { hasText: '"hits"' }).first().waitFor();
          },
        ],
      ],
    });
  } finally {
    await new Promise((resolve) => front.close(resolve));
    await cluster.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
