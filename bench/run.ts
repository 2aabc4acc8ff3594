/** `npm run bench -- <name>`: runs one benchmark of this folder. */
const benches: Record<string, () => Promise<unknown>> = {
  crawl: async () => (await import('./crawl.ts')).runCrawlBench(),
  matching: async () => (await import('./matching.ts')).runMatchingBench(),
};

const requested = process.argv[2];
const bench = requested ? benches[requested] : undefined;
if (!bench) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();

export {};
