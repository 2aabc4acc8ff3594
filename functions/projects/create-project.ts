import type { Localization } from './localization.ts';
import { newProject, type Project } from './project.ts';
import { projectStore } from './project-services.ts';

/** Creates a project of the customer with its creator as ADMIN (400 PROJECT_LIMIT_REACHED past the limit). */
export function createProject(input: {
  customerId: string;
  userId: string;
  name: string;
  localization: Localization | null;
  /** Projects of provider-managed customers, created by operators, stay invisible to self-service. */
  managed: boolean;
  isDefault?: boolean;
}): Promise<Project> {
  return projectStore.create(newProject(input), { userId: input.userId, managed: input.managed });
}
