// Renders images/icon.svg to images/icon.png (128x128, transparent corners) with headless Chromium.
// Usage: npm run icon
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { launchBrowser } from './lib/browser';

const ROOT = path.resolve(__dirname, '..', '..');

async function main(): Promise<void> {
  const svg = await fs.readFile(path.join(ROOT, 'images', 'icon.svg'), 'utf8');
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(ROOT, 'images', 'icon.png'), omitBackground: true });
  } finally {
    await browser.close();
  }
  console.log('images/icon.png written');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
