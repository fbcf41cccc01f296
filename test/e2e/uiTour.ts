// Drives the workbench as a user would (mouse and keyboard only) and saves a screenshot of each state, so that
// anyone can look at what a user sees: .test-results/screenshots/NN-name.png. A step that fails saves
// failed-NN-name.png and ends the tour.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { remoteUri, workbenchUrl, type RunningCodeServer } from '../../scripts/lib/codeServer';
import type { Tally } from './tally';

export interface TourOptions {
  readonly browser: Browser;
  readonly server: RunningCodeServer;
  /** A copy of test/fixtures/workspace. */
  readonly workspace: string;
  /** Loads this folder as the extension (the --dev mode); otherwise the installed extension is used. */
  readonly extensionDevelopmentPath?: string;
  /** Emptied first, then filled with the screenshots. */
  readonly screenshots: string;
  readonly log: (line: string) => void;
}

const STEP_TIMEOUT_MS = 30_000;
/** A hover is waited for this long each time the mouse comes to rest on its key, up to HOVER_ATTEMPTS times. */
const HOVER_ATTEMPT_MS = 5_000;
const HOVER_ATTEMPTS = 4;

interface Step {
  readonly name: string;
  readonly what: string;
  readonly run: (page: Page) => Promise<void>;
}

/** The active editor group's editor (the outer one, when a peek widget nests another). */
function activeEditor(page: Page): Locator {
  return page.locator('.editor-group-container.active .monaco-editor').first();
}

function codeLens(page: Page, title: string): Locator {
  return activeEditor(page).locator('.codelens-decoration a', { hasText: title });
}

async function openWithQuickOpen(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(file);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: file }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: file }).waitFor();
}

