/** `npm run bench -- <name>`: runs one benchmark of this folder. */
const benches: Record<string, () => Promise<unknown>> = {
  crawl: async () => (await import('./crawl.ts')).runCrawlBench(),
};

const name = process.argv[2];
const bench = name ? benches[name] : undefined;
if (!bench) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join('|')}>`);
  process.exit(2);
}
await bench();
