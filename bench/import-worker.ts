import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

// Imports one bundle in a fresh process, as a cold start does, and prints how long it took.
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: import-worker <bundle.mjs>');
const started = performance.now();
await import(pathToFileURL(file).href);
console.log(JSON.stringify({ ms: performance.now() - started }));
