import type { ProductRecord } from '#core/product-record';
import type { JointWrite } from '#store/joint-write';
import type { PageRequest, QueryPage } from '#store/query-page';
import type { Website } from './website.ts';

/**
 * Where websites, their extraction profiles and training samples are kept: what the website use
 * cases need of a store, in their words. A lost race is `false`, never a storage error.
 */
export interface WebsiteStore {
  /**
   * The writes that put a website into its project with its extraction profile and sample, for the
   * move that completes its setup job, so a website never lands half. The one website per identity
   * and project makes the move fail when another holds it.
   */
  landing(website: Website, profile: unknown, sample: ProductRecord[]): JointWrite;
  get(websiteId: string): Promise<Website | null>;
  /** The project's website of this identity (host without `www.`, plus a non-default port), or null. */
  findByIdentity(projectId: string, identity: string): Promise<Website | null>;
  /** The project's websites, newest first. */
  ofProject(projectId: string): Promise<Website[]>;
  /** One page of the project's websites, newest first. */
  page(projectId: string, page: PageRequest): Promise<QueryPage<Website>>;
  /** Which of these website ids are still in their projects. */
  existingIds(websiteIds: readonly string[]): Promise<Set<string>>;
  /** The products read while training; empty when none were kept. */
  sample(websiteId: string): Promise<ProductRecord[]>;
  /** The extraction profile the setup learned, or null. */
  profile(websiteId: string): Promise<unknown>;
  /**
   * Removes the website with its identity (so it can be set up again), its profile, sample and job
   * links; false when it was already removed.
   */
  remove(website: Website): Promise<boolean>;
}
