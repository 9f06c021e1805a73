import { OpenApiGeneratorV3, type OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

/** The OpenAPI 3 document, generated from the zod schemas the routes validate with. */
export function generateOpenApiDocument(docs: OpenAPIRegistry) {
  docs.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return new OpenApiGeneratorV3(docs.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Studio service',
      version: '0.1.0',
      description: 'Sessions, contacts, quotes and invoices of a creative studio; exports, imports, workflow triggers, session info and operations.',
    },
    servers: [{ url: '/' }],
  });
}
