// `npm run demo -- --check`: what a person would do first with the demo, done by a program: the cluster holds its
// sample data, and the address that the demo prints opens VS Code with samples/, where a broken file shows its
// errors and its ▶ Run lenses. Leaves a screenshot in .test-results/screenshots/demo.png.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { launchBrowser } from './browser';

export interface DemoCheckOptions {
  readonly clusterUrl: string;
  readonly vscodeUrl: string;
  readonly screenshot: string;
  readonly log: (line: string) => void;
}

async function sampleDocuments(clusterUrl: string): Promise<number> {
  const response = await fetch(new URL('/logs,products/_count', clusterUrl), { signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { count?: unknown };
  return typeof body.count === 'number' ? body.count : 0;
}

export async function checkDemo(options: DemoCheckOptions): Promise<boolean> {
  const count = await sampleDocuments(options.clusterUrl);
  if (count === 0) {
    options.log(`✘ the cluster at ${options.clusterUrl} has no sample data (logs, products)`);
    return false;
  }
  options.log(`✔ the cluster holds ${count} sample documents`);

  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.setDefaultTimeout(30_000);
    try {
      await page.goto(options.vscodeUrl);
      await page.locator('.monaco-workbench').waitFor();
      await page.getByRole('treeitem', { name: 'mistakes.msearch' }).click();
      const editor = page.locator('.editor-group-container.active .monaco-editor').first();
      await editor.locator('.squiggly-error').first().waitFor();
      await editor.locator('.codelens-decoration a', { hasText: '▶ Run' }).first().waitFor();
      options.log('✔ VS Code opens samples/, and mistakes.msearch shows its errors and ▶ Run lenses');
      return true;
    } catch (error) {
      options.log(`✘ ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
      return false;
    } finally {
      await fs.mkdir(path.dirname(options.screenshot), { recursive: true });
      await page.screenshot({ path: options.screenshot });
      options.log(`screenshot: ${options.screenshot}`);
    }
  } finally {
    await browser.close();
  }
}
