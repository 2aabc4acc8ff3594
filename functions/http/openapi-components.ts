import type * as v from 'valibot';
import { account, apiKey, createdApiKey } from './account/account-responses.ts';
import { balance, invoice, startedTopup, topupStatus, usage } from './billing/billing-responses.ts';
import { contactRequest } from './contact/contact-responses.ts';
import { customer, membership } from './customers/customer-responses.ts';
import { exportFile, exportLink } from './exports/export-responses.ts';
import {
  anyJob,
  approval,
  createdScrapeJob,
  matchingJob,
  scrapeJob,
  settlement,
  setupJob,
} from './jobs/job-responses.ts';
import {
  listedProject,
  matchDecision,
  matchReviewItem,
  priceChange,
  priceComparisonItem,
  project,
} from './projects/project-responses.ts';
import { estimate, localization, productRecord } from './response-fields.ts';
import { createdSchedule, schedule, scheduleRun } from './schedules/schedule-responses.ts';
import { createdWebhook, delivery, webhook } from './webhooks/webhook-responses.ts';
import { productHistory, website, websiteSample } from './websites/website-responses.ts';

/**
 * The shared objects of the API by the names the OpenAPI document gives them: each is one component
 * schema, referenced wherever a response holds it, so a generated client has a type of each.
 */
export const COMPONENT_SCHEMAS: Record<string, v.GenericSchema> = {
  Job: anyJob,
  SetupJob: setupJob,
  ScrapeJob: scrapeJob,
  CreatedScrapeJob: createdScrapeJob,
  MatchingJob: matchingJob,
  Estimate: estimate,
  Approval: approval,
  Settlement: settlement,
  Account: account,
  ApiKey: apiKey,
  CreatedApiKey: createdApiKey,
  ContactRequest: contactRequest,
  Membership: membership,
  Customer: customer,
  Balance: balance,
  Usage: usage,
  Invoice: invoice,
  Topup: topupStatus,
  StartedTopup: startedTopup,
  Project: project,
  ListedProject: listedProject,
  MatchReviewItem: matchReviewItem,
  PriceComparisonItem: priceComparisonItem,
  Localization: localization,
  Website: website,
  WebsiteSample: websiteSample,
  Product: productRecord,
  ProductHistory: productHistory,
  PriceChange: priceChange,
  MatchDecision: matchDecision,
  Schedule: schedule,
  CreatedSchedule: createdSchedule,
  ScheduleRun: scheduleRun,
  Webhook: webhook,
  CreatedWebhook: createdWebhook,
  WebhookDelivery: delivery,
  ExportFile: exportFile,
  ExportLink: exportLink,
};
