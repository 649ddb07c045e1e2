import { join } from 'node:path';
import { SOURCE_ROOT } from '@/source-root';
import type { INestApplication } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorDetailDto, HttpValidationErrorDto } from '@/common/http/error-bodies.dto';
import { declareCommonResponses } from './common-responses';
import { applySchemaRules } from './schema-rules';

const OPENAPI_VERSION = '1.2.0';

export interface OpenApiServers {
  production: string;
  dev: string;
}

/** The explorer's sections (the description's tags), in its order. */
export type OpenApiSections = readonly (readonly [name: string, description: string])[];

/** The description is the same whatever the configuration, but for the server entries. */
export function buildOpenApiDocument(app: INestApplication, servers: OpenApiServers, sections: OpenApiSections): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Portfolio Content Service')
    .setDescription('Public portfolio content, contact messages, CV downloads and feature flags, plus admin writes.')
    .setVersion(OPENAPI_VERSION)
    .addServer('http://localhost:8000', 'Local')
    .addServer(servers.production, 'Production')
    .addServer(servers.dev, 'Development')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API_ADMIN_TOKEN or an Entra ID access token' });
  for (const [name, description] of sections) builder.addTag(name, description);
  const document = SwaggerModule.createDocument(app, builder.build(), {
    extraModels: [ErrorDetailDto, HttpValidationErrorDto],
  });
  applySchemaRules(document);
  declareCommonResponses(document);
  return document;
}

/** The explorer page's own script: the role it holds, the guest token, the masked token field. */
const EXPLORER_SCRIPT_PATH = '/docs/explorer-role.js';
const EXPLORER_SCRIPT_FILE = join(SOURCE_ROOT, 'common', 'openapi', 'explorer-role.browser.js');

interface ExplorerHooks {
  portfolioExplorer: { onComplete(): void; requestInterceptor(request: object): object };
}

/**
 * Swagger UI's options, written into swagger-ui-init.js: each hook hands over to the explorer
 * script, which is loaded beside it. The functions run in the browser, as their source text.
 */
const EXPLORER_HOOKS = {
  persistAuthorization: false,
  onComplete: () => (globalThis as unknown as ExplorerHooks).portfolioExplorer.onComplete(),
  requestInterceptor: (request: object) => (globalThis as unknown as ExplorerHooks).portfolioExplorer.requestInterceptor(request),
};

/**
 * The explorer's copy of the description lists first the server it was loaded from (a relative
 * URL, resolved by the browser against the page), so "Try it out" calls this service wherever
 * it runs; /openapi.json keeps the decided server list.
 */
function withOwnOriginFirst(request: Request, document: OpenAPIObject): OpenAPIObject {
  if (!request.path.endsWith('/swagger-ui-init.js')) return document;
  return {
    ...document,
    servers: [{ url: '/', description: 'This server (where the explorer was loaded from)' }, ...(document.servers ?? [])],
  };
}

/** Serves the description at /openapi.json and Swagger UI (bundled assets, no CDN) at /docs. */
export function setUpOpenApi(app: INestApplication, servers: OpenApiServers, sections: OpenApiSections): void {
  app.use(EXPLORER_SCRIPT_PATH, (_request: Request, response: Response) => response.sendFile(EXPLORER_SCRIPT_FILE, { maxAge: '1h' }));
  // Built on the first request for it rather than during start-up.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, servers, sections), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Portfolio Content Service API',
    customJs: EXPLORER_SCRIPT_PATH,
    swaggerOptions: EXPLORER_HOOKS,
    patchDocumentOnRequest: <TRequest>(request: TRequest, _response: unknown, document: OpenAPIObject) =>
      withOwnOriginFirst(request as Request, document),
  });
}
