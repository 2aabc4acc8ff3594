import { describe, expect, it } from 'vitest';
import {
  decisionClash,
  decisionId,
  keptSlots,
  type MatchDecision,
  type MatchDecisionKind,
  type ProductPair,
  reviewMatches,
} from './match-decisions.ts';

const pair = (referenceUrl: string, competitorUrl: string, competitor = 'web_c'): ProductPair => ({
  reference_website_id: 'web_r',
  reference_url: referenceUrl,
  competitor_website_id: competitor,
  competitor_url: competitorUrl,
});

const decide = (of: ProductPair, decision: MatchDecisionKind): MatchDecision => ({
  ...of,
  decision_id: decisionId(of),
  project_id: 'prj_1',
  decision,
  decided_by: 'usr_1',
  decided_at: '2026-11-24T05:00:00.000Z',
  proposal: decision === 'ACCEPTED' ? { score: 0.8, method: 'TEXT' } : null,
});

const swapped = (of: ProductPair): ProductPair => ({
  reference_website_id: of.competitor_website_id,
  reference_url: of.competitor_url,
  competitor_website_id: of.reference_website_id,
  competitor_url: of.reference_url,
});

type Row = ProductPair & { score: number | null; confidence?: number };
const proposed = (of: ProductPair, score = 0.9, confidence = 0.97): Row => ({ ...of, score, confidence });
const fromDecision = (decision: MatchDecision): Row => ({
  reference_website_id: decision.reference_website_id,
  reference_url: decision.reference_url,
  competitor_website_id: decision.competitor_website_id,
  competitor_url: decision.competitor_url,
  score: decision.proposal?.score ?? null,
});
const review = (proposals: Row[], decisions: MatchDecision[], competitors = ['web_c']) =>
  reviewMatches('web_r', competitors, proposals, decisions, fromDecision, 0.95);
const urls = (rows: { reference_url: string; competitor_url: string; status: string }[]) =>
  rows.map((row) => `${row.reference_url}>${row.competitor_url}:${row.status}`).sort();

describe('decision ids and slots', () => {
  it('give a pair one id whichever website is named the reference, and different pairs different ids', () => {
    const ab = pair('/a', '/b');
    expect(decisionId(ab)).toBe(decisionId(swapped(ab)));
    expect(decisionId(ab)).toMatch(/^mdc_[0-9a-f]{40}$/);
    expect(decisionId(ab)).not.toBe(decisionId(pair('/a', '/c')));
    expect(decisionId(ab)).not.toBe(decisionId(pair('/a', '/b', 'web_d')));
  });

  it('hold each product towards the other website, the same slots from either side', () => {
    expect(keptSlots(swapped(pair('/a', '/b'))).sort()).toEqual(keptSlots(pair('/a', '/b')).sort());
    expect(keptSlots(pair('/a', '/b'))[0]).toBe(keptSlots(pair('/a', '/z'))[0]);
    expect(keptSlots(pair('/a', '/b'))[0]).not.toBe(keptSlots(pair('/a', '/b', 'web_d'))[0]);
  });
});

