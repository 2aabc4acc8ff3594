import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, which function entries and bundle outputs are relative to. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How every function is bundled: one minified ESM file for Node.js 24. The CDK functions, the
 * bundle-size test and `npm run bench -- bundles` read these, so what is measured is what deploys.
 *
 * The AWS SDK v3 is left to the Lambda runtime, which carries it (nodejs24.x): bundled, the SDK alone
 * (the DynamoDB client with its credential chain) is about 360 KB of every bundle, more than the
 * 300 KB a whole function may weigh.
 *
 * playwright-core is left out too: only the browser's container image (lib/browser-image) launches
 * Chromium, and carries the package; the zip functions that share the crawl code never load it
 * (functions/crawl/render/launch-chromium.ts imports it when a browser starts).
 */
/*
 * package.json declares `"sideEffects": false`: no module under functions/ does anything when it is
 * imported (settings are read on first use), so esbuild leaves out a module whose exports a function
 * never uses. The crawl engine's face (functions/crawl/index.ts) names its rooms' exports; a
 * function that uses one of them carries that one's modules, not the whole engine (a step the face
 * loads on first use, `import()` of its room, carries that room whole).
 */
export const BUNDLE_EXTERNALS = ['@aws-sdk/*', '@smithy/*', 'playwright-core'] as const;

export const BUNDLE_TARGET = 'node24';

/** Packages a dependency's `module` build first: smaller and tree-shakable. */
export const BUNDLE_MAIN_FIELDS = ['module', 'main'] as const;

/** CommonJS dependencies inside the ESM bundle still call require(). */
export const BUNDLE_BANNER =
  "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/** The most a function's minified bundle may weigh, unless its table row says why it needs more. */
export const BUNDLE_LIMIT_BYTES = 300 * 1024;
