import { brotliCompressSync, gzipSync } from 'node:zlib';
import { docsPage } from '#http/docs/docs-page';
import { buildConsole } from '../console/build-console.ts';

/** The budget for the console's first load, compressed. */
const BUDGET_BYTES = 250 * 1024;

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);

/**
 * What a browser loads for the console's first page (the page, its styles, its one script), raw,
 * gzip and brotli, against the service's other browser page, the API reference (Swagger UI inlined),
 * compressed the same way in the same run.
 */
export async function runConsoleBench(): Promise<void> {
  const started = performance.now();
  const files = buildConsole();
  const buildMs = performance.now() - started;
  const rows = files.map((file) => ({
    name: file.name,
    raw: file.body.length,
    gzip: gzipSync(file.body).length,
    brotli: brotliCompressSync(file.body).length,
  }));
  const peer = Buffer.from(await docsPage());
  const peerGzip = gzipSync(peer).length;
  console.log(`built in ${buildMs.toFixed(0)} ms (esbuild, minified)`);
  console.log('raw KB'.padStart(8), 'gzip KB'.padStart(8), 'br KB'.padStart(8), '  file');
  for (const row of rows) console.log(kb(row.raw), kb(row.gzip), kb(row.brotli), ` ${row.name}`);
  const total = (key: 'raw' | 'gzip' | 'brotli') => rows.reduce((sum, row) => sum + row[key], 0);
  console.log(kb(total('raw')), kb(total('gzip')), kb(total('brotli')), '  console first load');
  console.log(
    kb(peer.length),
    kb(peerGzip),
    kb(brotliCompressSync(peer).length),
    '  peer: API reference page',
  );
  console.log(
    `console first load: ${(total('gzip') / 1024).toFixed(1)} KB gzip, ${((100 * total('gzip')) / BUDGET_BYTES).toFixed(1)} % of the ${BUDGET_BYTES / 1024} KB budget, ${(total('gzip') / peerGzip).toFixed(3)} x the API reference page`,
  );
  if (total('gzip') > BUDGET_BYTES) process.exitCode = 1;
}
