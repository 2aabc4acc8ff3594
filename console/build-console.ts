import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

/** Where the console is served: on the API's origin, beside the API's `/v1`. */
export const CONSOLE_PATH = '/console';

/** A file of the built console: its name under `/console/`, its media type and its bytes. */
export interface ConsoleFile {
  name: string;
  type: string;
  body: Buffer;
}

const here = new URL('.', import.meta.url);

/**
 * What a browser may load on a console page: its own files and the API on the same origin; product
 * images come from the shops, so images alone may come from anywhere.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data: https: http:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The console as the static files a browser loads: the page, its styles (uPlot's inside) and one
 * script bundled by esbuild from `console/src` (Preact, uPlot, the typed client and openapi-fetch
 * inside it), so nothing comes from a CDN. Built when served or synthesized, never committed; synchronous because CDK's local bundling is.
 */
export function buildConsole(): ConsoleFile[] {
  const bundled = buildSync({
    // The styles are bundled too, so uPlot's own stylesheet comes from node_modules, not a CDN.
    entryPoints: {
      app: new URL('./src/main.tsx', here).pathname,
      console: new URL('./console.css', here).pathname,
    },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    write: false,
    outdir: 'out',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = (name: string) => {
    const file = bundled.outputFiles.find((candidate) => candidate.path.endsWith(`/out/${name}`));
    if (!file) throw new Error(`esbuild produced no ${name}`);
    return Buffer.from(file.contents);
  };
  return [
    {
      name: 'index.html',
      type: 'text/html; charset=utf-8',
      body: readFileSync(new URL('./index.html', here)),
    },
    { name: 'console.css', type: 'text/css; charset=utf-8', body: output('console.css') },
    { name: 'app.js', type: 'text/javascript; charset=utf-8', body: output('app.js') },
  ];
}

/** Writes the built console into a folder (the CDK asset the console bucket receives). */
export function writeConsole(directory: string): void {
  mkdirSync(directory, { recursive: true });
  for (const file of buildConsole()) writeFileSync(join(directory, file.name), file.body);
}
