// Runs the integration suite (test/integration) in the extension host of a running code-server, the way
// @vscode/test-electron does in desktop VS Code: the workbench is opened with a payload that names an
// extension under development and the tests module; the host calls the module's run(), the page reports the
// host's log lines to codeAutomationLog and the result to codeAutomationExit (0 when run() resolved).
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
import { parseTally, type Tally } from './tally';
import { remoteUri, workbenchUrl, type RunningCodeServer } from '../../scripts/lib/codeServer';

export interface SuiteOptions {
  readonly browser: Browser;
  readonly server: RunningCodeServer;
  /** The folder the workbench opens. */
  readonly workspace: string;
  /** The folder loaded as the extension under development (the project, or the test host; see runE2e.ts). */
  readonly extensionDevelopmentPath: string;
  /** The compiled suite's entry module (exports run()). */
  readonly extensionTestsPath: string;
  readonly timeoutMs: number;
  readonly print: (line: string) => void;
}

export interface SuiteResult {
  /** What the page reported to codeAutomationExit (0 when run() resolved), 1 on timeout. */
  readonly code: number;
  /** The suite's counts, when it printed them (test/integration/index.ts). */
  readonly tally: Tally | undefined;
}

export async function runSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { server } = options;
  const page = await options.browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    let tally: Tally | undefined;
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => {
      const line = formatLog(type, args);
      if (line !== null) {
        options.print(line);
        if (line.startsWith('integration: ')) {
          tally = parseTally(line);
        }
      }
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => {
      exit(typeof code === 'number' ? code : 1);
    });
    page.on('pageerror', (error) => {
      options.print(`[page error] ${error.message}`);
    });

    const payload: [string, string][] = [
      ['extensionDevelopmentPath', remoteUri(server, options.extensionDevelopmentPath)],
      ['extensionTestsPath', remoteUri(server, options.extensionTestsPath)],
      ['skipWelcome', 'true'],
    ];
    await page.goto(workbenchUrl(server.url, options.workspace, payload));

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        options.print(`The suite did not finish within ${options.timeoutMs / 1000} s.`);
        resolve(1);
      }, options.timeoutMs);
    });
    const code = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    return { code, tally };
  } finally {
    await page.close();
  }
}

/** The workbench's own chatter, which says nothing about the extension. */
const NOISE = [
  /^Resolving connection token/,
  /^Resolved connection token/,
  /^Creating a socket/,
  /^\[Service Worker\]/,
  /^Updating additional builtin extensions cache/,
  /^Ignoring fetching additional builtin extensions/,
  /^ChatSessionStore:/,
  /Long running operations during shutdown are unsupported in the web/,
];

/**
 * The page sends console calls as they were made (mocha's reporter passes printf-style formats); null for noise.
 * Errors of the workbench itself keep their first line only: their stacks point into minified workbench code.
 */
function formatLog(type: unknown, args: unknown): string | null {
  const parts: unknown[] = Array.isArray(args) ? args : [args];
  let text = format(...parts);
  if (NOISE.some((pattern) => pattern.test(text))) {
    return null;
  }
  if (type === 'error' && /\/workbench\.js:\d+/.test(text)) {
    text = text.split('\n')[0] ?? text;
  }
  return type === 'error' ? `[host error] ${text}` : text;
}
