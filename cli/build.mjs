// Compiles `pds` (cli/main.ts and what it imports, dependencies included) into one JavaScript bundle
// in cli/dist, so a call starts without compiling TypeScript and the packed pds-cli package needs
// nothing installed beside it. Run by `npm ci` (prepare), `npm pack` of cli/ (prepack) and the tests.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));

export async function buildCli() {
  await build({
    entryPoints: { pds: `${here}main.ts` },
    outdir: `${here}dist`,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    // Code splitting keeps the MCP SDK (loaded by `pds mcp` alone) out of every other call's start.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    keepNames: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __pdsRequire } from 'node:module';\nconst require = __pdsRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCli();
