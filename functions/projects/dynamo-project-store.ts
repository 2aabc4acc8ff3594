import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectFacts, ProjectRole } from '#core/access-policy';
import type { ListPosition } from '#core/list-cursor';
import { DEFAULT_AUTO_ACCEPT_CONFIDENCE } from '#core/match-bands';
import { BadRequest, Forbidden, NotFound } from '#core/problem';
import { isConditionFailure } from '#store/condition-failure';
import { jointWrite } from '#store/dynamo-joint-write';
import type { JointWrite } from '#store/joint-write';
import {
  beginsWith,
  customerKey,
  customerProjectsIndex,
  projectKey,
  projectMembershipKey,
  projectMembershipsPrefix,
} from '#store/keys';
import { type QueryPage, queryPage } from '#store/query-page';
import { readWithMembership } from '#store/read-with-membership';
import { dynamo, tableName } from '#store/table-services';
import type { Localization } from './localization.ts';
import type { ListedProject, NewProject, Project, ProjectChanges } from './project.ts';
import type { ProjectCreator, ProjectFactsOf, ProjectStore } from './project-store.ts';

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

const publicProject = ({ managed: _managed, ...project }: StoredProject): Project => project;

/**
 * Writes the new project and makes its creator ADMIN. The customer's project counter moves in the same
 * transaction, conditioned on the limit, so racing creates can never exceed it.
 */
async function create(project: NewProject, creator: ProjectCreator): Promise<Project> {
  const customerId = project.customer_id;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: customerKey(customerId),
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
                ...customerProjectsIndex(customerId, project.project_id),
                type: 'Project',
                managed: creator.managed,
                ...project,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: membershipItem(creator.userId, project.project_id, 'ADMIN'),
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

async function addMember(projectId: string, userId: string, role: ProjectRole): Promise<void> {
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

async function facts(userId: string, projectId: string): Promise<ProjectFactsOf> {
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

async function get(projectId: string): Promise<Project | null> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: projectKey(projectId), ConsistentRead: true }),
  );
  return Item ? publicProject(toProject(Item)) : null;
}

function listForUser(
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

async function update(projectId: string, changes: ProjectChanges): Promise<Project> {
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

async function sealedCrawlProxy(projectId: string): Promise<string | null> {
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
function localizeIfUnset(projectId: string, localization: Localization): JointWrite {
  return jointWrite(`project ${projectId} takes its first localization`, () => [
    {
      Update: {
        TableName: tableName(),
        Key: projectKey(projectId),
        UpdateExpression: 'SET localization = if_not_exists(localization, :localization)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':localization': localization },
      },
    },
  ]);
}

/** The project store on the table: the project item, its memberships and the customer's project count. */
export const dynamoProjectStore: ProjectStore = {
  create,
  addMember,
  facts,
  get,
  listForUser,
  update,
  sealedCrawlProxy,
  firstLocalization: localizeIfUnset,
};