describe('a wanted decision against the existing ones', () => {
  it('is the same when the pair already has that decision, from either side', () => {
    const existing = [decide(pair('/a', '/b'), 'REJECTED')];
    expect(decisionClash(existing, { ...swapped(pair('/a', '/b')), decision: 'REJECTED' }).kind).toBe('SAME');
  });

  it('conflicts when the pair has another decision', () => {
    const existing = [decide(pair('/a', '/b'), 'REJECTED')];
    expect(decisionClash(existing, { ...pair('/a', '/b'), decision: 'ACCEPTED' })).toEqual({
      kind: 'CONFLICT',
      decision: existing[0],
    });
  });

  it('conflicts when a kept pair already holds either product towards the same website', () => {
    const existing = [decide(pair('/a', '/b'), 'ACCEPTED')];
    expect(decisionClash(existing, { ...pair('/a', '/x'), decision: 'MANUAL' }).kind).toBe('CONFLICT');
    expect(decisionClash(existing, { ...pair('/x', '/b'), decision: 'MANUAL' }).kind).toBe('CONFLICT');
    expect(decisionClash(existing, { ...pair('/a', '/x', 'web_d'), decision: 'MANUAL' }).kind).toBe('NONE');
  });

  it('lets a rejection sit beside a kept pair of the same product, and rejections beside each other', () => {
    const existing = [decide(pair('/a', '/b'), 'MANUAL'), decide(pair('/a', '/c'), 'REJECTED')];
    expect(decisionClash(existing, { ...pair('/a', '/x'), decision: 'REJECTED' }).kind).toBe('NONE');
    expect(decisionClash(existing, { ...pair('/y', '/c'), decision: 'REJECTED' }).kind).toBe('NONE');
  });
});

describe('matches after review', () => {
  it('band each proposal by its confidence: auto from the project threshold on, review below', () => {
    const rows = review(
      [
        proposed(pair('/a', '/b'), 0.9, 0.95),
        proposed(pair('/c', '/d'), 0.9, 0.94),
        { ...pair('/e', '/f'), score: 0.8 },
      ],
      [],
    );
    expect(urls(rows)).toEqual(['/a>/b:auto', '/c>/d:review', '/e>/f:review']);
  });

  it('are the proposals, each proposed, without decisions', () => {
    expect(urls(review([proposed(pair('/a', '/b')), proposed(pair('/c', '/d'))], []))).toEqual([
      '/a>/b:auto',
      '/c>/d:auto',
    ]);
  });

  it('leave a rejected pair out, even when the rejection named the websites the other way round', () => {
    const rejected = decide(swapped(pair('/a', '/b')), 'REJECTED');
    expect(urls(review([proposed(pair('/a', '/b')), proposed(pair('/c', '/d'))], [rejected]))).toEqual([
      '/c>/d:auto',
    ]);
  });

  it("show an accepted pair the engine still proposes with the engine's current score", () => {
    const rows = review([proposed(pair('/a', '/b'), 0.95)], [decide(pair('/a', '/b'), 'ACCEPTED')]);
    expect(rows).toEqual([{ ...pair('/a', '/b'), score: 0.95, confidence: 0.97, status: 'accepted' }]);
  });

  it('keep an accepted pair the engine no longer proposes, as it was accepted', () => {
    const rows = review([], [decide(pair('/a', '/b'), 'ACCEPTED')]);
    expect(rows).toEqual([{ ...pair('/a', '/b'), score: 0.8, status: 'accepted' }]);
  });

  it('add a manual pair, and drop the proposals it displaces on either side (one to one)', () => {
    const proposals = [
      proposed(pair('/a', '/b')),
      proposed(pair('/c', '/x')),
      proposed(pair('/e', '/f')),
      proposed(pair('/a', '/g', 'web_d')),
    ];
    const rows = review(proposals, [decide(pair('/a', '/x'), 'MANUAL')], ['web_c', 'web_d']);
    expect(urls(rows)).toEqual(['/a>/g:auto', '/a>/x:manual', '/e>/f:auto']);
    expect(rows.find((row) => row.competitor_url === '/x')?.score).toBeNull();
  });

  it("ignore decisions of websites outside the run's pairs", () => {
    const elsewhere = decide(pair('/a', '/q', 'web_other'), 'MANUAL');
    expect(urls(review([proposed(pair('/a', '/b'))], [elsewhere]))).toEqual(['/a>/b:auto']);
  });

  it('orient a kept pair named from the competitor side to the reference', () => {
    const rows = review([], [decide(swapped(pair('/a', '/b')), 'MANUAL')]);
    expect(rows).toEqual([{ ...pair('/a', '/b'), score: null, status: 'manual' }]);
  });
});
