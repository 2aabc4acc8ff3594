import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ProjectFacts, ProjectRole } from '#core/access-policy';
import { newId } from '#core/ids';
import type { ListPosition } from '#core/list-cursor';
import type { Localization } from '#core/localization';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '#core/match-bands';
import { BadRequest, Forbidden, NotFound } from '#core/problem';
import { isConditionFailure } from './condition-failure.ts';
import { dynamo, tableName } from './dynamo.ts';
import {
  beginsWith,
  customerKey,
  customerProjectsIndex,
  projectKey,
  projectMembershipKey,
  projectMembershipsPrefix,
} from './keys.ts';
import { type QueryPage, queryPage } from './query-page.ts';
import { readWithMembership } from './read-with-membership.ts';

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

interface StoredProject extends Project {
  managed: boolean;
}

const toProject = (item: Record<string, unknown>): StoredProject => ({
  project_id: String(item.project_id),
  name: String(item.name),
  customer_id: typeof item.customer_id === 'string' ? item.customer_id : null,
  is_default: item.is_default === true,
  localization: (item.localization as Localization | undefined) ?? null,
  change_threshold_percent:
    typeof item.change_threshold_percent === 'number' ? item.change_threshold_percent : null,
  auto_accept_confidence:
    typeof item.auto_accept_confidence === 'number'
      ? item.auto_accept_confidence
      : DEFAULT_AUTO_ACCEPT_CONFIDENCE,
  crawl_proxy_host: typeof item.crawl_proxy_host === 'string' ? item.crawl_proxy_host : null,
  created_at: String(item.created_at),
  updated_at: String(item.updated_at ?? item.created_at),
  managed: item.managed === true,
});

export const publicProject = ({ managed: _managed, ...project }: StoredProject): Project => project;

/**
 * Creates the project and makes its creator ADMIN. The customer's project counter moves in the same
 * transaction, conditioned on the limit, so racing creates can never exceed it.
 */
export async function createProject(input: {
  customerId: string;
  userId: string;
  name: string;
  localization: Localization | null;
  /** Projects of provider-managed customers, created by operators, stay invisible to self-service. */
  managed: boolean;
  isDefault?: boolean;
}): Promise<Project> {
  const now = new Date().toISOString();
  const project: Project = {
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
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: customerKey(input.customerId),
              UpdateExpression: 'ADD projects_used :one',
              ConditionExpression:
                'attribute_exists(PK) AND (attribute_not_exists(projects_used) OR projects_used < max_projects)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...projectKey(project.project_id),
                ...customerProjectsIndex(input.customerId, project.project_id),
                type: 'Project',
                managed: input.managed,
                ...project,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: membershipItem(input.userId, project.project_id, 'ADMIN'),
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw BadRequest('PROJECT_LIMIT_REACHED', 'The customer has reached its number of projects.');
    }
    throw error;
  }
  return project;
}

const membershipItem = (userId: string, projectId: string, role: ProjectRole) => ({
  ...projectMembershipKey(userId, projectId),
  type: 'ProjectMembership',
  project_id: projectId,
  user_id: userId,
  role,
});

export async function putProjectMembership(
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<void> {
  await putProjectItem(projectId, membershipItem(userId, projectId, role));
}

/** Puts an item that belongs to a project, on the condition that the project exists (404 otherwise). */
export async function putProjectItem(projectId: string, item: Record<string, unknown>): Promise<void> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: tableName(),
              Key: projectKey(projectId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
          { Put: { TableName: tableName(), Item: item } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw NotFound('PROJECT_NOT_FOUND', 'No such project.');
    throw error;
  }
}

/** What the access policy needs to know about a caller and a project, in one read. */
export async function projectFacts(
  userId: string,
  projectId: string,
): Promise<ProjectFacts & { project: Project | null }> {
  const { entity, role } = await readWithMembership(
    projectKey(projectId),
    projectMembershipKey(userId, projectId),
  );
  const stored = entity ? toProject(entity) : null;
  return {
    projectId,
    project: stored ? publicProject(stored) : null,
    exists: stored !== null,
    managed: stored?.managed ?? false,
    role: role as ProjectRole | null,
  };
}

/** The project as stored, for lane work that has no caller to check access for. */
export async function getProject(projectId: string): Promise<Project | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: projectKey(projectId), ConsistentRead: true }),
  );
  return Item ? publicProject(toProject(Item)) : null;
}

