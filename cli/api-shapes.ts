/**
 * The fields of API bodies the CLI reads. The OpenAPI document does not give success bodies their
 * schemas yet, so the generated types call them `never`; these name what the interface promises.
 */
export interface Estimate {
  currency: string;
  unit_price_per_1000: string;
  quantity: number;
  total: string;
  cap: string;
  min_charge: string;
}

export interface Progress {
  percent?: number;
  phase?: string;
  pages?: number;
  pages_estimate?: number;
  products_processed?: number;
  products_total?: number;
}

export interface Job {
  job_id: string;
  job_type: string;
  status: string;
  project_id: string;
  website_id?: string | null;
  estimate?: Estimate | null;
  settlement?: { amount: string; currency: string; quantity: number } | null;
  error?: string | null;
  error_code?: string | null;
  created_at: string;
  analysis_progress?: (Record<string, unknown> & { products_estimate?: number }) | null;
  train_progress?: Progress | null;
  scrape_progress?: Progress | null;
  matching_progress?: Progress | null;
}

export interface Project {
  project_id: string;
  name: string;
  is_default: boolean;
  localization: { country: string; currency: string } | null;
}

export interface Website {
  website_id: string;
  url?: string;
  domain?: string;
  homepage?: string;
}

export interface Membership {
  customer_id: string;
  name?: string;
  role?: string;
}
