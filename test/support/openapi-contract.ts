import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { CLIENT_READABLE_HEADERS } from '@/common/openapi/response-headers';
import { withSharedPartsInline } from './openapi-description';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, object> } & Record<string, Record<string, unknown>>;
}
export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** The names of the response's headers, in any case. */
  headers: string[];
  body: unknown;
}
interface ResponseObject {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, unknown>;
  /** A shared response (components.responses), written out before any check. */
  $ref?: string;
}

const READABLE = new Set(CLIENT_READABLE_HEADERS.map((name) => name.toLowerCase()));

/**
 * Checks a real response against what /openapi.json declares for its operation and status:
 * the status must be declared, it must say how it may be cached, every client-readable header it
 * carries must be declared on it,
 * the media type must be one it declares, and a JSON body must validate against its schema.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp }[];

  private readonly document: OpenApiDocument;

  constructor(served: OpenApiDocument) {
    this.document = withSharedPartsInline(served);
    const document = this.document;
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
    this.routes = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({ method, template, pattern: templatePattern(template) })),
    );
  }

  /** Whether the description covers this path at all (it leaves out /health, for one). */
  describes(method: string, path: string): boolean {
    return this.routeOf(method.toLowerCase(), path.split('?')[0]) !== undefined;
  }

  /** What is wrong with an exchange, or undefined when it is what the description promises. */
  problemWith(exchange: Exchange): string | undefined {
    const method = exchange.method.toLowerCase();
    const path = exchange.path.split('?')[0];
    const route = this.routeOf(method, path);
    if (!route) return `${method.toUpperCase()} ${path} is not in the description`;
    const declared = this.document.paths[route.template][method].responses[String(exchange.status)];
    const operation = `${method.toUpperCase()} ${route.template}`;
    if (!declared) return `${operation} answered ${exchange.status}, which it does not declare`;
    if (!exchange.headers.some((name) => name.toLowerCase() === 'cache-control'))
      return `${operation} ${exchange.status} does not say how it may be cached (no Cache-Control)`;
    const declaredHeaders = new Set(Object.keys(declared.headers ?? {}).map((name) => name.toLowerCase()));
    const undeclared = exchange.headers.filter((name) => READABLE.has(name.toLowerCase()) && !declaredHeaders.has(name.toLowerCase()));
    if (undeclared.length > 0) return `${operation} ${exchange.status} sent ${undeclared.join(', ')}, which it does not declare`;
    const mediaType = exchange.contentType.split(';')[0].trim();
    const declaredTypes = Object.keys(declared.content ?? {});
    if (mediaType && declaredTypes.length > 0 && !declaredTypes.includes(mediaType)) {
      return `${operation} ${exchange.status} answered ${mediaType}, but declares ${declaredTypes.join(', ')}`;
    }
    const schema = declared.content?.['application/json']?.schema;
    if (!schema || mediaType !== 'application/json') return undefined;
    const validate = this.validatorFor(`${method} ${route.template} ${exchange.status}`, schema);
    if (validate(exchange.body)) return undefined;
    return `${operation} ${exchange.status} body does not match its schema: ${this.ajv.errorsText(validate.errors)}`;
  }

  private routeOf(method: string, path: string): { template: string } | undefined {
    return this.routes
      .filter((candidate) => candidate.method === method && candidate.pattern.test(path))
      .sort((a, b) => literalLength(b.template) - literalLength(a.template))[0];
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      validate = this.ajv.compile(rebased);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** A literal path beats a template: /api/projects/reorder over /api/projects/{slug}. */
function literalLength(template: string): number {
  return template.replace(/\{[^}]+\}/g, '').length;
}
