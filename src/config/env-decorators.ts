import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/** A `true`/`false` variable; anything else is reported with the variable's name. */
export function EnvBoolean(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean({ message: ({ property }) => `${property} must be true or false` }),
  );
}

/** A whole-number variable within [min, max]. */
export function EnvInteger(min: number, max: number): PropertyDecorator {
  const message = ({ property }: { property: string }): string => `${property} must be a whole number from ${min} to ${max}`;
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}
