// Issue 44 §1: every operation of a studio user, for every role, answers as the permission matrix
// says. Generated from the OpenAPI document the api serves (its `x-roles`), not written by hand: a
// role the operation does not list is refused with 403 `forbidden` before anything is read; a role
// it lists is let through (whatever the made-up ids and empty bodies then earn: 2xx, 400, 404, 409,
// 422), and never a 500.
import request from 'supertest';
import { MEMBER_ROLES, type MemberRole } from '../../../domain/teams/roles';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
const members = {} as Record<MemberRole, TestUser>;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await buildUser(t.app, { name: 'Studio Matrice' });
  members.owner = owner;
  for (const role of MEMBER_ROLES.filter((r) => r !== 'owner'))
    members[role] = await memberOf(t.app, t.sequelize, owner, role);
}, 60_000);
afterAll(async () => {
  await t.close();
});

interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operationId: string;
  roles: MemberRole[];
  capability: string;
}

/** The document's operations of studio users, each with the roles that may run it. */
async function studioOperations(): Promise<Operation[]> {
  const res = await request(t.app).get('/api/docs');
  expect(res.status).toBe(200);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>))
    for (const [method, op] of Object.entries(methods as Record<string, Record<string, unknown>>))
      if (op['x-roles'])
        operations.push({
          method: method as Operation['method'],
          path,
          operationId: op.operationId as string,
          roles: op['x-roles'] as MemberRole[],
          capability: op['x-capability'] as string,
        });
  return operations;
}

/** The path with each `{param}` made up: an id of nothing, so an allowed role reads "not found". */
const pathOf = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'key' ? 'nothing/here.pdf' : '00000000-0000-4000-8000-000000000000',
  );

describe('the permission matrix (issue 44 §1)', () => {
  it('answers every operation of the document, for every role, as its x-roles say', async () => {
    const operations = await studioOperations();
    expect(operations.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const op of operations)
      for (const role of MEMBER_ROLES) {
        const res = await request(t.app)[op.method](pathOf(op.path)).set(as(members[role])).send({});
        const allowed = op.roles.includes(role);
        const ok = allowed
          ? res.status !== 403 && res.status !== 401 && res.status < 500
          : res.status === 403 && res.body.code === 'forbidden';
        if (!ok)
          wrong.push(
            `${role} ${op.method.toUpperCase()} ${op.path} (${op.capability}): ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
          );
      }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('names the owner and the admin in every operation, and only the owner may transfer ownership', async () => {
    for (const op of await studioOperations()) {
      expect(op.roles).toContain('owner');
      if (op.capability !== 'ownership.transfer') expect(op.roles).toContain('admin');
    }
  });
});
