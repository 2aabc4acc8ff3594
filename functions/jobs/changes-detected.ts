import type { StoredChange } from '#history/change-record';
import { changesEventData } from '#history/changes-event';
import { priceGapChanges } from '#history/price-gap';
import type { Project } from '#projects/project';
import type { EventContent } from '#webhooks/webhook-events';

/**
 * A scrape's changes as one `changes.detected` event, filtered by the project's
 * `change_threshold_percent` like the changes list: one event per scrape, not per product, so a
 * catalog-wide repricing is one delivery, not thousands. Null when nothing is left to announce.
 */
export function changesDetected(
  project: Project | null,
  changes: readonly StoredChange[],
): EventContent | null {
  if (changes.length === 0) return null;
  const data = changesEventData(changes, project?.change_threshold_percent ?? null);
  return data ? { type: 'changes.detected', data: { ...data } } : null;
}

/**
 * A scrape's events: `changes.detected` for its changes past the threshold, then one
 * `match.price_gap_changed` per competitor product whose gap to its matched reference product
 * crossed the project's `change_threshold_percent`.
 */
export function scrapeChangeEvents(
  project: Project | null,
  changes: readonly StoredChange[],
): EventContent[] {
  const detected = changesDetected(project, changes);
  const gaps = priceGapChanges(changes, project?.change_threshold_percent ?? null).map(
    (data): EventContent => ({ type: 'match.price_gap_changed', data: { ...data } }),
  );
  return detected ? [detected, ...gaps] : gaps;
}
