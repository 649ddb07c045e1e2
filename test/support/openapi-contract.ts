import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import type { Response } from 'supertest';

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, object> };
}
interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}

/**
 * Checks a real response against what /openapi.json declares for its operation and status:
 * the status must be declared, and a JSON body must validate against its schema.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: { method: string; template: string; pattern: RegExp }[];

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
    this.routes = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({ method, template, pattern: templatePattern(template) })),
    );
  }

  /** Fails with a readable message when `response` is not what the description promises. */
  assert(response: Response): void {
    const request = (response as unknown as { req: { method: string; path: string } }).req;
    const method = request.method.toLowerCase();
    const path = request.path.split('?')[0];
    const route = this.routes
      .filter((candidate) => candidate.method === method && candidate.pattern.test(path))
      .sort((a, b) => literalLength(b.template) - literalLength(a.template))[0];
    if (!route) throw new Error(`${method.toUpperCase()} ${path} is not in the description`);
    const declared = this.document.paths[route.template][method].responses[String(response.status)];
    if (!declared) {
      throw new Error(`${method.toUpperCase()} ${route.template} answered ${response.status}, which it does not declare`);
    }
    const schema = declared.content?.['application/json']?.schema;
    if (!schema || !String(response.headers['content-type']).startsWith('application/json')) return;
    const validate = this.validatorFor(`${method} ${route.template} ${response.status}`, schema);
    if (!validate(response.body)) {
      throw new Error(
        `${method.toUpperCase()} ${route.template} ${response.status} body does not match its schema: ` +
          this.ajv.errorsText(validate.errors),
      );
    }
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
