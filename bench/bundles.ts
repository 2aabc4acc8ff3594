import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from '#platform/config';
import { BUNDLE_LIMIT_BYTES, REPO_ROOT } from '../lib/bundling.ts';
import { bundleEntries, functionEntries } from '../lib/function-bundles.ts';
import { runWorker } from './run-worker.ts';

const PEER = 'bench/sdk-only-handler.ts';
const RUNS = 3;

/** Values for the settings a handler requires at import; nothing is called, so none is reached. */
function importEnvironment(): Record<string, string> {
  const required = Object.entries(SETTINGS).filter(([, spec]) => spec.kind === 'required');
  return {
    AWS_REGION: 'eu-central-1',
    LOG_LEVEL: 'silent',
    // The mailer picks SES at import when no outbox is set, and SES needs its sender.
    MAIL_FROM: 'bench@product-data.example',
    ...Object.fromEntries(required.map(([name]) => [name, `bench-${name.toLowerCase()}`])),
  };
}

async function importMs(file: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    times.push((await runWorker<{ ms: number }>('bench/import-worker.ts', [file])).ms);
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

/**
 * Each deployed function's minified bundle (as lib/bundling.ts builds it) and the median time to
 * import it in a fresh Node.js process, against a plain SDK-only handler bundled the same way in
 * the same run. Bundles live inside the repository so the runtime's SDK resolves from node_modules.
 */
export async function runBundlesBench(): Promise<void> {
  Object.assign(process.env, importEnvironment());
  const entries = functionEntries();
  const outdir = mkdtempSync(join(REPO_ROOT, 'node_modules', '.bench-bundles-'));
  try {
    const bundles = await bundleEntries([PEER, ...entries.map(({ entry }) => entry)], outdir);
    const bundleOf = (entry: string) => {
      const bundle = bundles.get(entry);
      if (!bundle?.file) throw new Error(`${entry} was not bundled`);
      return { ...bundle, file: bundle.file };
    };
    const peer = bundleOf(PEER);
    const peerMs = await importMs(peer.file);
    console.log(
      `peer ${PEER}: ${(peer.bytes / 1024).toFixed(1)} KB, import ${peerMs.toFixed(1)} ms (median of ${RUNS})`,
    );
    console.log('KB'.padStart(8), 'import ms'.padStart(10), 'x peer'.padStart(7), '  function');
    const sizes: number[] = [];
    for (const { entry, overLimit } of entries) {
      const bundle = bundleOf(entry);
      const ms = await importMs(bundle.file);
      sizes.push(bundle.bytes);
      const flag =
        bundle.bytes > BUNDLE_LIMIT_BYTES
          ? overLimit
            ? '  (over the limit, reason in its table row)'
            : '  OVER THE LIMIT'
          : '';
      console.log(
        (bundle.bytes / 1024).toFixed(1).padStart(8),
        ms.toFixed(1).padStart(10),
        (ms / peerMs).toFixed(2).padStart(7),
        ` ${entry}${flag}`,
      );
    }
    sizes.sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)] ?? 0;
    const within = sizes.filter((bytes) => bytes <= BUNDLE_LIMIT_BYTES).length;
    console.log(
      `${entries.length} functions: median ${(median / 1024).toFixed(1)} KB, largest ${((sizes.at(-1) ?? 0) / 1024).toFixed(1)} KB, ${within} within ${BUNDLE_LIMIT_BYTES / 1024} KB`,
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
