import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Adds `.openapi()` to zod schemas, which the registry needs; imported before any route is built.
extendZodWithOpenApi(z);
