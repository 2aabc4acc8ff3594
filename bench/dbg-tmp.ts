import { readPage } from '#crawl/page/read-page';
import { loadRealPages } from '#test/real-pages';

const pages = loadRealPages();
for (const p of pages) {
  if (!/zalando.ie\/esprit|johnlewis.com\/gant|getit.co.il\/Prod\/101693/.test(p.expected.url)) continue;
  const page = readPage(p.html, p.expected.url);
  const prod = page.jsonLd.find((n) => /product/i.test(String(n['@type'])));
  console.log(p.expected.url, JSON.stringify(prod?.offers).slice(0, 700));
}
