#!/usr/bin/env node
// The `pds` command in a checkout of the repository: runs the compiled bundle that `npm ci` builds
// (cli/build.mjs); after changing the sources, `npm run build:cli` rebuilds it.
await import('./dist/pds.mjs');
