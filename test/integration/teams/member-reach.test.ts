// Issue 44, "Speed": a photographer's request by id is bounded by the database (the `member_reach`
// policies), not by a read of its own. Generated from the operations a photographer may call
// (api/teams/operation-scopes.ts) and their method and path in the OpenAPI document the api serves:
// each, naming a session, contact or quote of the studio they are not on, answers 404 and leaves
// that record as it was; the same call on their own records is let through.
import request from 'supertest';
import { OPERATION_SCOPES } from '../../../api/teams/operation-scopes';
import { buildContact } from '../../factories/contacts';
import { buildQuote } from '../../factories/quotes';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let owner: TestUser;
let photographer: TestUser;
const sql = sqlOn(() => t.sequelize);

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { name: 'Studio Portée' });
  photographer = await memberOf(t.app, t.sequelize, owner, 'photographer');
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A session with its main contact, a session contact, and a draft quote. */
interface Records {
  session: string;
  contact: string;
  attached: string;
  quote: string;
}

const put = (sessionId: string, member: TestUser) =>
  request(t.app)
    .put(`/api/sessions/${sessionId}/assignments`)
    .set(as(owner))
    .send({ assignments: [{ user_id: member.id, role: 'lead' }] })
    .expect(200);

async function records(name: string, onIt: TestUser | null): Promise<Records> {
  const contact = await buildContact(t.app, owner, { first_name: name, last_name: 'Martin' });
  const attached = await buildContact(t.app, owner, { first_name: `${name} bis`, last_name: 'Martin' });
  const session = await buildSession(t.app, owner, { title: `Séance ${name}`, contact_id: contact.id });
  await request(t.app)
    .post(`/api/sessions/${session.id}/contacts`)
    .set(as(owner))
    .send({ contact_id: attached.id })
    .expect(201);
  const quote = await buildQuote(t.app, owner, { session_id: session.id, contact_id: contact.id });
  if (onIt) await put(session.id, onIt);
  return { session: session.id, contact: contact.id, attached: attached.id, quote: quote.id };
}

/** A contact the photographer reaches (the main contact of another of their sessions), on no session of `records`. */
async function reachedContact(): Promise<string> {
  const contact = await buildContact(t.app, owner, { first_name: 'Léa', last_name: 'Martin' });
  const session = await buildSession(t.app, owner, { title: 'Séance Léa', contact_id: contact.id });
  await put(session.id, photographer);
  return contact.id;
}

/** Everything of the session as stored: the row, its quotes, contacts, members and answers. */
const stored = async (r: Records) =>
  (
    await sql<{ state: unknown }>(
      `SELECT jsonb_build_object(
         'session', (SELECT to_jsonb(s) FROM sessions s WHERE s.id = $1),
         'contact', (SELECT to_jsonb(c) FROM contacts c WHERE c.id = $2),
         'quotes', (SELECT jsonb_agg(to_jsonb(q) ORDER BY q.id) FROM quotes q WHERE q.session_id = $1),
         'contacts', (SELECT jsonb_agg(to_jsonb(sc) ORDER BY sc.contact_id) FROM session_contacts sc WHERE sc.session_id = $1),
         'members', (SELECT jsonb_agg(to_jsonb(a) ORDER BY a.user_id) FROM session_assignments a WHERE a.session_id = $1)
       ) AS state`,
      [r.session, r.contact],
    )
  )[0].state;

/** What each path parameter names: `id` is the quote under a session's path, else the kind's record. */
function pathOf(path: string, kind: string, r: Records): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'contactId') return r.attached;
    if (name === 'sessionId') return r.session;
    if (path.includes('{sessionId}')) return r.quote;
    return kind === 'session' ? r.session : kind === 'contact' ? r.contact : r.quote;
  });
}

/**
 * A body the operation validates: its required fields and the one its reach names (`body.…`),
 * each given here by name (a new one fails the test until it is). The contact it names is one the
 * photographer reaches, so that another's session is what refuses.
 */
