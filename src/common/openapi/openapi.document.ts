import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { Request } from 'express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorDetailDto, HttpValidationErrorDto } from '@/common/http/error-bodies.dto';
import { declareCommonResponses } from './common-responses';

const OPENAPI_VERSION = '1.2.0';

export interface OpenApiServers {
  production: string;
  dev: string;
}

/** The description is the same whatever the configuration, but for the server entries. */
export function buildOpenApiDocument(app: INestApplication, servers: OpenApiServers): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Portfolio Content Service')
    .setDescription('Public portfolio content, contact messages, CV downloads and feature flags, plus admin writes.')
    .setVersion(OPENAPI_VERSION)
    .addServer('http://localhost:8000', 'Local')
    .addServer(servers.production, 'Production')
    .addServer(servers.dev, 'Development')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API_ADMIN_TOKEN or an Entra ID access token' })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorDetailDto, HttpValidationErrorDto],
  });
  declareCommonResponses(document);
  return document;
}

/** Swagger UI starts with a guest explorer token; an admin replaces it with their own bearer. */
const AUTHORIZE_AS_GUEST = `
window.addEventListener('load', function () {
  fetch('/api/explorer-token')
    .then(function (response) { return response.json(); })
    .then(function (body) { if (window.ui && body.token) window.ui.preauthorizeApiKey('bearer', body.token); })
    .catch(function () {});
});`;

/** Script sources for the explorer page's Content-Security-Policy: its bundles, and the guest script inlined by hash. */
export const EXPLORER_SCRIPT_SOURCES = ["'self'", `'sha256-${createHash('sha256').update(AUTHORIZE_AS_GUEST).digest('base64')}'`];

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
export function setUpOpenApi(app: INestApplication, servers: OpenApiServers): void {
  // Built on the first request for it rather than during start-up.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, servers), {
    jsonDocumentUrl: 'openapi.json',
    raw: ['json'],
    customSiteTitle: 'Portfolio Content Service API',
    customJsStr: AUTHORIZE_AS_GUEST,
    swaggerOptions: { persistAuthorization: false },
    patchDocumentOnRequest: <TRequest>(request: TRequest, _response: unknown, document: OpenAPIObject) =>
      withOwnOriginFirst(request as Request, document),
  });
}
