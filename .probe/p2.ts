import { load } from 'cheerio/slim';
import { parseDocument } from 'htmlparser2';
const n = Number(process.argv[2]);
const html = `<html><body><h1>X</h1>${'<div>'.repeat(n)}x${'</div>'.repeat(n)}</body></html>`;
let t = performance.now();
const doc = parseDocument(html); console.log('parse', Math.round(performance.now()-t));
t = performance.now(); const $ = load(html); console.log('load', Math.round(performance.now()-t));
for (const sel of ['meta','h1','link[rel~="canonical"]','script[type="application/ld+json"]','html','body *']) {
  t = performance.now(); const r = $(sel).toArray().length; console.log(sel, r, Math.round(performance.now()-t));
}