/**
 * One page of the projects the user has a role in, with that role, in project-id order (oldest
 * first); `visible` drops those the caller's key must not show.
 */
/** A project as the user's list shows it: with the user's role in it, so a client offers what it allows. */
export type ListedProject = Project & { role: ProjectRole };

export function listUserProjects(
  userId: string,
  page: { limit: number; after?: ListPosition; visible: (facts: ProjectFacts) => boolean },
): Promise<QueryPage<ListedProject>> {
  return queryPage(beginsWith(projectMembershipsPrefix(userId)), {
    limit: page.limit,
    after: page.after,
    read: async (memberships) => {
      const projects = new Map<string, StoredProject>();
      for (let i = 0; i < memberships.length; i += 100) {
        const keys = memberships.slice(i, i + 100).map((item) => projectKey(String(item.project_id)));
        const { Responses } = await dynamo().send(
          new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }),
        );
        for (const item of Responses?.[tableName()] ?? [])
          projects.set(String(item.project_id), toProject(item));
      }
      return memberships.map((membership) => {
        const stored = projects.get(String(membership.project_id));
        if (!stored) return null;
        const facts: ProjectFacts = {
          projectId: stored.project_id,
          exists: true,
          managed: stored.managed,
          role: membership.role as ProjectRole,
        };
        return page.visible(facts) ? { ...publicProject(stored), role: facts.role as ProjectRole } : null;
      });
    },
  });
}

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

export async function updateProject(projectId: string, changes: ProjectChanges): Promise<Project> {
  const sets = ['updated_at = :now'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':now': new Date().toISOString() };
  if (changes.name !== undefined) {
    sets.push('#name = :name');
    values[':name'] = changes.name;
  }
  if (changes.localization === null) removes.push('localization');
  else if (changes.localization !== undefined) {
    sets.push('localization = :localization');
    values[':localization'] = changes.localization;
  }
  if (changes.changeThresholdPercent === null) removes.push('change_threshold_percent');
  else if (changes.changeThresholdPercent !== undefined) {
    sets.push('change_threshold_percent = :threshold');
    values[':threshold'] = changes.changeThresholdPercent;
  }
  if (changes.autoAcceptConfidence === null) removes.push('auto_accept_confidence');
  else if (changes.autoAcceptConfidence !== undefined) {
    sets.push('auto_accept_confidence = :autoAccept');
    values[':autoAccept'] = changes.autoAcceptConfidence;
  }
  if (changes.crawlProxy === null) removes.push('crawl_proxy_host', 'crawl_proxy_sealed');
  else if (changes.crawlProxy !== undefined) {
    sets.push('crawl_proxy_host = :proxyHost', 'crawl_proxy_sealed = :proxySealed');
    values[':proxyHost'] = changes.crawlProxy.host;
    values[':proxySealed'] = changes.crawlProxy.sealed;
  }
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: projectKey(projectId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: changes.name !== undefined ? { '#name': 'name' } : undefined,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return publicProject(toProject(Attributes ?? {}));
  } catch (error) {
    if (isConditionFailure(error))
      throw Forbidden('PROJECT_ACCESS_DENIED', 'You cannot administer this project.');
    throw error;
  }
}

/** The project's crawl proxy as sealed for it, null when it has none (or the project is gone). */
export async function getSealedCrawlProxy(projectId: string): Promise<string | null> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: projectKey(projectId),
      ProjectionExpression: 'crawl_proxy_sealed',
      ConsistentRead: true,
    }),
  );
  return typeof Item?.crawl_proxy_sealed === 'string' ? Item.crawl_proxy_sealed : null;
}

/**
 * Gives a project without localization the one of a job created in it (the spec's rule for
 * projects created through a job), inside that job's transaction; a localized project keeps its own.
 */
export function localizeIfUnset(
  projectId: string,
  localization: Localization,
): NonNullable<TransactWriteCommandInput['TransactItems']>[number] {
  return {
    Update: {
      TableName: tableName(),
      Key: projectKey(projectId),
      UpdateExpression: 'SET localization = if_not_exists(localization, :localization)',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':localization': localization },
    },
  };
}
