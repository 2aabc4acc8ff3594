import { type ChildProcess, spawn } from 'node:child_process';

export interface PdsRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `pds` as a user runs it: a separate process with its own config dir and environment. */
export function startPds(
  args: string[],
  options: { configDir: string; env?: NodeJS.ProcessEnv },
): { child: ChildProcess; done: Promise<PdsRun>; output: () => PdsRun } {
  const child = spawn(process.execPath, ['cli/pds.js', ...args], {
    env: { ...process.env, ...options.env, XDG_CONFIG_HOME: options.configDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const run: PdsRun = { code: null, stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    run.stderr += chunk.toString();
  });
  const done = new Promise<PdsRun>((resolve) =>
    child.once('close', (code) => {
      run.code = code;
      resolve(run);
    }),
  );
  return { child, done, output: () => run };
}

/** Runs `pds` to its end; `input` is typed into its stdin (answers to its questions), then stdin closes. */
export function runPds(
  args: string[],
  options: { configDir: string; input?: string; env?: NodeJS.ProcessEnv },
): Promise<PdsRun> {
  const { child, done } = startPds(args, options);
  child.stdin?.end(options.input ?? '');
  return done;
}
