import { readPage } from '../functions/crawl/page/read-page.ts';
import { extractProduct } from '../functions/crawl/page/extract-product.ts';
import { untrainedProfile } from '../test/helpers/real-pages.ts';
const kind = process.argv[2];
const html = kind === 'deepflat'
  ? `<html><body>${'<div>'.repeat(4000)}<h1>X</h1>${'<span>1 €</span>'.repeat(190000)}${'</div>'.repeat(4000)}</body></html>`
  : kind === 'deepempty' ? `<html><body>${'<div>'.repeat(4000)}<h1>X</h1>${'<span></span>'.repeat(190000)}${'</div>'.repeat(4000)}</body></html>`
  : `<html><body><h1>X</h1>${'<div>'.repeat(400000)}x${'</div>'.repeat(400000)}</body></html>`;
const t = performance.now();
try { const page = readPage(html, 'https://s.example/p'); console.log('read', Math.round(performance.now()-t));
  const r = extractProduct(page, untrainedProfile('https://s.example/p')); console.log('ok', !!r, Math.round(performance.now()-t)); }
catch (e) { console.log('threw', String(e), Math.round(performance.now()-t)); }
