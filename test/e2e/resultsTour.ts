// `node out/test/e2e/resultsTour.js`: running requests as a person would, in a real VS Code (code-server) in
// headless Chromium, against the local cluster, with a screenshot of each state in
// .test-results/screenshots/results-NN-name.png: run a .msearch file from its lens, read the responses in the
// Results view, open a hit as JSON, run a slow search with Ctrl+Enter and cancel it from the notification.
// Uses the development folder (build first: npm run build).
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/lib/browser';
import {
  QUIET_WORKBENCH_SETTINGS,
  startCodeServer,
  workbenchUrl,
  remoteUri,
  writeUserSettings,
} from '../../scripts/lib/codeServer';
import { ensureCodeServer } from '../../scripts/lib/codeServerInstall';
import { startCluster } from '../cluster/index';
import { ROOT, SCREENSHOTS } from './paths';

const MSEARCH = [
  '{"index": "logs"}',
  '{"size": 3, "query": {"match": {"message": "timeout"}}, "aggs": {"levels": {"terms": {"field": "level"}}}}',
  '{"index": "logs-*", "preference": "_local"}',
  '{"size": 0, "aggs": {"per_service": {"terms": {"field": "service"}}}}',
  '{"index": "no-such-index"}',
  '{}',
  '',
].join('\n');
const SLOW = 'GET /products/_search\n{\n  "query": { "match": { "description": "noise cancelling" } }\n}\n';

function log(line: string): void {
  console.log(`[results tour] ${line}`);
}

function editor(page: Page): Locator {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

function resultsView(page: Page): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Results' }) });
}

async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
}

async function main(): Promise<number> {
  const cluster = await startCluster({ port: 0, latency: [{ pattern: 'products', ms: 120_000 }] });
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-requests-results-tour-'));
  const workspace = path.join(runDir, 'workspace');
  await fs.cp(path.join(ROOT, 'samples'), workspace, { recursive: true });
  // A new user: no cluster configured yet; the tour adds it.
  await fs.writeFile(path.join(workspace, '.vscode', 'settings.json'), '{}\n');
  await fs.writeFile(path.join(workspace, 'slow.search'), SLOW);
  await fs.writeFile(path.join(workspace, 'overview.msearch'), MSEARCH);
  // The folder is shared with the UI tour: only this tour's files are replaced.
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  for (const file of await fs.readdir(SCREENSHOTS)) {
    if (/^(failed-)?results-/.test(file)) await fs.rm(path.join(SCREENSHOTS, file));
  }
  const install = await ensureCodeServer(log);
  const userDataDir = path.join(runDir, 'user-data');
  await writeUserSettings(userDataDir, QUIET_WORKBENCH_SETTINGS);
  const server = await startCodeServer({
    install,
    userDataDir,
    extensionsDir: path.join(runDir, 'extensions'),
    env: { EXTENSIONS_GALLERY: '{}' },
  });
  const browser = await launchBrowser();
  let failed = 0;
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(30_000);
    await page.goto(
      workbenchUrl(server.url, workspace, [
        ['skipWelcome', 'true'],
        ['extensionDevelopmentPath', remoteUri(server, ROOT)],
      ]),
    );
    await page.locator('.monaco-workbench').waitFor();
    let index = 0;
    const step = async (name: string, what: string, run: () => Promise<void>): Promise<boolean> => {
      const file = `results-${String(++index).padStart(2, '0')}-${name}.png`;
      try {
        await run();
        await page.screenshot({ path: path.join(SCREENSHOTS, file) });
        log(`✔ ${what} (${file})`);
        return true;
      } catch (error) {
        failed++;
        await page.screenshot({ path: path.join(SCREENSHOTS, `failed-${file}`) });
        log(`✘ ${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return false;
      }
    };
    const quickInput = page.locator('.quick-input-widget');
    const answer = async (text: string): Promise<void> => {
      const input = quickInput.locator('input');
      await input.waitFor({ state: 'visible' });
      await input.fill(text);
      await page.keyboard.press('Enter');
    };
    const steps: [string, string, () => Promise<void>][] = [
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
          await resultsView(page).getByRole('treeitem', { name: /#1/ }).first().waitFor();
          // Clusters and Tasks have their own tour: give the Results view the room.
          for (const pane of ['Clusters', 'Tasks']) {
            const header = page.locator('.pane-header', { hasText: pane }).first();
            if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
          }
          await resultsView(page).getByRole('treeitem', { name: /#3/ }).first().waitFor();
          await page.locator('.statusbar-item', { hasText: 'local' }).first().waitFor();
          await page.mouse.move(700, 600);
        },
      ],
      [
        'hit-fields',
        'a hit of the first response expanded: its _source fields as key/value items',
        async () => {
          const hit = resultsView(page)
            .getByRole('treeitem', { name: /^logs-/ })
            .first();
          await hit.click();
          await resultsView(page)
            .getByRole('treeitem', { name: /^message/ })
            .first()
            .waitFor();
        },
      ],
      [
        'hit-as-json',
        'the hit opened as pretty JSON in a read-only editor',
        async () => {
          const hit = resultsView(page)
            .getByRole('treeitem', { name: /^logs-/ })
            .first();
          await hit.hover();
          await hit.locator('.action-label[aria-label="Open Result as JSON"]').click();
          await page.locator('.tabs-container .tab', { hasText: '.json' }).first().waitFor();
          await editor(page).locator('.view-line', { hasText: '"_source"' }).first().waitFor();
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
          await page.locator('.notification-toast', { hasText: /Cancelled \d+ task\(s\) on the cluster/ }).waitFor();
          await resultsView(page)
            .getByRole('treeitem', { name: /products\/_search/ })
            .filter({ hasText: 'cancelled' })
            .first()
            .waitFor();
          // The toast slides in: let it settle for the picture.
          await page.waitForTimeout(600);
        },
      ],
    ];
    for (const [name, what, run] of steps) {
      if (!(await step(name, what, run))) break;
    }
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
    await cluster.close();
    await fs.rm(runDir, { recursive: true, force: true });
  }
  log(failed === 0 ? `screenshots in ${SCREENSHOTS}` : 'FAILED');
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
