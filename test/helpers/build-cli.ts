import { execFileSync } from 'node:child_process';

/** Vitest global setup: the tests that run `pds` run the bundle, so it is built from today's sources. */
export default function buildCli(): void {
  execFileSync(process.execPath, ['cli/build.mjs'], { stdio: 'inherit' });
}
