import { describe, expect, it } from 'vitest';
import {
  apiKeyLookupKey,
  balanceKey,
  beginsWith,
  between,
  chargeKey,
  chargesBetween,
  creditGuardKey,
  customerMembershipKey,
  customerMembershipsPrefix,
  customerMembersIndex,
  customerProjectsIndex,
  exportFileKey,
  exportFilesPrefix,
  exportSettingsKey,
  holdKey,
  holdsPrefix,
  invoiceCounterKey,
  invoiceKey,
  invoicesPrefix,
  jobKey,
  jobLockKey,
  jobWithProgress,
  type KeyPrefix,
  type KeyRange,
  ledgerEntriesPrefix,
  ledgerEntryKey,
  matchDecisionKey,
  matchDecisionsPrefix,
  matchDecisionsVersionKey,
  matchingSampleKey,
  matchingStateKey,
  matchingStatesPrefix,
  openJobKey,
  projectChangeKey,
  projectChangesSince,
  projectJobsIndex,
  projectKey,
  projectMembershipKey,
  projectMembershipsPrefix,
  scheduleKey,
  scheduleRunKey,
  scheduleRunsPrefix,
  scrapeBatchKey,
  scrapeProgressKey,
  sessionInvoiceKey,
  setupSlotsPrefix,
  userApiKeyKey,
  userApiKeysPrefix,
  userKey,
  webhookDeliveriesPrefix,
  webhookDeliveryKey,
  webhookKey,
  websiteJobKey,
  websiteJobsPrefix,
  websiteKey,
  windowSlotKey,
} from './keys.ts';

type Key = { PK: string; SK: string };
const inPrefix = (key: Key, { PK, prefix }: KeyPrefix) => key.PK === PK && key.SK.startsWith(prefix);
const inRange = (key: Key, { PK, from, to }: KeyRange) => key.PK === PK && key.SK >= from && key.SK <= to;

