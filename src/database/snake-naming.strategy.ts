import { DefaultNamingStrategy, type NamingStrategyInterface } from 'typeorm';

const toSnakeCase = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Entities speak camelCase; the database speaks snake_case (sort_order, external_id). */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]): string {
    return toSnakeCase([...prefixes, customName ?? propertyName].join('_'));
  }

  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return toSnakeCase(`${relationName}_${referencedColumnName}`);
  }
}
