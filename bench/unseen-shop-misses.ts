import { hideMarkupVocabulary } from '../test/helpers/hide-markup-vocabulary.ts';
import {
  fieldsOfRecord,
  loadMoreRealPages,
  loadRealPages,
  type RealPage,
  readRealPagesUntrained,
} from '../test/helpers/real-pages.ts';
import {
  accuracy,
  SCORED_FIELDS,
  type ScoredField,
  scoreExtraction,
} from '../test/helpers/score-extraction.ts';
import { stripStructuredData } from '../test/helpers/strip-structured-data.ts';

/**
 * The unfitted columns of the extraction bench without its in-sample training and its peer (a
 * minute instead of ten), with each column's misses of the fields named on the command line:
 * `npx tsx bench/unseen-shop-misses.ts sku name`. For working through misses by kind of cause;
 * `npm run bench -- extraction` stays the figure of record.
 */
const fields = process.argv.slice(2) as ScoredField[];
const unknown = fields.filter((field) => !SCORED_FIELDS.includes(field));
if (unknown.length > 0) {
  console.error(`Unknown fields: ${unknown.join(', ')} (one of ${SCORED_FIELDS.join(', ')})`);
  process.exit(2);
}

const pages = loadRealPages();
const stripped = pages.map((page) => ({ ...page, html: stripStructuredData(page.html) }));
const hidden = [...pages, ...loadMoreRealPages()].map((page) => ({
  ...page,
  html: hideMarkupVocabulary(page.html),
}));
const columns: [string, RealPage[]][] = [
  ['leave-one-shop-out', pages],
  ['stripped (LOSO)', stripped],
  ['words hidden (LOSO)', hidden],
  ['hidden+stripped', hidden.map((page) => ({ ...page, html: stripStructuredData(page.html) }))],
  // The floor test's reading of that kind: the development pages alone, stripped, then hidden.
  [
    'hidden+stripped, development pages (floor test)',
    stripped.map((page) => ({ ...page, html: hideMarkupVocabulary(page.html) })),
  ],
];

for (const [label, set] of columns) {
  const records = new Map(
    [...readRealPagesUntrained(set)].map(([id, record]) => [id, fieldsOfRecord(record)]),
  );
  const score = scoreExtraction(
    set.map((page) => page.expected),
    records,
  );
  const figures = SCORED_FIELDS.map((field) => `${field} ${accuracy(score.fields[field]).toFixed(3)}`);
  console.log(`\n${label}: ${figures.join(', ')}, records ${score.pagesWithRecord}/${score.pages}`);
  for (const miss of score.misses.filter((entry) => fields.includes(entry.field)))
    console.log(
      `  ${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)} (${miss.id} ${miss.url})`,
    );
}