function bodyOf(op: Operation, r: Records, contact: string): Record<string, unknown> {
  const values: Record<string, unknown> = {
    title: 'Tirages',
    contact_id: contact,
    responses: {},
    session_id: r.session,
  };
  const named = Object.values(OPERATION_SCOPES[op.operationId])
    .filter((f: string) => f.startsWith('body.'))
    .map((f: string) => f.slice(5));
  const fields = [...new Set([...(op.required ?? []), ...named])];
  const missing = fields.filter((f) => !(f in values));
  if (missing.length > 0) throw new Error(`${op.operationId}: give the required ${missing.join(', ')} a value here`);
  return Object.fromEntries(fields.map((f) => [f, values[f]]));
}

interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  required: string[] | null;
}

async function operations(): Promise<Operation[]> {
  const doc = (await request(t.app).get('/api/docs').expect(200)).body;
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>))
    for (const [method, op] of Object.entries(methods)) {
      if (typeof OPERATION_SCOPES[op.operationId as string] !== 'object') continue;
      const content = (op.requestBody as { content?: Record<string, { schema: Record<string, unknown> }> } | undefined)
        ?.content?.['application/json'];
      let schema = content?.schema;
      if (schema?.$ref) schema = doc.components.schemas[String(schema.$ref).split('/').pop()!];
      found.push({
        operationId: op.operationId as string,
        method: method as Operation['method'],
        path,
        required: content ? ((schema?.required as string[] | undefined) ?? []) : null,
      });
    }
  return found;
}

describe('what a photographer reaches by id, as the database bounds it (issue 44)', () => {
  it('answers 404 for every operation on a record they are not on, and changes nothing of it', async () => {
    const ops = await operations();
    // Every operation of an object scope is in the document.
    expect(ops.map((o) => o.operationId).sort()).toEqual(
      Object.entries(OPERATION_SCOPES)
        .filter(([, scope]) => typeof scope === 'object')
        .map(([id]) => id)
        .sort(),
    );
    // No worker here: a document to render answers "still being prepared" after 5 s, not 60.
    const quick = t.appWith({ EXPORT_SYNC_TIMEOUT_SECONDS: 5 });
    const wrong: string[] = [];
    for (const op of ops) {
      const [kind] = Object.keys(OPERATION_SCOPES[op.operationId]);
      const theirs = await records('Hugo', null);
      const mine = await records('Inès', photographer);
      const contact = await reachedContact();
      const before = await stored(theirs);
      const send = (r: Records) => {
        const call = request(quick)
          [op.method](pathOf(op.path, kind, r))
          .set(as(photographer));
        return op.required ? call.send(bodyOf(op, r, contact)) : call;
      };
      const outside = await send(theirs);
      if (outside.status !== 404)
        wrong.push(`${op.operationId} on another's: ${outside.status} ${JSON.stringify(outside.body).slice(0, 160)}`);
      if (JSON.stringify(await stored(theirs)) !== JSON.stringify(before))
        wrong.push(`${op.operationId} on another's changed it`);
      // Let through: whatever the studio's own state then answers (a missing questionnaire 409, a
      // document still being made with no worker here 503 or 504), never 403, 404 or 500.
      const own = await send(mine);
      if ([403, 404, 500].includes(own.status))
        wrong.push(`${op.operationId} on their own: ${own.status} ${JSON.stringify(own.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('shows the owner the whole studio, and the photographer’s new session to them as its lead', async () => {
    const theirs = await records('Hugo', null);
    await request(t.app).get(`/api/sessions/${theirs.session}`).set(as(owner)).expect(200);
    await request(t.app).get(`/api/contacts/${theirs.contact}`).set(as(owner)).expect(200);
    // Created on a contact they did not reach, the session and its contact are theirs from then on.
    const created = await request(t.app)
      .post('/api/sessions')
      .set(as(photographer))
      .send({ title: 'Portrait', contact_id: theirs.contact })
      .expect(201);
    await request(t.app).get(`/api/sessions/${created.body.id}`).set(as(photographer)).expect(200);
    await request(t.app).get(`/api/contacts/${theirs.contact}`).set(as(photographer)).expect(200);
    // Their other session on that contact stays out of reach.
    expect((await request(t.app).get(`/api/sessions/${theirs.session}`).set(as(photographer))).status).toBe(404);
  });
});
