import type { IncomingMessage } from 'node:http';
import type { ConfigType } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cors, { type CorsOptions } from 'cors';
import type { Express, RequestHandler } from 'express';
import helmet from 'helmet';
import { notStoredUnlessSaid } from './common/http/cache-control';
import { BODY_LIMIT, refuseAnnouncedOversizeBodies, takesLargeJsonBody } from './common/http/body-limits';
import { clientAddressBy, trustProxySetting } from './common/http/client-address';
import { answerConditionalRequestsByTheirValidators } from './common/http/conditional-requests';
import { isJsonInUtf8, markBodiesNotJson } from './common/http/json-bodies-only';
import { Logger } from 'nestjs-pino';
import { requestIdMiddleware } from './common/http/request-id.middleware';
import { QuietFrameworkLogger } from './common/logging/framework-lines';
import { requestLogMiddleware } from './common/logging/request-log.middleware';
import { REQUEST_LOGGER } from './common/logging/root-logger';
import { OpenApiExplorer } from './common/openapi/openapi-explorer';
import type { OpenApiSections } from './common/openapi/openapi.document';
import { CONTENT_DOMAINS, DOMAIN_DECLARATIONS } from './content';
import { CLIENT_READABLE_HEADERS } from './common/openapi/response-headers';
import { HttpMetrics, httpMetricsMiddleware } from './common/telemetry/http-metrics.middleware';
import { MetricsExport } from './common/telemetry/metrics-export';
import { appConfig } from './config/app.config';
import { limitsConfig } from './config/limits.config';
import { headersSetBy } from './common/http/fixed-headers';
import type { ServiceHttpAdapter } from './common/http/service-http-adapter';
import { WindowStorage } from './common/rate-limit/window-storage';
import { publicReadEdge } from './read-model/public-read-edge';
import { ReadModel } from './read-model/read-model';
import { MediaEdge } from './media/media-edge';

/** The explorer's sections, in its order: the content domains first, as they declare themselves. */
export const EXPLORER_SECTIONS: OpenApiSections = [
  ...CONTENT_DOMAINS.map((domain) => [domain, DOMAIN_DECLARATIONS[domain].description] as const),
  ['contact', 'Contact messages to the owner'],
  ['media', "The owner's pictures: uploaded once, served in every size and format"],
  ['site', 'What crawlers and link previews read: sitemap, robots.txt, feeds, structured data, social cards'],
  ['cv', 'The CV: where to download it, generation, download counts'],
  ['feature flags', 'Flags the site reads'],
  ['content', 'The whole portfolio as one document'],
  ['auth', 'Who a token belongs to'],
  ['webhooks', "Signed notices to the owner's build pipeline on every change"],
  ['jobs', 'Deferred work: what is queued, running and failed'],
  ['health', 'Whether the service and its dependencies answer'],
];

/**
 * JSON bodies in UTF-8, at most BODY_LIMIT, are parsed before routing; the large one is read after
 * its credential check. (The parser runs inside Express: the request it passes is Express's.)
 */
const parsedUpFront = (req: IncomingMessage): boolean => !takesLargeJsonBody(req) && isJsonInUtf8(req);

/** Every route is under /api, but for these: declared with their full path, each beside a twin outside it. */
const API_PREFIX = 'api';
const OUTSIDE_THE_PREFIX = [
  'health', // liveness for infrastructure probes, beside the readiness report at /api/health
  'auth/me', // the auth router at /auth for a proxy that strips /api,
  'api/auth/me', // and at /api/auth
  'api/health',
];

/**
 * helmet's headers (nosniff, HSTS, frame and opener policies, a strict CSP for the explorer
 * page), adjusted for a public API: any origin may embed its answers (CV PDFs, images' data),
 * and plain-http deployments must not have the explorer's requests upgraded to https.
 */
const SECURITY_HEADERS: Parameters<typeof helmet>[0] = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
};

/**
 * Deviation from the spec's method list: PATCH too, or browsers could not preflight the public CV
 * operations. Every header the description declares is readable by a page on another origin.
 */
const CORS: CorsOptions = {
  origin: '*',
  credentials: false,
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  exposedHeaders: CLIENT_READABLE_HEADERS,
  // Browsers keep a preflight this long (Chromium's cap), rather than asking before every write.
  maxAge: 7200,
};

/** Options every creation of the app takes: configureApp() registers the one body parser (Nest would add a form parser). */
export const APPLICATION_OPTIONS = { bodyParser: false } as const;

/**
 * Everything applied to the HTTP application itself, shared by main.ts and the e2e tests so
 * both serve the same thing. Order matters: public reads the read model holds are answered
 * first, at the server's front door, with what the rest would have done; then the request id
 * comes before anything that can fail, so every response carries it, and every request line
 * names it.
 */
export function configureApp(app: NestExpressApplication): void {
  const config = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  app.setGlobalPrefix(API_PREFIX, { exclude: OUTSIDE_THE_PREFIX });
  app.useLogger(new QuietFrameworkLogger(app.get(Logger)));
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  if (config.trustProxy === true) {
    app.get(Logger).warn({
      event: 'trust_proxy_true',
      detail:
        'TRUST_PROXY=true believes the first X-Forwarded-For entry, which any client can write: every limit can be dodged. ' +
        'Set the number of proxies in front (1 behind one proxy) or their addresses',
    });
  }
  app.disable('x-powered-by');
  const adapter = app.getHttpAdapter() as ServiceHttpAdapter;
  const expressApp = adapter.getInstance<Express>();
  answerConditionalRequestsByTheirValidators(expressApp);
  const metrics = app.get(MetricsExport);
  const httpMetrics = metrics.enabled ? new HttpMetrics(metrics.meter) : undefined;
  const securityAndCors: RequestHandler[] = [helmet(SECURITY_HEADERS), cors(CORS)];
  const fixedHeaders = headersSetBy(securityAndCors);
  adapter.answerEveryRequestWith(fixedHeaders);
  adapter.answerFirstWith(
    publicReadEdge({
      answers: [app.get(ReadModel), app.get(MediaEdge)],
      fixedHeaders,
      limits: app.get<ConfigType<typeof limitsConfig>>(limitsConfig.KEY).rateLimitEnabled ? app.get(WindowStorage) : null,
      clientAddress: clientAddressBy(expressApp),
      logger: app.get(REQUEST_LOGGER),
      metrics: httpMetrics,
    }),
  );
  app.use(requestIdMiddleware);
  app.use(notStoredUnlessSaid);
  app.use(requestLogMiddleware(app.get(REQUEST_LOGGER)));
  if (httpMetrics) app.use(httpMetricsMiddleware(httpMetrics));
  for (const handler of securityAndCors) app.use(handler);
  app.use(refuseAnnouncedOversizeBodies);
  app.use(markBodiesNotJson);
  app.useBodyParser('json', { limit: BODY_LIMIT, type: parsedUpFront });
  app.get(OpenApiExplorer).serveFor(app, config.openApiServers, EXPLORER_SECTIONS);
}