describe('item keys', () => {
  it('spells the stored keys of the single table', () => {
    expect(userKey('u1')).toEqual({ PK: 'USER#u1', SK: 'USER' });
    expect(userApiKeyKey('u1', 'k1')).toEqual({ PK: 'USER#u1', SK: 'KEY#k1' });
    expect(apiKeyLookupKey('h')).toEqual({ PK: 'APIKEY#h', SK: 'APIKEY' });
    expect(customerMembershipKey('u1', 'c1')).toEqual({ PK: 'USER#u1', SK: 'CUSTOMER#c1' });
    expect(projectMembershipKey('u1', 'p1')).toEqual({ PK: 'USER#u1', SK: 'PROJECT#p1' });
    expect(projectKey('p1')).toEqual({ PK: 'PROJECT#p1', SK: 'PROJECT' });
    expect(customerProjectsIndex('c1', 'p1')).toEqual({
      GSI1PK: 'CUSTOMER#c1#PROJECTS',
      GSI1SK: 'PROJECT#p1',
    });
    expect(customerMembersIndex('c1', 'u1')).toEqual({ GSI1PK: 'CUSTOMER#c1#MEMBERS', GSI1SK: 'USER#u1' });
    expect(chargeKey('c1', '2026-01-01T00:00:00.000Z', 'j1')).toEqual({
      PK: 'CUSTOMER#c1',
      SK: 'CHARGE#2026-01-01T00:00:00.000Z#j1',
    });
    expect(projectJobsIndex('p1', 'SETUP', 'j1')).toEqual({
      GSI1PK: 'PROJECT#p1#JOBS#SETUP',
      GSI1SK: 'JOB#j1',
    });
    expect(websiteJobKey('w1', 'SCRAPING', 'j1')).toEqual({ PK: 'WEBSITE#w1', SK: 'JOB#SCRAPING#j1' });
    expect(openJobKey('j1')).toEqual({ PK: 'OPEN_JOBS', SK: 'JOB#j1' });
    expect(websiteKey('w1')).toEqual({ PK: 'WEBSITE#w1', SK: 'WEBSITE' });
    expect(projectChangeKey('p1', '2026-01-01T00:00:00Z', 'j1', 7)).toEqual({
      PK: 'PROJECT#p1',
      SK: 'CHANGE#2026-01-01T00:00:00Z#j1#000007',
    });
    expect(exportFileKey('p1', 'products', null)).toEqual({ PK: 'PROJECT#p1', SK: 'EXPORT#products#all' });
    expect(exportFileKey('p1', 'products', 'w1')).toEqual({ PK: 'PROJECT#p1', SK: 'EXPORT#products#w1' });
    expect(exportFileKey('p1', 'products', null, 'j1')).toEqual({
      PK: 'PROJECT#p1',
      SK: 'EXPORT#products#job#j1',
    });
    expect(matchingStateKey('p1', 'r1', 'c1')).toEqual({ PK: 'PROJECT#p1', SK: 'MATCHING_STATE#r1#c1' });
    expect(matchDecisionKey('p1', 'd1')).toEqual({ PK: 'PROJECT#p1', SK: 'MATCH_DECISION#d1' });
    expect(scheduleKey('s1')).toEqual({ PK: 'SCHEDULE#s1', SK: 'SCHEDULE' });
    expect(scheduleRunKey('s1', '2026-01-01T00:00:00Z')).toEqual({
      PK: 'SCHEDULE#s1',
      SK: 'RUN#2026-01-01T00:00:00Z',
    });
    expect(webhookKey('h1')).toEqual({ PK: 'WEBHOOK#h1', SK: 'WEBHOOK' });
    expect(webhookDeliveryKey('h1', 'd1')).toEqual({ PK: 'WEBHOOK#h1', SK: 'DELIVERY#d1' });
    expect(invoiceKey('c1', 'i1')).toEqual({ PK: 'CUSTOMER#c1', SK: 'INVOICE#i1' });
  });

  it('keeps each kind of job lock as its own item of the project', () => {
    expect(jobLockKey({ lock: 'SETUP', project_id: 'p1', website_key: 'shop.example' })).toEqual({
      PK: 'PROJECT#p1',
      SK: 'OPEN_SETUP#shop.example',
    });
    expect(jobLockKey({ lock: 'MATCHING', project_id: 'p1', request_key: 'r1' })).toEqual({
      PK: 'PROJECT#p1',
      SK: 'OPEN_MATCHING#r1',
    });
    expect(jobLockKey({ lock: 'FULL_SCRAPE', project_id: 'p1', website_id: 'w1' })).toEqual({
      PK: 'PROJECT#p1',
      SK: 'OPEN_FULL_SCRAPE#w1',
    });
  });
});

