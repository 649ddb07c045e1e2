import type { Type } from '@nestjs/common';

/**
 * A model with one property per key, each declared (its schema and its rules) by `property`: how a
 * model follows a list the code keeps once (the languages, the content domains).
 */
export function ModelWith<Shape extends object, Key extends string = string>(
  keys: readonly Key[],
  property: (key: Key) => PropertyDecorator,
): Type<Shape> {
  class Model {}
  for (const key of keys) property(key)(Model.prototype, key);
  return Model as Type<Shape>;
}
