import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { routes } from '#platform/routes';
import { IDLE_JOB_SWEEPER_MODULE, SCHEDULE_RUNNER_MODULE, taskFunctions } from '#platform/tasks';
import { BUNDLE_BANNER, BUNDLE_EXTERNALS, BUNDLE_MAIN_FIELDS, BUNDLE_TARGET, REPO_ROOT } from './bundling.ts';

/** One deployed function's code: its entry module and, where it may exceed the limit, why. */
export interface FunctionEntry {
  entry: string;
  overLimit: string | undefined;
}

/**
 * Every entry the stacks deploy: route handlers (one per module), the not-found answer, tasks, the
 * sweeper and the schedule runner.
 */
export function functionEntries(): FunctionEntry[] {
  const entries = new Map<string, string | undefined>();
  const add = (entry: string, overLimit: string | undefined) => {
    if (existsSync(join(REPO_ROOT, entry))) entries.set(entry, entries.get(entry) ?? overLimit);
  };
  for (const route of routes) add(`functions/http/${route.handler}.ts`, route.bundleOverLimit);
  add('functions/http/route-not-found.ts', undefined);
  for (const task of Object.values(taskFunctions))
    add(`functions/tasks/${task.module}.ts`, task.bundleOverLimit);
  add(`functions/tasks/${IDLE_JOB_SWEEPER_MODULE}.ts`, undefined);
  add(`functions/tasks/${SCHEDULE_RUNNER_MODULE}.ts`, undefined);
  return [...entries].map(([entry, overLimit]) => ({ entry, overLimit }));
}

export interface Bundle {
  bytes: number;
  /** Where the bundle was written, when `outdir` was given. */
  file: string | undefined;
  /** Bytes in the bundle per package (`(repository)` for our own modules), largest first. */
  packages: [string, number][];
}

/** Bundles entries as ServiceFunction does (lib/bundling.ts), in memory or into `outdir`. */
export async function bundleEntries(
  entries: readonly string[],
  outdir?: string,
): Promise<Map<string, Bundle>> {
  const result = await esbuild.build({
    entryPoints: entries.map((entry) => join(REPO_ROOT, entry)),
    absWorkingDir: REPO_ROOT,
    bundle: true,
    write: outdir !== undefined,
    outdir: outdir ?? join(REPO_ROOT, 'bundle-sizes'),
    outbase: REPO_ROOT,
    outExtension: { '.js': '.mjs' },
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    mainFields: [...BUNDLE_MAIN_FIELDS],
    minify: true,
    external: [...BUNDLE_EXTERNALS],
    banner: { js: BUNDLE_BANNER },
    logLevel: 'silent',
  });
  const bundles = new Map<string, Bundle>();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const packages = new Map<string, number>();
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(repository)';
      packages.set(name, (packages.get(name) ?? 0) + bytesInOutput);
    }
    bundles.set(output.entryPoint, {
      bytes: output.bytes,
      file: outdir === undefined ? undefined : join(REPO_ROOT, file),
      packages: [...packages].sort((a, b) => b[1] - a[1]),
    });
  }
  return bundles;
}
