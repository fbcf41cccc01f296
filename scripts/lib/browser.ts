// Headless Chromium from the system (Debian's package), driven by playwright-core: no browser download.
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

function chromiumPath(): string {
  return process.env['SEARCH_REQUESTS_CHROMIUM'] ?? '/usr/bin/chromium';
}

export function launchBrowser(): Promise<Browser> {
  // Signals are left to the launcher's own shutdown (scripts/lib/shutdown.ts), which closes the browser in turn;
  // playwright's handlers would exit the process before the rest is stopped.
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
