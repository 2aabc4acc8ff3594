import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE, proposalBand } from '#core/match-bands';
import type { ProductRecord } from '#core/product-record';
import { matchCatalogs } from '../match-catalogs.ts';
import { measureAccuracy, measureDecisions } from './measure-accuracy.ts';
import { readBenchmarkDataset } from './read-benchmark-dataset.ts';
import { readLabelledPairs } from './read-labelled-pairs.ts';
import { judgeTitlePairs } from './score-title-pairs.ts';

/**
 * Whole catalogue against whole catalogue on the two benchmarks of data/matching (kept in the
 * repository with their sources; a missing folder fails the test). The floors sit a few points
 * under what the engine measured, so a change that costs accuracy fails here. Both answer keys
 * miss pairs that are plainly the same product (identical titles and model numbers), so precision
 * against them understates the engine's. AUTO (the committed calibration, in sample: a guard) has
 * floors on its key-named precision and its share of the key's pairs (`autoRecall`; match-13
 * measured 0.423 and 0.837).
 */
const floors = {
  'amazon-google': {
    precision: 0.74,
    keyNamedPrecision: 0.85,
    recall: 0.78,
    f1: 0.765,
    autoPrecision: 0.99,
    autoRecall: 0.4,
  },
  // Since match-12 a guess between walmart-amazon's shops waits for review instead of being dropped
  // (docs/decisions.md, "A suspect guess waits for review"): more of its proposals touch products the
  // key is silent on, so precision over every proposal fell and the key-named one is the guard.
  'walmart-amazon': {
    precision: 0.67,
    keyNamedPrecision: 0.96,
    recall: 0.9,
    f1: 0.77,
    autoPrecision: 0.99,
    autoRecall: 0.81,
  },
};
/**
 * Pairwise decisions on the WDC validation pairs, a few points under measured: the engine's pair
 * decision (confidence at least 0.5), and the assignment score alone (at least 0.5, accepted on
 * its own in a whole-catalogue run).
 */
const pairFloors = { precision: 0.66, recall: 0.78, f1: 0.715, scoreF1: 0.55 };

