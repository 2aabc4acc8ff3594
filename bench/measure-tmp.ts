import { fieldsOfRecord, loadRealPages, readRealPagesUntrained } from '#test/real-pages';
import { accuracy, SCORED_FIELDS, scoreExtraction } from '#test/score-extraction';

const pages = loadRealPages();
const t = performance.now();
const records = readRealPagesUntrained(pages);
const s = scoreExtraction(
  pages.map((p) => p.expected),
  new Map([...records].map(([k, v]) => [k, fieldsOfRecord(v)])),
);
for (const f of SCORED_FIELDS)
  console.log(f, accuracy(s.fields[f]).toFixed(3), `${s.fields[f].right}/${s.fields[f].scored}`);
console.log(
  'total',
  s.total.toFixed(3),
  'records',
  s.pagesWithRecord,
  '/',
  s.pages,
  Math.round(performance.now() - t),
  'ms',
);
const want = process.argv[2];
for (const m of s.misses)
  if (!want || m.field === want)
    console.log(
      m.field,
      JSON.stringify(m.expected),
      JSON.stringify(m.actual),
      m.url.slice(0, 80),
      JSON.stringify(records.get(m.id)?.source?.[m.field as 'name'] ?? null),
    );
