import type { ProjectFacts, ProjectRole } from '#core/access-policy';
import type { ListPosition } from '#core/list-cursor';
import type { JointWrite } from '#store/joint-write';
import type { QueryPage } from '#store/query-page';
import type { Localization } from './localization.ts';
import type { ListedProject, NewProject, Project, ProjectChanges } from './project.ts';

/** Who creates a project: made its ADMIN; a managed one (by operators) stays invisible to self-service. */
export interface ProjectCreator {
  userId: string;
  managed: boolean;
}

/** What the access policy needs to know about a caller and a project, with the project itself. */
export type ProjectFactsOf = ProjectFacts & { project: Project | null };

/**
 * Where projects and their memberships are kept, in the capability's words. DynamoDB behind it
 * (`dynamo-project-store.ts`), which owns the keys and conditions and answers a failed one with a
 * problem from the catalogue.
 */
export interface ProjectStore {
  /** Writes a new project with its creator as ADMIN; 400 PROJECT_LIMIT_REACHED past the customer's limit. */
  create(project: NewProject, creator: ProjectCreator): Promise<Project>;
  /** Gives the user a role in the project; 404 PROJECT_NOT_FOUND when there is no such project. */
  addMember(projectId: string, userId: string, role: ProjectRole): Promise<void>;
  /** The caller's role in the project and what the policy needs of it, in one read. */
  facts(userId: string, projectId: string): Promise<ProjectFactsOf>;
  /** The project as stored, for lane work that has no caller to check access for. */
  get(projectId: string): Promise<Project | null>;
  /**
   * One page of the projects the user has a role in, with that role, in project-id order (oldest
   * first); `visible` drops those the caller's key must not show.
   */
  listForUser(
    userId: string,
    page: { limit: number; after?: ListPosition; visible: (facts: ProjectFacts) => boolean },
  ): Promise<QueryPage<ListedProject>>;
  /** Applies the changes; 403 PROJECT_ACCESS_DENIED when the project is gone. */
  update(projectId: string, changes: ProjectChanges): Promise<Project>;
  /** The project's crawl proxy as sealed for it, null when it has none (or the project is gone). */
  sealedCrawlProxy(projectId: string): Promise<string | null>;
  /**
   * Gives a project without localization the one of a job created in it, inside that job's
   * transaction; a localized project keeps its own.
   */
  firstLocalization(projectId: string, localization: Localization): JointWrite;
}
