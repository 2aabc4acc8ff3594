/** `npm run bench` runs every benchmark of this folder; `npm run bench -- <name>` runs one. */
const benches: Record<string, () => Promise<unknown>> = {
  bundles: async () => (await import('./bundles.ts')).runBundlesBench(),
  cli: async () => (await import('./cli.ts')).runCliBench(),
  console: async () => (await import('./console.ts')).runConsoleBench(),
  crawl: async () => (await import('./crawl.ts')).runCrawlBench(),
  extraction: async () => (await import('./extraction.ts')).runExtractionBench(),
  history: async () => (await import('./history.ts')).runHistoryBench(),
  matching: async () => (await import('./matching.ts')).runMatchingBench(),
  'page-limits': async () => (await import('./page-limits.ts')).runPageLimitsBench(),
  render: async () => (await import('./render.ts')).runRenderBench(),
  scale: async () => (await import('./scale.ts')).runScaleBench(),
};

/** Benches run only when named: they take arguments, or hours. */
const onRequest: Record<string, () => Promise<unknown>> = {
  'matching-shards': async () => (await import('./matching.ts')).runShardedMatchingBench(),
};

const requested = process.argv[2];
if (requested !== undefined && !(requested in benches) && !(requested in onRequest)) {
  console.error(
    `Usage: npm run bench [-- <${[...Object.keys(benches), ...Object.keys(onRequest)].join('|')}>]`,
  );
  process.exit(2);
}
const onRequestBench = requested === undefined ? undefined : onRequest[requested];
if (onRequestBench) {
  console.log(`\n== ${requested} ==`);
  await onRequestBench();
}
for (const [name, bench] of Object.entries(benches)) {
  if (requested !== undefined && name !== requested) continue;
  console.log(`\n== ${name} ==`);
  await bench();
}

export {};
