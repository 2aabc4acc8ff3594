/**
 * Which of a benchmark's true pairs blocking never scores, and why, as one run looks products up
 * (every product both ways, `matchingDefaults.candidates` each): `npx tsx bench/candidate-recall.ts
 * [amazon-google|walmart-amazon] [examples per kind]`. A missed pair is put in the first kind that
 * fits it:
 * - `no shared term`: the two share no word and no code end, so no lookup can find it;
 * - `code written differently`: both carry model codes, none equal, but one's letters and digits are
 *   the other's but for one or two characters ("1067x" / "10672");
 * - `duplicate listing`: among the candidates ahead of it is a listing of the same title as the partner;
 * - `generic title`: the query's words are all common (each in more than √n products);
 * - `top-K cut-off`: the partner ranks within the first 20, just past the kept ones;
 * - `scored nothing`: found but the pair's score is 0 (a veto or conflict);
 * - `ranked far`: the rest.
 * Then, of the scored true pairs, which one run proposes (the match or one of its alternatives) and
 * why the others are left: the reference matched to another listing of the partner's title or to
 * another product, or unmatched (its partner taken, or no pair accepted by the rule).
 */
import {
  editDistance,
  matchCatalogs,
  type ProductFeatures,
  rankCandidates,
} from '../functions/match/index.ts';
import { benchmarkBlocking } from './benchmark-blocking.ts';

const kinds = [
  'no shared term',
  'code written differently',
  'duplicate listing',
  'generic title',
  'top-K cut-off',
  'scored nothing',
  'ranked far',
] as const;
type Kind = (typeof kinds)[number];

/** How far down the other catalog's ranking a partner is still a near miss. */
const nearRank = 20;

export async function candidateRecall(dataset: string) {
  const { data, refs, comps, weights, refIndex, compIndex, found } = await benchmarkBlocking(dataset);
  const pairKey = (r: number, c: number) => `${r} ${c}`;
  const scored = new Set([...found].filter(([, pair]) => pair !== null).map(([key]) => key));
  const refAt = new Map(data.left.map((product, i) => [product.url, i]));
  const compAt = new Map(data.right.map((product, i) => [product.url, i]));
  const missed = new Map<Kind, string[]>(kinds.map((kind) => [kind, []]));
  let covered = 0;
  let unknown = 0;
  for (const [left, right] of data.truth) {
    const r = refAt.get(left);
    const c = compAt.get(right);
    if (r === undefined || c === undefined) {
      unknown++;
      continue;
    }
    if (scored.has(pairKey(r, c))) {
      covered++;
      continue;
    }
    const a = refs[r] as ProductFeatures;
    const b = comps[c] as ProductFeatures;
    const kind = kindOf(a, b, r, c);
    (missed.get(kind) as string[]).push(`${data.left[r]?.name} | ${data.right[c]?.name}`);
  }
  function kindOf(a: ProductFeatures, b: ProductFeatures, r: number, c: number): Kind {
    if (found.has(pairKey(r, c))) return 'scored nothing';
    const rankOf = (query: ProductFeatures, index: typeof compIndex, partner: number) => {
      const { top } = rankCandidates(query, index, weights, nearRank, undefined, () => true);
      return { at: top.findIndex((candidate) => candidate.product === partner), top };
    };
    const forward = rankOf(a, compIndex, c);
    const backward = rankOf(b, refIndex, r);
    if (forward.at < 0 && backward.at < 0 && !sharesTerm(a, b)) return 'no shared term';
    if (a.codes.length > 0 && b.codes.length > 0 && nearCodes(a.codes, b.codes))
      return 'code written differently';
    const partnerName = data.right[c]?.name?.toLowerCase();
    const ahead = forward.at < 0 ? forward.top : forward.top.slice(0, forward.at);
    if (
      ahead.some(({ product }) => product !== c && data.right[product]?.name?.toLowerCase() === partnerName)
    )
      return 'duplicate listing';
    const common = Math.sqrt(comps.length);
    if (a.words.every((word) => (compIndex.words.get(word)?.length ?? 0) > common) && a.codes.length === 0)
      return 'generic title';
    if (forward.at >= 0 || backward.at >= 0) return 'top-K cut-off';
    return 'ranked far';
  }
  return { dataset, truth: data.truth.length, unknown, covered, missed, ...(await lostAfterBlocking()) };

  /**
   * The true pairs scored but not proposed (neither the match nor one of its alternatives), by why
   * one run's assignment leaves them: the reference matched to a listing of the partner's title, to
   * another product, or to nothing (its partner taken by another reference product, or no pair
   * accepted by the rule).
   */
  async function lostAfterBlocking() {
    const result = await matchCatalogs({ website_id: 'left', products: data.left }, [
      { website_id: 'right', products: data.right },
    ]);
    const matchOf = new Map(result.matches.map((match) => [match.reference_url, match]));
    const takenBy = new Map(result.matches.map((match) => [match.url, match.reference_url]));
    const nameOf = new Map(data.right.map((product) => [product.url, product.name?.toLowerCase()]));
    const lost = new Map<string, string[]>();
    let proposed = 0;
    const note = (kind: string, pair: string) => lost.set(kind, [...(lost.get(kind) ?? []), pair]);
    for (const [left, right] of data.truth) {
      const r = refAt.get(left);
      const c = compAt.get(right);
      if (r === undefined || c === undefined || !scored.has(pairKey(r, c))) continue;
      const match = matchOf.get(left);
      if (match && (match.url === right || match.alternatives?.some((other) => other.url === right))) {
        proposed++;
        continue;
      }
      const pair = `${data.left[r]?.name} | ${data.right[c]?.name}`;
      if (match && nameOf.get(match.url) === nameOf.get(right))
        note('matched to another listing of the same title', pair);
      else if (match?.alternatives)
        note('matched to another product, the partner not among its alternatives', pair);
      else if (match) note('matched to another product from AUTO confidence (no alternatives listed)', pair);
      else if (takenBy.has(right)) note('unmatched, its partner taken by another reference product', pair);
      else note('unmatched, no pair accepted by the rule', pair);
    }
    return { proposed, lost };
  }
}

function sharesTerm(a: ProductFeatures, b: ProductFeatures): boolean {
  const words = new Set(b.words);
  return a.words.some((word) => words.has(word)) || a.codes.some((code) => b.codes.includes(code));
}

/** Codes one or two edits apart, both of five characters or more. */
function nearCodes(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => x !== y && x.length >= 5 && y.length >= 5 && editDistance(x, y) <= 2));
}

if (process.argv[1]?.endsWith('candidate-recall.ts')) {
  const dataset = process.argv[2] ?? 'amazon-google';
  const examples = Number(process.argv[3] ?? 5);
  const { truth, unknown, covered, missed, proposed, lost } = await candidateRecall(dataset);
  console.log(
    `${dataset}: ${covered} of ${truth} true pairs scored as candidates (${((100 * covered) / truth).toFixed(1)} %); ${unknown} name a product neither catalogue holds`,
  );
  for (const [kind, pairs] of missed) {
    console.log(`  ${kind}: ${pairs.length}`);
    for (const pair of pairs.slice(0, examples)) console.log(`    ${pair}`);
  }
  console.log(
    `proposed (a match or one of its alternatives): ${proposed} of ${truth} (${((100 * proposed) / truth).toFixed(1)} %); the scored pairs not proposed:`,
  );
  for (const [kind, pairs] of lost) {
    console.log(`  ${kind}: ${pairs.length}`);
    for (const pair of pairs.slice(0, examples)) console.log(`    ${pair}`);
  }
}
