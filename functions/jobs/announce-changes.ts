import { changesEventData } from '#core/changes-event';
import type { StoredChange } from '#store/price-changes';
import { getProject } from '#store/projects';
import { publishEvent } from '#store/webhook-events';

/**
 * Announces a scrape's changes to the project's webhooks as one `changes.detected` event, filtered by
 * the project's `change_threshold_percent` like the changes list: one event per scrape, not per
 * product, so a catalog-wide repricing is one delivery, not thousands.
 */
export async function announceChanges(projectId: string, changes: readonly StoredChange[]): Promise<void> {
  if (changes.length === 0) return;
  const project = await getProject(projectId);
  const data = changesEventData(changes, project?.change_threshold_percent ?? null);
  if (data) await publishEvent(projectId, 'changes.detected', { ...data });
}
