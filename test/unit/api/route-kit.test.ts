import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { type RequestHandler } from 'express';
import { createRouteKit, type RouteSpec } from '../../../api/http/route-kit';
import { generateOpenApiDocument } from '../../../api/openapi';

const pass: RequestHandler = (_req, _res, next) => next();
const kitOn = (docs: OpenAPIRegistry) =>
  createRouteKit(docs, { requireUser: pass, requireAdmin: pass, requireClient: pass });
const spec = (
  operationId: string,
  auth: RouteSpec<unknown, unknown, unknown>['auth'] = 'user',
): RouteSpec<unknown, unknown, unknown> => ({
  method: 'get',
  path: `/api/${operationId}`,
  operationId,
  summary: 'x',
  tag: 'x',
  auth,
});

describe('the route kit', () => {
  it('refuses an operationId used twice, or not camelCase: the app does not start', () => {
    const kit = kitOn(new OpenAPIRegistry());
    kit.document(spec('listContacts'));
    expect(() => kit.document({ ...spec('listContacts'), path: '/api/contacts-again' })).toThrow(
      'operationId listContacts (get /api/contacts-again) is used twice',
    );
    expect(() => kit.document(spec('list-contacts'))).toThrow('is not camelCase');
    expect(() => kit.document(spec('ListContacts'))).toThrow('is not camelCase');
  });

  it("documents a client portal route with the client's token, and its 401", () => {
    const docs = new OpenAPIRegistry();
    kitOn(docs).document(spec('listClientPortalSessions', 'client'));
    const operation = generateOpenApiDocument(docs).paths?.['/api/listClientPortalSessions']?.get;
    expect(operation).toMatchObject({
      operationId: 'listClientPortalSessions',
      security: [{ clientAuth: [] }],
      responses: { 401: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    });
  });
});
