import type { ProjectRole } from '#core/access-policy';
import { newId } from '#core/ids';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '#core/match-bands';
import type { Localization } from './localization.ts';

export interface Project {
  project_id: string;
  name: string;
  customer_id: string | null;
  is_default: boolean;
  localization: Localization | null;
  /**
   * Price moves smaller than this percent either way are left out of the project's changes (the list
   * and the `price_changes` files); null lists every move.
   */
  change_threshold_percent: number | null;
  /**
   * Proposed matches with at least this calibrated confidence are accepted without review (`auto`);
   * the rest wait for a person (`review`). 0..1, `DEFAULT_AUTO_ACCEPT_CONFIDENCE` until set.
   */
  auto_accept_confidence: number;
  /**
   * host[:port] of the project's own crawl proxy, null when its crawls connect directly. The URL
   * with its credentials is kept sealed beside it (`crawl_proxy_sealed`) and never read into this.
   */
  crawl_proxy_host: string | null;
  created_at: string;
  updated_at: string;
}

/** A project as the user's list shows it: with the user's role in it, so a client offers what it allows. */
export type ListedProject = Project & { role: ProjectRole };

export interface ProjectChanges {
  name?: string;
  /** null removes the localization. */
  localization?: Localization | null;
  /** null removes the threshold. */
  changeThresholdPercent?: number | null;
  /** null goes back to the default. */
  autoAcceptConfidence?: number | null;
  /** The proxy's host to show and its URL sealed for this project; null removes both. */
  crawlProxy?: { host: string; sealed: string } | null;
}

/** A project being created: it always belongs to a customer. */
export type NewProject = Project & { customer_id: string };

/** A new project's record: no threshold, the default auto-accept confidence, no crawl proxy. */
export function newProject(input: {
  customerId: string;
  name: string;
  localization: Localization | null;
  isDefault?: boolean;
}): NewProject {
  const now = new Date().toISOString();
  return {
    project_id: newId('prj'),
    name: input.name,
    customer_id: input.customerId,
    is_default: input.isDefault ?? false,
    localization: input.localization,
    change_threshold_percent: null,
    auto_accept_confidence: DEFAULT_AUTO_ACCEPT_CONFIDENCE,
    crawl_proxy_host: null,
    created_at: now,
    updated_at: now,
  };
}
