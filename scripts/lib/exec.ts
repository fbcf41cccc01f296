import { spawn, type SpawnOptions } from 'node:child_process';

export interface ExecOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Receives the command's output as it comes; without it the output is kept and shown only on failure. */
  onOutput?: (chunk: string) => void;
}

export class ExecError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/** Runs a command to its end and resolves with its standard output; rejects with all its output when it fails. */
export function exec(command: string, args: readonly string[], options: ExecOptions = {}): Promise<string> {
  const spawnOptions: SpawnOptions = {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, spawnOptions);
    let output = '';
    let stdout = '';
    const collect = (data: Buffer): string => {
      const text = data.toString('utf8');
      output += text;
      options.onOutput?.(text);
      return text;
    };
    child.stdout?.on('data', (data: Buffer) => {
      stdout += collect(data);
    });
    child.stderr?.on('data', collect);
    child.on('error', (error) => {
      reject(new ExecError(`${command} could not be started: ${error.message}`, output));
    });
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve(stdout);
      } else {
        const how = signal ? `was killed by ${signal}` : `exited with code ${String(code)}`;
        const where = options.cwd ? ` (in ${options.cwd})` : '';
        reject(new ExecError(`${command} ${args.join(' ')}${where} ${how}`, output));
      }
    });
  });
}

/** The npm command of this platform. */
export const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';
