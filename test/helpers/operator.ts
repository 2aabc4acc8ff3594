import { commands } from '#admin/commands';

/**
 * Test actors made with the admin CLI's own commands (the same code an operator runs), on the test
 * file's stack: a customer, users with roles, projects.
 */
export async function newCustomer(name = 'Test customer', managed = false): Promise<string> {
  const { customer_id } = await commands['create-customer']({ name, ...(managed ? { managed: true } : {}) });
  return customer_id;
}

let userCounter = 0;

export async function newUser(
  customerId?: string,
  role?: 'OWNER' | 'ADMIN' | 'MEMBER',
): Promise<{ userId: string; apiKey: string }> {
  userCounter += 1;
  const { user_id, api_key } = await commands['create-user']({
    email: `user${userCounter}-${Date.now()}@example.test`,
    name: `User ${userCounter}`,
    ...(customerId && role ? { customer: customerId, role } : {}),
  });
  return { userId: user_id, apiKey: api_key };
}

export async function addProjectMember(
  projectId: string,
  userId: string,
  role: 'ADMIN' | 'EDITOR' | 'VIEWER',
) {
  await commands['add-project-member']({ project: projectId, user: userId, role });
}

export async function newProject(
  customerId: string,
  ownerId: string,
  name = 'Test project',
): Promise<string> {
  const { project_id } = await commands['create-project']({
    customer: customerId,
    user: ownerId,
    name,
    country: 'DE',
    currency: 'EUR',
  });
  return project_id;
}
