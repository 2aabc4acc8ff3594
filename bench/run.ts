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

const requested = process.argv[2];
if (requested !== undefined && !(requested in benches)) {
  console.error(`Usage: npm run bench [-- <${Object.keys(benches).join('|')}>]`);
  process.exit(2);
}
for (const [name, bench] of Object.entries(benches)) {
  if (requested !== undefined && name !== requested) continue;
  console.log(`\n== ${name} ==`);
  await bench();
}

export {};
