import { OpenApiGeneratorV31, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the routes validate with. 3.1 rather
 * than 3.0: its JSON Schema says "any value" and "null" as they are (docs/decisions.md).
 */
export function generateOpenApiDocument(docs: OpenAPIRegistry) {
  docs.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A studio user's access token (POST /api/auth/login or /api/auth/register)",
  });
  docs.registerComponent('securitySchemes', 'clientAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A client's token from a magic link (POST /api/client-accounts/magic-link/verify)",
  });
  return new OpenApiGeneratorV31(docs.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Studio service',
      version: '0.1.0',
      description:
        'Sessions, contacts, quotes and invoices of a creative studio; exports, imports, workflow triggers, session info and operations.',
    },
    servers: [{ url: '/' }],
  });
}
