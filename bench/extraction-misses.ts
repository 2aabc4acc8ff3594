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
 * The untrained reader's misses of some fields on the bench's unseen-shop columns, without the
 * in-sample training pass and the peer the full bench spends most of its time on: where a rule is
 * looked for. `npx tsx bench/extraction-misses.ts [field,field…] [column …]`, columns of `COLUMNS`
 * (default: all). `npm run bench -- extraction` stays the figure of record.
 */
const COLUMNS: Record<string, () => RealPage[]> = {
  loso: () => loadRealPages(),
  more: () => loadMoreRealPages(),
  stripped: () => loadRealPages().map((page) => ({ ...page, html: stripStructuredData(page.html) })),
  hidden: () => bothSets().map((page) => ({ ...page, html: hideMarkupVocabulary(page.html) })),
  'hidden+stripped': () =>
    bothSets().map((page) => ({ ...page, html: stripStructuredData(hideMarkupVocabulary(page.html)) })),
  // The floor test's reading: the development pages alone, stripped then hidden.
  'hidden+stripped-dev': () =>
    loadRealPages().map((page) => ({ ...page, html: hideMarkupVocabulary(stripStructuredData(page.html)) })),
};

const bothSets = (): RealPage[] => [...loadRealPages(), ...loadMoreRealPages()];

const [named = 'price', ...asked] = process.argv.slice(2);
const fields = named.split(',') as ScoredField[];
const unknown = fields.filter((field) => !SCORED_FIELDS.includes(field));
if (unknown.length > 0)
  throw new Error(`Unknown fields: ${unknown.join(', ')} (one of ${SCORED_FIELDS.join(', ')})`);
for (const column of asked.length > 0 ? asked : Object.keys(COLUMNS)) {
  const load = COLUMNS[column];
  if (!load) throw new Error(`No column ${column}; one of ${Object.keys(COLUMNS).join(', ')}`);
  const pages = load();
  const records = readRealPagesUntrained(pages);
  const score = scoreExtraction(
    pages.map((page) => page.expected),
    new Map([...records].map(([id, record]) => [id, fieldsOfRecord(record)])),
  );
  const measured = fields.map((field) => {
    const { right, scored } = score.fields[field];
    return `${field} ${accuracy(score.fields[field]).toFixed(3)} (${right}/${scored})`;
  });
  console.log(`\n${column}: ${measured.join(', ')}, records ${score.pagesWithRecord}/${score.pages}`);
  console.log(
    `  ${SCORED_FIELDS.map((each) => `${each} ${accuracy(score.fields[each]).toFixed(3)}`).join(', ')}`,
  );
  for (const miss of score.misses.filter((each) => fields.includes(each.field)))
    console.log(
      `  ${miss.field}: expected ${JSON.stringify(miss.expected)}, got ${JSON.stringify(miss.actual)}  ${miss.id.slice(0, 12)} ${miss.url}`,
    );
}