describe('partition reads', () => {
  it('finds every item of its kind and none of the other kinds sharing the partition', () => {
    const cases: [KeyPrefix, Key[], Key[]][] = [
      [
        userApiKeysPrefix('u1'),
        [userApiKeyKey('u1', 'k1')],
        [
          userKey('u1'),
          customerMembershipKey('u1', 'k1'),
          projectMembershipKey('u1', 'k1'),
          userApiKeyKey('u2', 'k1'),
        ],
      ],
      [
        customerMembershipsPrefix('u1'),
        [customerMembershipKey('u1', 'c1')],
        [userKey('u1'), userApiKeyKey('u1', 'c1'), projectMembershipKey('u1', 'c1')],
      ],
      [
        projectMembershipsPrefix('u1'),
        [projectMembershipKey('u1', 'p1')],
        [userKey('u1'), userApiKeyKey('u1', 'p1'), customerMembershipKey('u1', 'p1')],
      ],
      [
        setupSlotsPrefix('c1'),
        [windowSlotKey(setupSlotsPrefix('c1'), 3)],
        [chargeKey('c1', '2026', 'j1'), invoiceKey('c1', 'i1')],
      ],
      [
        ledgerEntriesPrefix('c1'),
        [ledgerEntryKey('c1', 'e1')],
        [holdKey('c1', 'e1'), balanceKey('c1'), creditGuardKey('c1', 'e1'), ledgerEntryKey('c2', 'e1')],
      ],
      [
        holdsPrefix('c1'),
        [holdKey('c1', 'h1')],
        [ledgerEntryKey('c1', 'h1'), balanceKey('c1'), chargeKey('c1', '2026', 'h1')],
      ],
      [
        invoicesPrefix('c1'),
        [invoiceKey('c1', 'i1')],
        [sessionInvoiceKey('c1', 's1'), invoiceCounterKey(2026)],
      ],
      [
        exportFilesPrefix('p1'),
        [exportFileKey('p1', 'products', null), exportFileKey('p1', 'matches', 'w1', 'j1')],
        [exportSettingsKey('p1'), projectKey('p1')],
      ],
      [
        matchingStatesPrefix('p1'),
        [matchingStateKey('p1', 'r1', 'c1')],
        [matchingSampleKey('p1'), matchDecisionKey('p1', 'd1')],
      ],
      [
        matchDecisionsPrefix('p1'),
        [matchDecisionKey('p1', 'd1')],
        [matchDecisionsVersionKey('p1'), matchingStateKey('p1', 'd1', 'c1')],
      ],
      [
        websiteJobsPrefix('w1', 'SCRAPING'),
        [websiteJobKey('w1', 'SCRAPING', 'j1')],
        [websiteJobKey('w1', 'SETUP', 'j1'), websiteJobKey('w1', 'MATCHING', 'j1'), websiteKey('w1')],
      ],
      [
        scheduleRunsPrefix('s1'),
        [scheduleRunKey('s1', '2026-01-01')],
        [scheduleKey('s1'), scheduleRunKey('s2', 'x')],
      ],
      [webhookDeliveriesPrefix('h1'), [webhookDeliveryKey('h1', 'd1')], [webhookKey('h1')]],
    ];
    for (const [prefix, inside, outside] of cases) {
      for (const key of inside) expect(inPrefix(key, prefix), `${key.SK} in ${prefix.prefix}`).toBe(true);
      for (const key of outside)
        expect(inPrefix(key, prefix), `${key.PK} ${key.SK} not in ${prefix.prefix}`).toBe(false);
    }
  });

  it("reads a job with its plans' progress items, without its batches' counts or other jobs", () => {
    const job = jobWithProgress('j1');
    expect(inRange(jobKey('j1'), job)).toBe(true);
    expect(inRange(scrapeProgressKey('j1', '3f1c2a9e-5b7d-4c8e-9a1f-2b3c4d5e6f70'), job)).toBe(true);
    expect(inRange(scrapeProgressKey('j1', 'p1'), job)).toBe(true);
    expect(inRange(scrapeBatchKey('j1', 'p1', 0), job)).toBe(false);
    expect(inRange(jobKey('j2'), job)).toBe(false);
    expect(inRange(scrapeProgressKey('j2', 'p1'), job)).toBe(false);
  });

  it('reads a month of charges without the charges settled at its end', () => {
    const month = chargesBetween('c1', '2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z');
    expect(inRange(chargeKey('c1', '2026-01-01T00:00:00.000Z', 'j1'), month)).toBe(true);
    expect(inRange(chargeKey('c1', '2026-01-31T23:59:59.999Z', 'j1'), month)).toBe(true);
    expect(inRange(chargeKey('c1', '2026-02-01T00:00:00.000Z', 'j1'), month)).toBe(false);
    expect(inRange(chargeKey('c1', '2025-12-31T23:59:59.999Z', 'j1'), month)).toBe(false);
  });

  it('reads the changes detected from a time on, or all of them', () => {
    const early = projectChangeKey('p1', '2026-01-01T00:00:00Z', 'j1', 0);
    const late = projectChangeKey('p1', '2026-03-01T00:00:00Z', 'j2', 999_999);
    expect(inRange(early, projectChangesSince('p1', null))).toBe(true);
    expect(inRange(late, projectChangesSince('p1', null))).toBe(true);
    expect(inRange(early, projectChangesSince('p1', '2026-02-01T00:00:00Z'))).toBe(false);
    expect(inRange(late, projectChangesSince('p1', '2026-02-01T00:00:00Z'))).toBe(true);
    expect(inRange(matchDecisionKey('p1', 'd1'), projectChangesSince('p1', null))).toBe(false);
  });

  it('builds the key conditions of a prefix and of a range', () => {
    expect(beginsWith(webhookDeliveriesPrefix('h1'))).toEqual({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': 'WEBHOOK#h1', ':prefix': 'DELIVERY#' },
    });
    expect(between(projectChangesSince('p1', 'T'))).toEqual({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': 'PROJECT#p1', ':from': 'CHANGE#T', ':to': 'CHANGE#~' },
    });
  });
});
