import type { OpenAPIObject } from '@nestjs/swagger';

const RULES = new Map<string, object>();

/**
 * JSON Schema keywords a model needs beyond what its properties' decorators declare (a rule
 * between two fields, such as if/then), so the description is as strict as the validation:
 * merged into the model's schema (by its @ApiSchema() name) when the description is built.
 */
export const SchemaRules =
  (schemaName: string, keywords: object): ClassDecorator =>
  () => {
    RULES.set(schemaName, keywords);
  };

export function applySchemaRules(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  for (const [name, keywords] of RULES) if (schemas[name]) Object.assign(schemas[name], keywords);
}