describe('matching accuracy on real catalogues', () => {
  for (const [name, floor] of Object.entries(floors)) {
    it(`${name}: precision, recall and F1 above the floors`, async () => {
      const dataset = await readBenchmarkDataset(name);
      const started = performance.now();
      const result = await matchCatalogs({ website_id: 'left', products: dataset.left }, [
        { website_id: 'right', products: dataset.right },
      ]);
      const seconds = (performance.now() - started) / 1000;
      const accuracy = measureAccuracy(
        result.matches.map((match) => [match.reference_url, match.url] as const),
        dataset.truth,
      );
      console.log(
        `${name}: ${dataset.left.length} x ${dataset.right.length} products, ${accuracy.found} matches, precision ${accuracy.precision.toFixed(3)}, recall ${accuracy.recall.toFixed(3)}, F1 ${accuracy.f1.toFixed(3)} in ${seconds.toFixed(1)} s`,
      );
      // AUTO by the committed calibration, fitted on these catalogues: a guard, not a held-out measure
      // (the bench's review lines cross-validate it).
      const auto = measureAccuracy(
        result.matches
          .filter((match) => proposalBand(match.confidence, DEFAULT_AUTO_ACCEPT_CONFIDENCE) === 'auto')
          .map((match) => [match.reference_url, match.url] as const),
        dataset.truth,
      );
      console.log(
        `${name}: key-named precision ${accuracy.keyNamedPrecision.toFixed(3)}; AUTO ${auto.found}, key-named precision ${auto.keyNamedPrecision.toFixed(3)}, recall ${auto.recall.toFixed(3)}`,
      );
      expect(accuracy.precision).toBeGreaterThanOrEqual(floor.precision);
      expect(accuracy.keyNamedPrecision).toBeGreaterThanOrEqual(floor.keyNamedPrecision);
      expect(auto.keyNamedPrecision).toBeGreaterThanOrEqual(floor.autoPrecision);
      expect(auto.recall).toBeGreaterThanOrEqual(floor.autoRecall);
      expect(accuracy.recall).toBeGreaterThanOrEqual(floor.recall);
      expect(accuracy.f1).toBeGreaterThanOrEqual(floor.f1);
    });
  }

  it('WDC validation pairs: precision, recall and F1 of the pair decision above the floors', async () => {
    const pairs = await readLabelledPairs('valid');
    const judged = judgeTitlePairs(pairs);
    const decided = (decide: (i: number) => boolean) =>
      measureDecisions(
        pairs.map((pair) => pair.same),
        decide,
      );
    const accuracy = decided((i) => (judged[i]?.confidence ?? 0) >= 0.5);
    const scored = decided((i) => (judged[i]?.score ?? 0) >= 0.5);
    console.log(
      `WDC valid: ${pairs.length} pairs, precision ${accuracy.precision.toFixed(3)}, recall ${accuracy.recall.toFixed(3)}, F1 ${accuracy.f1.toFixed(3)}; assignment score alone F1 ${scored.f1.toFixed(3)}`,
    );
    expect(scored.f1).toBeGreaterThanOrEqual(pairFloors.scoreF1);
    expect(accuracy.precision).toBeGreaterThanOrEqual(pairFloors.precision);
    expect(accuracy.recall).toBeGreaterThanOrEqual(pairFloors.recall);
    expect(accuracy.f1).toBeGreaterThanOrEqual(pairFloors.f1);
  });

  // Three whole runs over 2,554 x 22,074 products: more than the default timeout on a busy machine.
  it('walmart-amazon: an incremental run after 2% of the products changed skips the rest and agrees with a full run', async () => {
    const dataset = await readBenchmarkDataset('walmart-amazon');
    const reference = { website_id: 'walmart', products: dataset.left };
    const first = await matchCatalogs(reference, [{ website_id: 'amazon', products: dataset.right }]);
    // Every 50th product of both sides gets a changed title; every 7th priced product a price 10 %
    // higher, as a day's price updates go: not a change of product, and too small to lean a choice.
    const edit = (products: ProductRecord[]): ProductRecord[] =>
      products.map((product, i) =>
        i % 50 === 0
          ? { ...product, name: `${product.name} (renewed)` }
          : i % 7 === 0 && product.price
            ? { ...product, price: (Number(product.price) * 1.1).toFixed(2) }
            : product,
      );
    const changedReference = { website_id: 'walmart', products: edit(dataset.left) };
    const changedCompetitor = [{ website_id: 'amazon', products: edit(dataset.right) }];
    const second = await matchCatalogs(changedReference, changedCompetitor, { previous: first });
    const full = await matchCatalogs(changedReference, changedCompetitor);

    const renamed = Math.ceil(dataset.left.length / 50);
    expect(second.websites.map((website) => website.modified)).toEqual([
      renamed,
      Math.ceil(dataset.right.length / 50),
    ]);
    expect(second.counters.products_checked).toBeGreaterThanOrEqual(renamed);
    expect(second.counters.products_skipped_not_modified).toBe(
      dataset.left.length - second.counters.products_checked,
    );
    expect(second.counters.products_skipped_not_modified).toBeGreaterThan(0.95 * dataset.left.length);
    const key = (match: { reference_url: string; url: string }) => `${match.reference_url} ${match.url}`;
    const fullPairs = new Set(full.matches.map(key));
    const agreeing = second.matches.filter((match) => fullPairs.has(key(match))).length;
    console.log(
      `incremental: ${second.counters.products_checked} checked, ${second.counters.products_skipped_not_modified} skipped, ${agreeing} of ${second.matches.length} matches as in a full run (${full.matches.length})`,
    );
    expect(agreeing).toBeGreaterThan(0.98 * full.matches.length);
  }, 240_000);
});
