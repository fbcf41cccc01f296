// Runs the integration suite (test/integration) in the extension host of a running code-server, the way
// @vscode/test-electron does in desktop VS Code: the workbench is opened with a payload that names an
// extension under development and the tests module; the host calls the module's run(), the page reports the
// host's log lines to codeAutomationLog and the result to codeAutomationExit (0 when run() resolved).
import { format } from 'node:util';
import type { Browser } from 'playwright-core';
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

export async function runSuite(options: SuiteOptions): Promise<number> {
  const { server } = options;
  const page = await options.browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => {
      options.print(formatLog(type, args));
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
    return code;
  } finally {
    await page.close();
  }
}

/** The host sends console calls as they were made (mocha's reporter passes printf-style formats). */
function formatLog(type: unknown, args: unknown): string {
  const parts: unknown[] = Array.isArray(args) ? args : [args];
  const text = format(...parts);
  return type === 'error' ? `[host error] ${text}` : text;
}
