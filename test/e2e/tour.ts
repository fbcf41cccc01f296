// What the UI tours share: a fresh copy of samples/, a real VS Code (code-server) with the development folder, a
// headless browser, and steps that each leave a screenshot in .test-results/screenshots/<name>-NN-step.png.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/lib/browser';
import {
  QUIET_WORKBENCH_SETTINGS,
  remoteUri,
  startCodeServer,
  workbenchUrl,
  writeUserSettings,
} from '../../scripts/lib/codeServer';
import { ensureCodeServer } from '../../scripts/lib/codeServerInstall';
import { ROOT, SCREENSHOTS } from './paths';

/** `[file name part, what the screenshot shows, what to do]`. */
export type TourStep = readonly [string, string, () => Promise<void>];

export interface TourOptions {
  /** `results` gives `[results tour]` log lines and `results-NN-*.png` screenshots. */
  readonly name: string;
  /** Changes to the copy of samples/ (settings, extra files). */
  readonly prepare: (workspace: string) => Promise<void>;
  /** User settings on top of the quiet workbench ones. */
  readonly userSettings?: Readonly<Record<string, unknown>>;
  readonly steps: (page: Page) => readonly TourStep[];
}

export function editor(page: Page): Locator {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

export function pane(page: Page, title: string): Locator {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: title }) });
}

/**
 * Expands or collapses a view of the side bar, and waits until it is so: a view that opens while the container is
 * still laying out may ignore the first click.
 */
export async function setPaneExpanded(page: Page, title: string, expanded: boolean): Promise<void> {
  const header = page.locator('.pane-header', { hasText: title }).first();
  await header.waitFor();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (((await header.getAttribute('aria-expanded')) === 'true') === expanded) return;
    await header.click();
    await page.waitForTimeout(400);
  }
  throw new Error(`the ${title} view did not ${expanded ? 'expand' : 'collapse'}`);
}

/** Opens a workspace file with Quick Open (Ctrl+P), as a person would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
}

/** Runs the steps in order, stopping at the first that fails; 0 when all passed. */
export async function runTour(options: TourOptions): Promise<number> {
  const log = (line: string): void => {
    console.log(`[${options.name} tour] ${line}`);
  };
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), `search-requests-${options.name}-tour-`));
  const workspace = path.join(runDir, 'workspace');
  await fs.cp(path.join(ROOT, 'samples'), workspace, { recursive: true });
  await options.prepare(workspace);
  // The folder is shared with the other tours: only this tour's pictures are replaced.
  await fs.mkdir(SCREENSHOTS, { recursive: true });
  const ours = new RegExp(`^(failed-)?${options.name}-`);
  for (const file of await fs.readdir(SCREENSHOTS)) {
    if (ours.test(file)) await fs.rm(path.join(SCREENSHOTS, file));
  }
  const install = await ensureCodeServer(log);
  const userDataDir = path.join(runDir, 'user-data');
  await writeUserSettings(userDataDir, { ...QUIET_WORKBENCH_SETTINGS, ...options.userSettings });
  const server = await startCodeServer({
    install,
    userDataDir,
    extensionsDir: path.join(runDir, 'extensions'),
    env: { EXTENSIONS_GALLERY: '{}' },
  });
  const browser = await launchBrowser();
  let failed = 0;
  let passed = 0;
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
    for (const [name, what, run] of options.steps(page)) {
      const file = `${options.name}-${String(++index).padStart(2, '0')}-${name}.png`;
      try {
        await run();
        await page.screenshot({ path: path.join(SCREENSHOTS, file) });
        passed++;
        log(`✔ ${what} (${file})`);
      } catch (error) {
        failed++;
        await page.screenshot({ path: path.join(SCREENSHOTS, `failed-${file}`) });
        log(`✘ ${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        break;
      }
    }
    await page.close();
  } finally {
    await browser.close();
    await server.stop();
    await fs.rm(runDir, { recursive: true, force: true });
  }
  log(failed === 0 ? `screenshots in ${SCREENSHOTS}` : 'FAILED');
  log(`${passed} passed, ${failed} failed, 0 skipped`);
  return failed === 0 ? 0 : 1;
}
