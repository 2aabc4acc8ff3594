import type { Difficulty, Estimate } from '#core/pricing';

/** A website in a project: what its setup found, and the quote of a FULL scrape of it. */
export interface Website {
  website_id: string;
  project_id: string;
  /** The home page the setup started from. */
  url: string;
  /** The website's identity: host without `www.`, plus a non-default port. */
  domain: string;
  language: string | null;
  product_type: string | null;
  products_estimate: number;
  difficulty: Difficulty;
  /** How its pages are read: fetched, or rendered in a browser (the setup's analysis decided). */
  rendering: 'HTTP' | 'BROWSER';
  /** The FULL-scrape quote made when the website was set up. */
  estimate: Estimate;
  setup_job_id: string;
  created_at: string;
  updated_at: string;
}