/** Hovers the first key written as `key` in the active editor, and waits for a hover holding `words`, drawn whole. */
async function hoverKey(page: Page, key: string, words: string): Promise<void> {
  const span = activeEditor(page)
    .locator('.view-line span span', { hasText: new RegExp(`^${key}$`) })
    .first();
  const hover = page.locator('.monaco-hover', { hasText: words }).first();
  // The text can still move when the mouse sets off (a code lens arriving above the first line pushes every line
  // down), and the editor shows no hover for a mouse that has come to rest elsewhere: so the key is looked up again,
  // and the mouse leaves and comes back, until the hover shows.
  for (let attempt = 1; ; attempt++) {
    const box = await span.boundingBox();
    if (!box) {
      throw new Error(`the key ${key} is not on screen`);
    }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    try {
      await hover.waitFor({ timeout: HOVER_ATTEMPT_MS });
      break;
    } catch (error) {
      if (attempt === HOVER_ATTEMPTS) throw error;
      await page.mouse.move(5, 5, { steps: 5 });
    }
  }
  // The hover fades in: taken before the fade ends, the picture shows it half drawn over the text.
  await page.evaluate(async () => {
    const animations = (
      globalThis as unknown as {
        document: {
          getAnimations(): {
            effect: { getComputedTiming(): { endTime?: number | string } } | null;
            finished: Promise<unknown>;
          }[];
        };
      }
    ).document.getAnimations();
    const ending = animations.filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

const STEPS: readonly Step[] = [
  {
    name: 'workbench',
    what: 'the workbench with the fixture workspace in the Explorer',
    run: async (page) => {
      await page.locator('.monaco-workbench').waitFor();
      await page.getByRole('treeitem', { name: 'broken.msearch' }).waitFor();
    },
  },
  {
    name: 'msearch-errors-and-lenses',
    what: 'broken.msearch opened from the Explorer: red squiggles, ▶ Run all and ▶ Run lenses',
    run: async (page) => {
      await page.getByRole('treeitem', { name: 'broken.msearch' }).click();
      await page.locator('.tabs-container .tab.active', { hasText: 'broken.msearch' }).waitFor();
      await activeEditor(page).locator('.squiggly-error').first().waitFor();
      await codeLens(page, '▶ Run all').first().waitFor();
      await codeLens(page, '▶ Run').first().waitFor();
    },
  },
  {
    name: 'hover-message',
    what: "hovering the unknown key shows OpenSearch's own message",
    run: async (page) => {
      await hoverKey(page, '"indexx"', 'is not supported in the metadata section');
    },
  },
  {
    name: 'problems-panel',
    what: 'the Problems panel lists both errors',
    run: async (page) => {
      await page.mouse.move(5, 5);
      await page.keyboard.press('Control+Shift+M');
      const problems = page.locator('.markers-panel');
      await problems.locator('.monaco-list-row', { hasText: 'key [indexx] is not supported' }).first().waitFor();
      await problems.locator('.monaco-list-row', { hasText: 'msearch.missing-final-newline' }).first().waitFor();
    },
  },
  {
    name: 'quick-fix-menu',
    what: 'Ctrl+. at the end of the file offers "Add the final newline"',
    run: async (page) => {
      await activeEditor(page).locator('.view-lines').click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Control+.');
      await page.locator('.action-widget', { hasText: 'Add the final newline' }).first().waitFor();
    },
  },
  {
    name: 'quick-fix-applied',
    what: 'after the quick fix only the unknown key is left in the Problems panel',
    run: async (page) => {
      // The menu opens with its first fix selected, as the screenshot before shows.
      await page.keyboard.press('Enter');
      const problems = page.locator('.markers-panel');
      await problems
        .locator('.monaco-list-row', { hasText: 'msearch.missing-final-newline' })
        .waitFor({ state: 'detached' });
      await problems.locator('.monaco-list-row', { hasText: 'key [indexx] is not supported' }).first().waitFor();
    },
  },
  {
    name: 'search-file-lenses',
    what: 'requests.search opened with Quick Open (Ctrl+P): a ▶ Run lens above each request',
    run: async (page) => {
      await openWithQuickOpen(page, 'requests.search');
      await codeLens(page, '▶ Run').nth(1).waitFor();
    },
  },
  {
    name: 'views',
    what: 'the Search Requests container in the activity bar with its Clusters, Results and Tasks views (no cluster yet)',
    run: async (page) => {
      await page.locator('.activitybar .action-item a[aria-label^="Search Requests"]').click();
      const sidebar = page.locator('.sidebar');
      for (const view of ['Clusters', 'Results', 'Tasks']) {
        await sidebar.locator('.pane-header', { hasText: view }).waitFor();
      }
      // No cluster is configured here: the Tasks view says what to do instead of listing tasks.
      await sidebar
        .locator('.pane', { has: page.locator('.pane-header', { hasText: 'Tasks' }) })
        .getByRole('treeitem', { name: /No cluster is configured/ })
        .waitFor();
    },
  },
  {
    name: 'aggregation-placement',
    what: "aggregations.search: a composite under terms, which every shard refuses, in OpenSearch's words on hover",
    run: async (page) => {
      await openWithQuickOpen(page, 'aggregations.search');
      await activeEditor(page).locator('.squiggly-error').first().waitFor();
      // The Run lens above the first line moves the text down when it arrives: the hover comes after it.
      await codeLens(page, 'Run').first().waitFor();
      await hoverKey(page, '"composite"', 'cannot be used with a parent aggregation of type: [TermsAggregatorFactory]');
    },
  },
];

export async function runUiTour(options: TourOptions): Promise<Tally> {
  await fs.rm(options.screenshots, { recursive: true, force: true });
  await fs.mkdir(options.screenshots, { recursive: true });
  const page = await options.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    options.log('UI tour');
    const payload: [string, string][] = [['skipWelcome', 'true']];
    if (options.extensionDevelopmentPath) {
      payload.push(['extensionDevelopmentPath', remoteUri(options.server, options.extensionDevelopmentPath)]);
    }
    await page.goto(workbenchUrl(options.server.url, options.workspace, payload));
    for (const [index, step] of STEPS.entries()) {
      const file = `${String(index + 1).padStart(2, '0')}-${step.name}.png`;
      try {
        await step.run(page);
      } catch (error) {
        await page.screenshot({ path: path.join(options.screenshots, `failed-${file}`) });
        options.log(`  ✘ ${step.what}`);
        options.log(`    ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        options.log(`    screenshot: ${path.join(options.screenshots, `failed-${file}`)}`);
        return { passed: index, failed: 1, skipped: STEPS.length - index - 1 };
      }
      await page.screenshot({ path: path.join(options.screenshots, file) });
      options.log(`  ✔ ${step.what} (${file})`);
    }
    options.log(`screenshots in ${options.screenshots}`);
    return { passed: STEPS.length, failed: 0, skipped: 0 };
  } finally {
    await page.close();
  }
}
