import { spawn } from 'node:child_process';

/**
 * Runs one measurement in a child process of its own (so its time and peak memory are its own) and
 * returns the last line it printed, parsed as JSON.
 */
export function runWorker<T>(script: string, args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`bench worker ${script} ${args.join(' ')} exited ${code}: ${output}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}
